import { formatDayTime } from '@loop/core/format';
import type { WebhookUseCases } from '@loop/core/webhookEndpoints';
import { WEBHOOK_EVENT_LABELS, type WebhookEndpointView } from '@loop/core/webhooks';
import { useState } from 'react';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

/** One endpoint: what it gets, whether it is on, its last attempt, and what can be done with it. */
export function WebhookEndpointItem({
  endpoint,
  actions,
  onChange,
}: {
  endpoint: WebhookEndpointView;
  actions: WebhookUseCases;
  onChange: () => Promise<void>;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async <T,>(
    action: () => Promise<{ ok: true; value: T } | { ok: false; detail: string }>,
    then?: (value: T) => void,
  ) => {
    setBusy(true);
    const result = await action();
    setBusy(false);
    if (!result.ok) {
      setFailure(result.detail);
      return;
    }
    setFailure(null);
    then?.(result.value);
    await onChange();
  };

  const last =
    endpoint.last_attempt_at === null
      ? 'Nog niets verstuurd'
      : `${endpoint.last_ok ? 'Geslaagd' : 'Mislukt'} op ${formatDayTime(endpoint.last_attempt_at)}${
          endpoint.last_status_code === null ? '' : ` (HTTP ${endpoint.last_status_code})`
        }`;

  return (
    <li className="webhook-item" data-testid={`webhook-${endpoint.id}`}>
      <h3>
        <code>{endpoint.url}</code>
      </h3>
      {endpoint.description === '' ? null : <p>{endpoint.description}</p>}
      <p>
        <strong>{endpoint.enabled ? 'Actief' : 'Uitgeschakeld'}</strong>
        {endpoint.disabled_reason === null ? null : ` — ${endpoint.disabled_reason}`}
      </p>
      <p>Gebeurtenissen: {endpoint.events.map((type) => WEBHOOK_EVENT_LABELS[type]).join(', ')}</p>
      <p>
        Laatste levering: {last}
        {endpoint.pending > 0 ? `; ${endpoint.pending} bericht(en) wachten op aflevering` : ''}
      </p>
      {failure === null ? null : (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      {secret === null ? null : (
        <p data-testid="webhook-secret">
          Ondertekengeheim: <code>{secret}</code>
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => run(() => actions.revealSecret(endpoint.id), setSecret)}
        >
          Geheim tonen
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => run(() => actions.rotateSecret(endpoint.id), setSecret)}
        >
          Nieuw geheim maken
        </button>
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() => run(() => actions.setEnabled(endpoint.id, !endpoint.enabled))}
        >
          {endpoint.enabled ? 'Uitschakelen' : 'Inschakelen'}
        </button>
        <button type="button" className="btn" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          Afleverlogboek
        </button>
        {confirmDelete ? (
          <>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => run(() => actions.remove(endpoint.id))}
            >
              Ja, verwijderen
            </button>
            <button type="button" className="btn" onClick={() => setConfirmDelete(false)}>
              Annuleren
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-danger" onClick={() => setConfirmDelete(true)}>
            Verwijderen
          </button>
        )}
      </div>
      {showLog ? <WebhookDeliveryLog endpointId={endpoint.id} actions={actions} /> : null}
    </li>
  );
}
