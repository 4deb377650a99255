import './retention.css';
import type { SurveyRetention } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  RETENTION_EXPLANATION,
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
  type RetentionForm,
  type RetentionMode,
  retentionForm,
  retentionSummary,
  SURVEY_DATA_MESSAGES,
} from '@loop/core/surveys/data';
import { type FormEvent, useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { FieldError, FormAlert } from '../forms/FormAlert';

const MODES: ReadonlyArray<{ mode: RetentionMode; label: string }> = [
  { mode: 'none', label: 'Geen bewaartermijn' },
  { mode: 'until', label: 'Tot en met een datum' },
  { mode: 'months', label: 'Een aantal maanden na het invullen' },
];

/**
 * 'Antwoorden bewaren': how long a survey's answers are kept as they are, with what happens
 * afterwards in plain Dutch. Roles without `surveys.manage` see the setting and who may change it.
 */
export function RetentionSettings({
  surveyId,
  retention,
  canManage,
}: {
  surveyId: number;
  retention: SurveyRetention;
  canManage: boolean;
}) {
  const notices = useNotices();
  const data = useAsyncInjection(TOKENS.SurveyDataUseCases);
  const id = useId();
  const [saved, setSaved] = useState(retention);
  const [form, setForm] = useState<RetentionForm>(() => retentionForm(retention));
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await data.saveRetention(surveyId, form);
    setBusy(false);
    if (result.ok) {
      setSaved(result.value);
      setForm(retentionForm(result.value));
      setFields({});
      setMessage(null);
      notices.success(SURVEY_DATA_MESSAGES.retentionSaved);
      return;
    }
    setFields(result.fields);
    setMessage(Object.keys(result.fields).length > 0 ? null : result.message);
  };

  const summary = (
    <p className="retention-summary" data-testid="retention-summary">
      {retentionSummary(saved)}
    </p>
  );
  if (!canManage)
    return (
      <div className="retention">
        {summary}
        <p className="field-hint">Alleen een eigenaar of beheerder kan de bewaartermijn instellen.</p>
      </div>
    );

  return (
    <form className="retention form" onSubmit={(event) => void submit(event)} noValidate>
      {summary}
      <p id={`${id}-explanation`} className="field-hint">
        {RETENTION_EXPLANATION}
      </p>
      <fieldset className="retention-modes" aria-describedby={`${id}-explanation`}>
        <legend>Antwoorden bewaren</legend>
        {MODES.map(({ mode, label }) => (
          <div key={mode} className="radio">
            <input
              id={`${id}-mode-${mode}`}
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={form.mode === mode}
              onChange={() => setForm({ ...form, mode })}
            />
            <label htmlFor={`${id}-mode-${mode}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      {form.mode === 'until' ? (
        <div className="field field-narrow">
          <label htmlFor={`${id}-until`}>Bewaren tot en met</label>
          <input
            id={`${id}-until`}
            type="date"
            lang="nl-NL"
            value={form.until}
            aria-invalid={fields.retention_until ? true : undefined}
            aria-describedby={fields.retention_until ? `${id}-until-error` : undefined}
            onChange={(event) => setForm({ ...form, until: event.target.value })}
          />
          <FieldError id={`${id}-until-error`} error={fields.retention_until} />
        </div>
      ) : null}
      {form.mode === 'months' ? (
        <div className="field field-narrow">
          <label htmlFor={`${id}-months`}>Aantal maanden na het invullen</label>
          <p id={`${id}-months-hint`} className="field-hint">
            Van {RETENTION_MONTHS_MIN} tot en met {RETENTION_MONTHS_MAX}. Telt vanaf het insturen, of vanaf
            het laatste opslaan van een antwoord dat niet is ingestuurd.
          </p>
          <input
            id={`${id}-months`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            value={form.months}
            aria-invalid={fields.retention_months ? true : undefined}
            aria-describedby={
              fields.retention_months ? `${id}-months-hint ${id}-months-error` : `${id}-months-hint`
            }
            onChange={(event) => setForm({ ...form, months: event.target.value })}
          />
          <FieldError id={`${id}-months-error`} error={fields.retention_months} />
        </div>
      ) : null}
      <FormAlert message={message} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          Bewaartermijn opslaan
        </button>
      </div>
    </form>
  );
}
