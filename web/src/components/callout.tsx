const TONES = {
  info: 'border-info/30 bg-info/10',
  success: 'border-success/30 bg-success/10',
  warning: 'border-warning/60 bg-warning/15',
  error: 'border-error/30 bg-error/10',
} as const;
export type Tone = keyof typeof TONES;

/** Classes of a boxed message (daisyUI's alert is a one-row grid). Text keeps the base colour for contrast. */
export function calloutClass(tone: Tone, extra = ''): string {
  return `flex flex-col items-start gap-2 rounded-box border p-3 text-sm text-base-content ${TONES[tone]} ${extra}`.trim();
}
