import type { FieldErrors } from '@loop/core/auth';
import { formatDayTime } from '@loop/core/format';
import type { AlertUseCases as AlertActions, WebhookSend, WebhookView } from '@loop/core/surveys/alerts';
import { type FormEvent, useId, useState } from 'react';
import { useNotices } from '../../app/useServices';
import { FieldError, FormAlert } from '../../forms/FormAlert';

const KIND_LABELS: Record<WebhookView['kind'], string> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  workflow: 'Microsoft Teams (werkstroom)',
  test: 'Testontvanger',
};

const SENDS: ReadonlyArray<{ send: WebhookSend; label: string }> = [
  { send: 'each', label: 'Elke reactie' },
  { send: 'conditions', label: 'Alleen reacties met een melding bij voorwaarden' },
];

/**
 * 'Kanaal (Slack of Teams)' (R-ALERT-4, R-ALERT-6): the channel's state (last delivery, last error,
 * messages waiting), a test message and removal; setting an address. The address is never shown
 * again once saved: the server keeps it encrypted.
 */
export function AlertWebhookForm({
  surveyId,
  webhook,
  canEdit,
  actions,
  onChanged,
}: {
  surveyId: number;
  webhook: WebhookView | null;
  canEdit: boolean;
  actions: AlertActions;
  onChanged: (webhook: WebhookView | null) => void;
}) {
  const notices = useNotices();
  const id = useId();
  const [url, setUrl] = useState('');
  const [send, setSend] = useState<WebhookSend>(webhook?.send ?? 'each');
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await actions.saveWebhook(surveyId, { url, send });
    setBusy(false);
    if (result.ok) {
      setUrl('');
      setFields({});
      setMessage(null);
      onChanged(result.value);
      notices.success('Kanaal opgeslagen.');
      return;
    }
    setFields(result.fields);
    setMessage(Object.keys(result.fields).length > 0 ? null : result.message);
  };
  const test = async () => {
    const result = await actions.testWebhook(surveyId);
    if (result.ok) {
      onChanged(result.value);
      notices.success('Testbericht verstuurd; de aflevering staat hieronder zodra die klaar is.');
    } else notices.error(result.detail);
  };
  const remove = async () => {
    const result = await actions.removeWebhook(surveyId);
    if (result.ok) {
      onChanged(null);
      notices.success('Kanaal verwijderd.');
    } else notices.error(result.detail);
  };

  return (
    <div data-testid="alert-webhook">
      <h3>Kanaal (Slack of Teams)</h3>
      {webhook === null ? (
        <p>Er is geen kanaal ingesteld.</p>
      ) : (
        <dl className="alert-webhook-state" aria-live="polite">
          <dt>Kanaal</dt>
          <dd>
            {KIND_LABELS[webhook.kind]} ({webhook.host})
          </dd>
          <dt>Stuurt</dt>
          <dd>{SENDS.find((entry) => entry.send === webhook.send)?.label}</dd>
          <dt>Laatst afgeleverd</dt>
          <dd data-testid="webhook-last-delivery">
            {webhook.last_delivery_at === null
              ? 'Nog niets afgeleverd'
              : formatDayTime(webhook.last_delivery_at)}
          </dd>
          <dt>Laatste fout</dt>
          <dd data-testid="webhook-last-error">
            {webhook.last_error === null
              ? 'Geen'
              : `${webhook.last_error} (${formatDayTime(webhook.last_error_at)})`}
          </dd>
          <dt>Nog af te leveren</dt>
          <dd>
            {webhook.pending === 0
              ? 'Niets'
              : webhook.pending === 1
                ? '1 bericht'
                : `${webhook.pending} berichten`}
          </dd>
        </dl>
      )}
      {webhook !== null && canEdit ? (
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => void test()}>
            Testbericht sturen
          </button>
          <button type="button" className="button button-secondary" onClick={() => void remove()}>
            Kanaal verwijderen
          </button>
        </div>
      ) : null}
      {canEdit ? (
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          <div className="field">
            <label htmlFor={`${id}-url`}>{webhook === null ? 'Webhook-adres' : 'Nieuw webhook-adres'}</label>
            <p id={`${id}-hint`} className="field-hint">
              Een incoming webhook van Slack (https://hooks.slack.com/…) of Microsoft Teams
              (…webhook.office.com of een Teams-werkstroom). Loop bewaart het adres versleuteld en toont het
              niet meer.
            </p>
            <input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={url}
              aria-invalid={fields.url ? true : undefined}
              aria-describedby={fields.url ? `${id}-hint ${id}-url-error` : `${id}-hint`}
              onChange={(event) => setUrl(event.target.value)}
            />
            <FieldError id={`${id}-url-error`} error={fields.url} />
          </div>
          <fieldset>
            <legend>Naar het kanaal gaan</legend>
            {SENDS.map((entry) => (
              <div key={entry.send} className="radio">
                <input
                  id={`${id}-send-${entry.send}`}
                  type="radio"
                  name={`${id}-send`}
                  checked={send === entry.send}
                  onChange={() => setSend(entry.send)}
                />
                <label htmlFor={`${id}-send-${entry.send}`}>{entry.label}</label>
              </div>
            ))}
          </fieldset>
          <FormAlert message={message} />
          <div className="actions">
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              Kanaal opslaan
            </button>
          </div>
        </form>
      ) : (
        <p className="field-hint">Met de rol Lezer kun je het kanaal niet wijzigen.</p>
      )}
    </div>
  );
}
