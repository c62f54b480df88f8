import { useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { calloutClass } from '@/components/callout';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { useSignInMethods } from '../api/account';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes } from '../api/two-factor';
import { isAppCode, manualEntrySecret, normaliseCode, twoFactorError } from '../lib/two-factor';
import { CodeInput } from './code-input';
import { PasswordInput } from './password-input';
import { RecoveryCodes } from './recovery-codes';

type Step =
  | { kind: 'idle'; notice?: string }
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'regenerate' }
  | { kind: 'scan'; totpURI: string; backupCodes: string[] }
  | { kind: 'codes'; codes: string[]; notice: string };

const PURPOSE = {
  enable: { title: 'Turn on two-factor sign-in', submit: 'Continue' },
  disable: { title: 'Turn off two-factor sign-in', submit: 'Turn off' },
  regenerate: { title: 'New recovery codes', submit: 'Make new codes' },
} as const;

/** Asks the password before a change to two-factor sign-in. */
function PasswordStep({
  purpose,
  onSubmit,
  onCancel,
}: {
  purpose: keyof typeof PURPOSE;
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError('Enter your password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch (err) {
      setError(twoFactorError(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={PURPOSE[purpose].title} className="flex flex-col gap-1">
      <FormField
        label="Your password"
        error={error ?? undefined}
        hint={purpose === 'regenerate' ? 'Your current recovery codes stop working.' : undefined}
      >
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </FormField>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" className={`btn btn-sm ${purpose === 'disable' ? 'btn-error' : 'btn-primary'}`} disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {PURPOSE[purpose].submit}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The QR code and the secret for the app, then a code from the app to confirm. */
function ScanStep({ totpURI, onConfirmed, onCancel }: { totpURI: string; onConfirmed: () => void; onCancel: () => void }) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const secret = manualEntrySecret(totpURI);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = normaliseCode('app', code);
    if (!isAppCode(value)) {
      setError('Enter the 6-digit code your app shows.');
      return;
    }
    setError(null);
    try {
      await confirm.mutateAsync(value);
      onConfirmed();
    } catch (err) {
      setError(twoFactorError(err));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Open an authenticator app on your phone (Google Authenticator, 1Password, Authy…).</li>
        <li>Scan this QR code, or type the secret in by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div className="rounded-box bg-white p-3">
          <QRCodeSVG value={totpURI} size={176} marginSize={0} role="img" aria-label="QR code for your authenticator app" />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-medium">Secret for manual entry</p>
          <code data-testid="totp-secret" className="block break-all font-mono text-base select-all">
            {secret}
          </code>
          <p className="text-xs text-base-content/70">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Confirm two-factor sign-in" className="flex flex-col gap-1">
        <FormField label="Code from the app" error={error ?? undefined}>
          <CodeInput kind="app" value={code} onChange={(e) => setCode(e.target.value)} />
        </FormField>
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary btn-sm" disabled={confirm.isPending}>
            {confirm.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Turn on
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </div>
  );
}

/** Profile: turn two-factor sign-in on (QR code, confirm, recovery codes) or off, and renew the recovery codes. */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const methods = useSignInMethods();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  if (methods.isPending) return <Spinner label="Checking how you log in…" className="py-4" />;
  if (methods.data && !methods.data.includes('credential')) {
    return (
      <p className={calloutClass('info')}>
        This account signs in with Google, so the second step is Google's: turn on 2-Step Verification in your Google account.
      </p>
    );
  }

  const idle = (notice?: string) => setStep({ kind: 'idle', notice });

  if (step.kind === 'password') {
    const onSubmit = async (password: string) => {
      if (step.purpose === 'enable') {
        const r = await enable.mutateAsync(password);
        if (r.method === 'totp' && r.totpURI) setStep({ kind: 'scan', totpURI: r.totpURI, backupCodes: r.backupCodes ?? [] });
      } else if (step.purpose === 'disable') {
        await disable.mutateAsync(password);
        idle('Two-factor sign-in is off. Your password alone signs you in.');
      } else {
        const r = await regenerate.mutateAsync(password);
        setStep({ kind: 'codes', codes: r.backupCodes, notice: 'New recovery codes are ready; the old ones no longer work.' });
      }
    };
    return <PasswordStep key={step.purpose} purpose={step.purpose} onSubmit={onSubmit} onCancel={() => idle()} />;
  }
  if (step.kind === 'scan') {
    return (
      <ScanStep
        totpURI={step.totpURI}
        onConfirmed={() =>
          setStep({ kind: 'codes', codes: step.backupCodes, notice: 'Two-factor sign-in is on. Signing in now asks for a code.' })
        }
        onCancel={() => idle()}
      />
    );
  }
  if (step.kind === 'codes') {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className={calloutClass('success')}>
          {step.notice}
        </p>
        <RecoveryCodes codes={step.codes} onDone={() => idle()} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {step.notice ? (
        <p role="status" className={calloutClass('success')}>
          {step.notice}
        </p>
      ) : null}
      <p>
        Status:{' '}
        <span className={`badge ${enabled ? 'badge-success' : 'badge-ghost'}`} data-testid="two-factor-status">
          {enabled ? 'On' : 'Off'}
        </span>
      </p>
      <div className="flex flex-wrap gap-2">
        {enabled ? (
          <>
            <button type="button" className="btn btn-sm" onClick={() => setStep({ kind: 'password', purpose: 'regenerate' })}>
              New recovery codes
            </button>
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm"
              onClick={() => setStep({ kind: 'password', purpose: 'disable' })}
            >
              Turn off
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setStep({ kind: 'password', purpose: 'enable' })}
          >
            Turn on two-factor sign-in
          </button>
        )}
      </div>
    </div>
  );
}
