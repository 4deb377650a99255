import type { ReminderSettings } from '@loop/core';
import { REMINDER_LIMITS } from '@loop/core/invitations';
import { useEffect, useId, useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';

/** After how many days, at most how many, or stop: the survey's reminders to who has not answered. */
export function ReminderSettingsForm({
  surveyId,
  settings,
  onSaved,
}: {
  surveyId: number;
  settings: ReminderSettings;
  onSaved: () => void;
}) {
  const notices = useNotices();
  const id = useId();
  const invitations = useAsyncInjection(TOKENS.SurveyInvitationUseCases);
  const [afterDays, setAfterDays] = useState(String(settings.after_days));
  const [max, setMax] = useState(String(settings.max_reminders));
  const [stopped, setStopped] = useState(settings.stopped);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setAfterDays(String(settings.after_days));
    setMax(String(settings.max_reminders));
    setStopped(settings.stopped);
  }, [settings]);

  const save = async () => {
    setBusy(true);
    const result = await invitations.updateReminders(surveyId, {
      after_days: Number(afterDays),
      max_reminders: Number(max),
      stopped,
    });
    setBusy(false);
    setErrors(result.ok ? {} : result.fields);
    setMessage(result.ok ? null : result.message);
    if (result.ok) {
      notices.success(
        result.value.stopped ? 'Herinneringen zijn gestopt.' : 'Herinneringen zijn opgeslagen.',
      );
      onSaved();
    }
  };

  const field = (key: string) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${key}-error` } : {};
  return (
    <section className="invite-reminders" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Herinneringen</h2>
      <p className="field-hint">
        Alleen aan contacten die de uitnodiging kregen en nog niet hebben ingevuld; nooit aan wie zich
        afmeldde.
      </p>
      <div className="invite-reminder-fields">
        <div className="field field-narrow">
          <label htmlFor={`${id}-after`}>Na hoeveel dagen</label>
          <input
            id={`${id}-after`}
            type="number"
            inputMode="numeric"
            min={REMINDER_LIMITS.afterDays.min}
            max={REMINDER_LIMITS.afterDays.max}
            value={afterDays}
            onChange={(event) => setAfterDays(event.target.value)}
            {...field('after_days')}
          />
          {errors.after_days ? (
            <p id={`${id}-after_days-error`} className="field-error">
              {errors.after_days}
            </p>
          ) : null}
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${id}-max`}>Hoogstens zoveel herinneringen</label>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="numeric"
            min={REMINDER_LIMITS.maxReminders.min}
            max={REMINDER_LIMITS.maxReminders.max}
            value={max}
            onChange={(event) => setMax(event.target.value)}
            {...field('max_reminders')}
          />
          {errors.max_reminders ? (
            <p id={`${id}-max_reminders-error`} className="field-error">
              {errors.max_reminders}
            </p>
          ) : null}
        </div>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={stopped} onChange={(event) => setStopped(event.target.checked)} />
        Herinneringen voor deze survey stoppen
      </label>
      {message ? (
        <p className="alert alert-error" role="alert">
          {message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void save()}>
          {busy ? 'Opslaan…' : 'Herinneringen opslaan'}
        </button>
      </div>
    </section>
  );
}
