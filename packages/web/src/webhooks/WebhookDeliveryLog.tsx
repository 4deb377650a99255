import { formatDayTime } from '@loop/core/format';
import type { WebhookUseCases } from '@loop/core/webhookEndpoints';
import {
  WEBHOOK_EVENT_LABELS,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
} from '@loop/core/webhooks';
import { useCallback, useEffect, useState } from 'react';

const STATE_LABELS: Readonly<Record<WebhookDeliveryState, string>> = {
  queued: 'Wacht op (nieuwe) poging',
  sending: 'Wordt verstuurd',
  delivered: 'Afgeleverd',
  failed: 'Opgegeven',
};

/** An endpoint's latest deliveries with every attempt, and 'Opnieuw versturen' (R-HOOK-9). */
export function WebhookDeliveryLog({
  endpointId,
  actions,
}: {
  endpointId: number;
  actions: WebhookUseCases;
}) {
  const [deliveries, setDeliveries] = useState<readonly WebhookDeliveryView[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await actions.deliveries(endpointId);
    if (result.ok) setDeliveries(result.value);
    else setFailure(result.detail);
  }, [actions, endpointId]);
  useEffect(() => {
    void load();
  }, [load]);

  const resend = async (deliveryId: number) => {
    const result = await actions.resend(endpointId, deliveryId);
    if (!result.ok) {
      setFailure(result.detail);
      return;
    }
    setFailure(null);
    await load();
  };

  if (failure !== null)
    return (
      <p className="alert alert-error" role="alert">
        {failure}
      </p>
    );
  if (deliveries === null) return <p>Logboek laden…</p>;
  if (deliveries.length === 0) return <p>Nog geen berichten voor dit eindpunt.</p>;
  return (
    <table className="webhook-log" data-testid={`webhook-log-${endpointId}`}>
      <caption>Laatste berichten</caption>
      <thead>
        <tr>
          <th scope="col">Gebeurtenis</th>
          <th scope="col">Status</th>
          <th scope="col">Pogingen</th>
          <th scope="col">
            <span className="visually-hidden">Actie</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td>
              {WEBHOOK_EVENT_LABELS[delivery.type]}
              <br />
              <code>{delivery.message_id}</code>
            </td>
            <td>
              {STATE_LABELS[delivery.state]}
              {delivery.next_attempt_at === null ? null : (
                <>
                  <br />
                  Volgende poging: {formatDayTime(delivery.next_attempt_at)}
                </>
              )}
            </td>
            <td>
              <ol>
                {delivery.attempts.map((attempt) => (
                  <li key={attempt.attempt}>
                    {formatDayTime(attempt.at)}: {attempt.ok ? 'geslaagd' : 'mislukt'}
                    {attempt.status_code === null ? '' : ` (HTTP ${attempt.status_code})`},{' '}
                    {attempt.duration_ms} ms
                    {attempt.error === null ? '' : ` — ${attempt.error}`}
                  </li>
                ))}
              </ol>
            </td>
            <td>
              {delivery.state === 'delivered' || delivery.state === 'failed' ? (
                <button type="button" className="btn" onClick={() => resend(delivery.id)}>
                  Opnieuw versturen
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
