import type { Question } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import type {
  AlertMode,
  AlertUseCases,
  MemberAlertSettings,
  SurveyAlerts,
  WebhookView,
} from '@loop/core/surveys/alerts';
import { type FormEvent, Suspense, useEffect, useId, useState } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useNotices } from '../../app/useServices';
import { FormAlert } from '../../forms/FormAlert';
import { AlertRulesForm } from './AlertRulesForm';
import { AlertWebhookForm } from './AlertWebhookForm';

export type AlertActions = AlertUseCases;

const MODES: ReadonlyArray<{ mode: AlertMode; label: string; hint: string }> = [
  {
    mode: 'each',
    label: 'Bij elke reactie',
    hint: 'Een e-mail met de antwoorden zodra iemand de survey instuurt.',
  },
  {
    mode: 'digest',
    label: 'Dagelijks overzicht',
    hint: 'Elke ochtend om 7:00 een e-mail met de reacties van gisteren.',
  },
  { mode: 'none', label: 'Geen', hint: 'Geen e-mail per reactie.' },
];

/** While the channel has messages waiting, its state is read again this often, at most this many times. */
const POLL_MS = 2_000;
const POLLS = 15;

/**
 * 'Meldingen' (issue 27): what you get by e-mail for this survey (R-ALERT-1), the survey's condition
 * alerts (R-ALERT-2) and its Slack or Teams channel with its delivery state (R-ALERT-4, R-ALERT-6).
 * Plain labelled radios, checkboxes and buttons: keyboard operable throughout.
 */
export function AlertSection(props: {
  surveyId: number;
  questions: readonly Question[];
  hiddenFields: readonly string[];
  canBuild: boolean;
}) {
  return (
    <section
      className="editor-section"
      aria-labelledby="alerts-heading"
      id="meldingen"
      data-testid="survey-alerts"
    >
      <h2 id="alerts-heading">Meldingen</h2>
      <Suspense fallback={<p>Meldingen laden…</p>}>
        <AlertSettings {...props} />
      </Suspense>
    </section>
  );
}

function AlertSettings({
  surveyId,
  questions,
  hiddenFields,
  canBuild,
}: {
  surveyId: number;
  questions: readonly Question[];
  hiddenFields: readonly string[];
  canBuild: boolean;
}) {
  const actions = useAsyncInjection(TOKENS.AlertUseCases);
  const [loaded, setLoaded] = useState<Awaited<ReturnType<AlertActions['load']>> | null>(null);
  useEffect(() => {
    let live = true;
    void actions.load(surveyId).then((result) => {
      if (live) setLoaded(result);
    });
    return () => {
      live = false;
    };
  }, [actions, surveyId]);
  if (loaded === null) return <p>Meldingen laden…</p>;
  if (!loaded.ok) return <FormAlert message={loaded.detail} />;
  return (
    <AlertForms
      alerts={loaded.value}
      surveyId={surveyId}
      questions={questions}
      hiddenFields={hiddenFields}
      canBuild={canBuild}
      actions={actions}
    />
  );
}

function AlertForms({
  alerts,
  surveyId,
  questions,
  hiddenFields,
  canBuild,
  actions,
}: {
  alerts: SurveyAlerts;
  surveyId: number;
  questions: readonly Question[];
  hiddenFields: readonly string[];
  canBuild: boolean;
  actions: AlertActions;
}) {
  const [webhook, setWebhook] = useState<WebhookView | null>(alerts.webhook);
  const pending = webhook?.pending ?? 0;
  useEffect(() => {
    if (pending === 0) return;
    let polls = 0;
    let stopped = false;
    const timer = setInterval(() => {
      polls += 1;
      if (polls > POLLS) clearInterval(timer);
      void actions.load(surveyId).then((result) => {
        if (!stopped && result.ok) setWebhook(result.value.webhook);
      });
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [actions, surveyId, pending]);
  return (
    <>
      <MineForm surveyId={surveyId} mine={alerts.mine} actions={actions} />
      <AlertRulesForm
        surveyId={surveyId}
        rules={alerts.rules}
        questions={questions}
        hiddenFields={hiddenFields}
        canEdit={canBuild}
        actions={actions}
      />
      <AlertWebhookForm
        surveyId={surveyId}
        webhook={webhook}
        canEdit={canBuild}
        actions={actions}
        onChanged={setWebhook}
      />
    </>
  );
}

function MineForm({
  surveyId,
  mine,
  actions,
}: {
  surveyId: number;
  mine: MemberAlertSettings;
  actions: AlertActions;
}) {
  const notices = useNotices();
  const id = useId();
  const [form, setForm] = useState<MemberAlertSettings>(mine);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await actions.saveMine(surveyId, form);
    setBusy(false);
    if (result.ok) {
      setForm(result.value);
      setFields({});
      setMessage(null);
      notices.success('Jouw meldingen zijn opgeslagen.');
      return;
    }
    setFields(result.fields);
    setMessage(Object.values(result.fields)[0] ?? result.message);
  };
  return (
    <form className="form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset>
        <legend>Jouw e-mails over nieuwe reacties</legend>
        {MODES.map(({ mode, label, hint }) => (
          <div key={mode} className="radio">
            <input
              id={`${id}-mode-${mode}`}
              type="radio"
              name={`${id}-mode`}
              checked={form.mode === mode}
              aria-describedby={`${id}-mode-${mode}-hint`}
              onChange={() => setForm({ ...form, mode })}
            />
            <label htmlFor={`${id}-mode-${mode}`}>{label}</label>
            <span id={`${id}-mode-${mode}-hint`} className="field-hint">
              {' '}
              {hint}
            </span>
          </div>
        ))}
      </fieldset>
      <div className="checkbox">
        <input
          id={`${id}-conditions`}
          type="checkbox"
          checked={form.conditions}
          aria-invalid={fields.conditions ? true : undefined}
          onChange={(event) => setForm({ ...form, conditions: event.target.checked })}
        />
        <label htmlFor={`${id}-conditions`}>
          Ook een e-mail bij elke reactie met een melding bij voorwaarden
        </label>
      </div>
      <FormAlert message={message} />
      <div className="actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          Mijn meldingen opslaan
        </button>
      </div>
    </form>
  );
}
