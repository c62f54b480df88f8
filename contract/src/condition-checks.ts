import { CONDITIONS, type CategoryName, type Condition } from './constants';
import { groupDigits } from './format';
import type { CheckAnswer, ConditionReport } from './listing';

/*
 * The condition report's questions and what each answer does to the grade, apart from the schemas
 * that read a report: the product page shows a report with these alone, without loading zod.
 */

type Option = {
  value: string;
  label: string /** The best grade an item with this answer can have. */;
  cap?: Condition;
  flaw?: boolean;
};
type NumberCheck = {
  kind: 'percent' | 'count';
  label: string;
  hint?: string;
  max: number;
  /** The best grade an item with this reading can have, when the reading lowers it. */
  cap: (n: number) => Condition | undefined;
};
type ChoiceCheck = { kind: 'choice'; label: string; options: readonly Option[] };
type TextCheck = { kind: 'text'; label: string; hint?: string };
export type CheckDef = NumberCheck | ChoiceCheck | TextCheck;

const works = (faultyCap: Condition = 'Fair'): readonly Option[] => [
  { value: 'works', label: 'Works' },
  { value: 'faulty', label: 'Faulty', cap: faultyCap },
];
const yesNo: readonly Option[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** Every question a condition report may ask, and what each answer does to the grade. */
export const CHECKS = {
  batteryHealth: {
    kind: 'percent',
    label: 'Battery health (%)',
    hint: 'As the device reports it, e.g. Settings > Battery',
    max: 100,
    cap: (n) => (n < 80 ? 'Fair' : n < 90 ? 'Good' : undefined),
  },
  batteryCycles: {
    kind: 'count',
    label: 'Battery cycle count',
    max: 100_000,
    cap: (n) => (n > 1000 ? 'Fair' : n > 500 ? 'Good' : undefined),
  },
  shutterCount: {
    kind: 'count',
    label: 'Shutter count',
    max: 10_000_000,
    cap: (n) => (n > 150_000 ? 'Fair' : n > 50_000 ? 'Good' : undefined),
  },
  screen: {
    kind: 'choice',
    label: 'Screen',
    options: [
      { value: 'flawless', label: 'Flawless' },
      { value: 'light_scratches', label: 'Light scratches', cap: 'Good' },
      { value: 'deep_scratches', label: 'Deep scratches', cap: 'Fair' },
      { value: 'cracked', label: 'Cracked', cap: 'Fair' },
    ],
  },
  body: {
    kind: 'choice',
    label: 'Body',
    options: [
      { value: 'A', label: 'A: like new' },
      { value: 'B', label: 'B: light signs of use', cap: 'Good' },
      { value: 'C', label: 'C: visible wear or dents', cap: 'Fair' },
    ],
  },
  biometrics: {
    kind: 'choice',
    label: 'Face ID / Touch ID',
    options: [...works(), { value: 'none', label: 'Not fitted' }],
  },
  cameras: { kind: 'choice', label: 'Cameras', options: works() },
  speakers: { kind: 'choice', label: 'Speakers', options: works() },
  sound: { kind: 'choice', label: 'Sound (both sides)', options: works() },
  sensors: { kind: 'choice', label: 'Heart-rate and other sensors', options: works() },
  ports: { kind: 'choice', label: 'Ports and charging', options: works() },
  keyboard: {
    kind: 'choice',
    label: 'Keyboard',
    options: [
      { value: 'works', label: 'Works' },
      { value: 'worn', label: 'Works, keys worn', cap: 'Good' },
      { value: 'faulty', label: 'Some keys faulty', cap: 'Fair' },
    ],
  },
  carrierLock: {
    kind: 'choice',
    label: 'Carrier lock',
    options: [
      { value: 'unlocked', label: 'Unlocked' },
      { value: 'locked', label: 'Locked to a carrier', flaw: true },
    ],
  },
  chargerIncluded: {
    kind: 'choice',
    label: 'Charger included',
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No', flaw: true },
    ],
  },
  accessories: { kind: 'text', label: 'Accessories included', hint: 'e.g. case, cable, strap; leave empty if none' },
  originalBox: { kind: 'choice', label: 'Original box', options: yesNo },
} as const satisfies Record<string, CheckDef>;

export type CheckKey = keyof typeof CHECKS;
export const CHECK_KEYS = Object.keys(CHECKS) as [CheckKey, ...CheckKey[]];

const FOR_ALL = ['accessories', 'originalBox'] as const satisfies readonly CheckKey[];
const HANDHELD = [
  'batteryHealth',
  'screen',
  'body',
  'biometrics',
  'cameras',
  'speakers',
  'ports',
  'carrierLock',
  ...FOR_ALL,
] as const satisfies readonly CheckKey[];

/** The questions of each category's report, in the order the form asks them. */
export const CATEGORY_CHECKS: Record<CategoryName, readonly CheckKey[]> = {
  Mobile: HANDHELD,
  iPad: HANDHELD,
  Laptop: ['batteryCycles', 'keyboard', 'screen', 'body', 'ports', 'chargerIncluded', ...FOR_ALL],
  Camera: ['shutterCount', 'body', 'screen', 'ports', ...FOR_ALL],
  Headphone: ['sound', 'body', 'ports', ...FOR_ALL],
  Watch: ['batteryHealth', 'screen', 'body', 'sensors', ...FOR_ALL],
};

/** What an answer does to the grade: the best grade it allows, and whether buyers should see it as a flaw. */
export function judgeAnswer(key: CheckKey, value: string | number): { cap?: Condition; flaw: boolean; label: string } {
  const def: CheckDef = CHECKS[key];
  if (def.kind === 'text') return { flaw: false, label: String(value) };
  if (def.kind === 'choice') {
    const o = def.options.find((x) => x.value === value);
    return { cap: o?.cap, flaw: !!(o?.cap || o?.flaw), label: o?.label ?? String(value) };
  }
  const cap = typeof value === 'number' ? def.cap(value) : undefined;
  return { cap, flaw: !!cap, label: def.kind === 'percent' ? `${value}%` : groupDigits(Number(value)) };
}

export const rank = (c: Condition) => CONDITIONS.indexOf(c);

/** The grade the answers allow at best: the worst cap of any answer (Excellent when none lowers it). */
export function suggestGrade(report: ConditionReport): Condition {
  let grade: Condition = 'Excellent';
  for (const [key, answer] of Object.entries(report) as [CheckKey, CheckAnswer][]) {
    const { cap } = judgeAnswer(key, answer.value);
    if (cap && rank(cap) > rank(grade)) grade = cap;
  }
  return grade;
}

/** The grades a seller may choose for a report: the suggested one or lower, never higher. */
export function allowedGrades(report: ConditionReport): readonly Condition[] {
  return CONDITIONS.slice(rank(suggestGrade(report)));
}
