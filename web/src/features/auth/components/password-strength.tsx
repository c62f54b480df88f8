import { useEffect, useState } from 'react';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/** zxcvbn with its English words and keyboard layouts: about 800 kB, so fetched when this screen shows it. */
async function loadChecker(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
}

let checker: Promise<ZxcvbnFactory> | null = null;

const LEVELS = [
  { label: 'Very weak', tone: 'progress-error' },
  { label: 'Weak', tone: 'progress-error' },
  { label: 'Fair', tone: 'progress-warning' },
  { label: 'Good', tone: 'progress-success' },
  { label: 'Strong', tone: 'progress-success' },
] as const;

type Estimate = { score: number; hint: string | null };

/**
 * How hard the password being typed is to guess (0 to 4), with zxcvbn's advice; `userInputs` (the
 * name and email typed above) count as easy to guess. Advice only: the server's rule decides.
 */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (!password) {
      setEstimate(null);
      return;
    }
    let current = true;
    checker ??= loadChecker();
    checker
      .then((z) => {
        if (!current) return;
        const result = z.check(password, inputs.split('\n').filter(Boolean));
        setEstimate({ score: result.score, hint: result.feedback.warning ?? result.feedback.suggestions[0] ?? null });
      })
      .catch(() => {
        // The meter is a help only: without it the form works the same.
        checker = null;
      });
    return () => {
      current = false;
    };
  }, [password, inputs]);

  if (!password || !estimate) return null;
  const level = LEVELS[estimate.score] ?? LEVELS[0];
  return (
    <div className="mt-1 flex flex-col gap-1">
      <progress
        className={`progress h-1.5 w-full ${level.tone}`}
        value={estimate.score + 1}
        max={LEVELS.length}
        aria-label="Password strength"
        aria-valuetext={level.label}
      />
      <p className="text-xs" aria-live="polite">
        Strength: <span className="font-medium">{level.label}</span>
        {estimate.hint ? `. ${estimate.hint}` : ''}
      </p>
    </div>
  );
}
