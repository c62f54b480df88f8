import { useId, useState } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import {
  CATEGORY_CHECKS,
  CHECKS,
  judgeAnswer,
  type CategoryName,
  type CheckDef,
  type CheckKey,
  type Condition,
} from '@shop/contract';
import { FormField } from '@/components/form-field';
import { Img } from '@/components/img';
import { errorMessage } from '@/lib/api';
import { fieldMessage } from '@/lib/format';
import { uploadPhoto } from '../api/upload-photo';

/** One answer as the form holds it: strings, as inputs give them. */
export type AnswerValues = {
  value: string;
  note: string;
  photo: string /** The flaw photo's URL, to show it again. */;
  url: string;
};
export type ReportValues = Record<CheckKey, AnswerValues>;
/** The form's register() for one answer's field. */
type RegisterAnswer = (name: `conditionReport.${CheckKey}.${'value' | 'note'}`) => UseFormRegisterReturn;

export const EMPTY_REPORT = Object.fromEntries(
  Object.keys(CHECKS).map((k) => [k, { value: '', note: '', photo: '', url: '' }]),
) as ReportValues;

/**
 * The category's condition questions. A flaw (an answer that lowers the grade or that buyers should
 * know) gets a note and a photo of its own.
 */
export function ConditionReportFields({
  category,
  values,
  register,
  errors,
  suggested,
  onPhoto,
}: {
  category: CategoryName;
  values: ReportValues;
  register: RegisterAnswer;
  errors: FieldErrors<ReportValues> | undefined;
  suggested: Condition;
  onPhoto: (key: CheckKey, photo: { id: string; url: string } | null) => void;
}) {
  const headingId = useId();
  return (
    <fieldset aria-labelledby={headingId} className="md:col-span-2 rounded-box border border-base-300 p-4">
      <legend id={headingId} className="px-1 text-lg font-semibold">
        Condition report
      </legend>
      <p className="text-sm text-base-content/70">
        Answer honestly: buyers see this on the product page. The grade follows from your answers; you can lower it, not raise it.
      </p>
      <div className="mt-2 grid grid-cols-1 gap-x-6 md:grid-cols-2">
        {CATEGORY_CHECKS[category].map((key) => {
          const def: CheckDef = CHECKS[key];
          const answer = values[key];
          const error = errors?.[key]?.value?.message;
          const name = `conditionReport.${key}.value` as const;
          const message = error ? fieldMessage(def.label.replace(/ \(.*\)$/, ''), String(error)) : undefined;
          const flaw =
            answer.value !== '' &&
            def.kind !== 'text' &&
            judgeAnswer(key, def.kind === 'choice' ? answer.value : Number(answer.value)).flaw;
          return (
            <div key={key} className={flaw ? 'md:col-span-2 grid grid-cols-1 gap-x-6 md:grid-cols-2' : undefined}>
              <FormField label={def.label} error={message} hint={'hint' in def ? def.hint : undefined}>
                {def.kind === 'choice' ? (
                  <select className="select w-full" {...register(name)}>
                    <option value="">Choose</option>
                    {def.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : def.kind === 'text' ? (
                  <input className="input w-full" autoComplete="off" {...register(name)} />
                ) : (
                  <input className="input w-full" inputMode="numeric" {...register(name)} />
                )}
              </FormField>
              {flaw ? (
                <FlawDetails
                  label={def.label}
                  noteProps={register(`conditionReport.${key}.note`)}
                  answer={answer}
                  onPhoto={(p) => onPhoto(key, p)}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="mt-3 text-sm" aria-live="polite">
        Suggested grade from your answers: <strong>{suggested}</strong>
      </p>
    </fieldset>
  );
}

/** The note and photo of one flaw: the photo is uploaded at once and kept by its upload id. */
function FlawDetails({
  label,
  noteProps,
  answer,
  onPhoto,
}: {
  label: string;
  noteProps: UseFormRegisterReturn;
  answer: AnswerValues;
  onPhoto: (photo: { id: string; url: string } | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    try {
      const photo = await uploadPhoto(file);
      onPhoto({ id: photo._id, url: photo.url });
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-box bg-base-200 p-2">
      <FormField label={`${label}: what buyers should know (optional)`}>
        <input className="input w-full" autoComplete="off" {...noteProps} />
      </FormField>
      <FormField label={`Photo of this flaw (optional)`} error={error}>
        <input
          type="file"
          accept="image/*"
          className="file-input w-full"
          disabled={busy}
          onChange={(e) => void upload(e.currentTarget.files?.[0])}
        />
      </FormField>
      {busy ? (
        <p role="status" className="text-sm">
          <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Uploading…
        </p>
      ) : null}
      {answer.photo && answer.url ? (
        <div className="mt-1 flex items-center gap-2">
          <Img
            src={answer.url}
            alt={`Photo of the flaw: ${label}`}
            width={96}
            height={72}
            className="h-18 w-24 rounded object-cover"
          />
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onPhoto(null)}>
            Remove photo
          </button>
        </div>
      ) : null}
    </div>
  );
}
