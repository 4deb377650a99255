import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { escapeHtml } from '../http/escapeHtml';
import { queryRows } from '../results/resultsSql';

export type WebhookDeliveryDeps = Pick<AppDeps, 'db' | 'config' | 'outbox' | 'clock'>;

export const webhooksPageUrl = (appUrl: string): string =>
  `${appUrl.replace(/\/+$/, '')}/koppelingen/webhooks`;

export const disabledReason = (error: string): string =>
  `Uitgeschakeld: een bericht kon na 8 pogingen in ruim 24 uur niet worden afgeleverd (${error}).`;

/**
 * Switches an endpoint off after a delivery was given up (R-HOOK-8) and, in the same transaction,
 * queues an e-mail to each owner of its organisation through the outbox. Only the call that
 * switches it off mails, so a second given-up delivery does not mail again.
 */
export async function disableFailingEndpoint(
  deps: WebhookDeliveryDeps,
  endpointId: number,
  error: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [endpoint] = await queryRows<{ organization_id: number; url: string; at: string }>(
      tx,
      sql`update webhook_endpoints set enabled = false, disabled_reason = ${disabledReason(error)},
            disabled_at = now(), updated_at = now()
          where id = ${endpointId} and enabled
          returning organization_id, url, extract(epoch from disabled_at)::bigint::text as at`,
    );
    if (endpoint === undefined) return false;
    const owners = await queryRows<{ email: string }>(
      tx,
      sql`select u.email from memberships m join users u on u.id = m.user_id
          where m.organization_id = ${endpoint.organization_id} and m.role = 'owner' order by u.id`,
    );
    const page = webhooksPageUrl(deps.config.appUrl);
    const text =
      `De webhook naar ${endpoint.url} is uitgeschakeld: een bericht kon na 8 pogingen in ruim 24 uur ` +
      `niet worden afgeleverd.\n\nLaatste fout: ${error}\n\nBerichten die nog klaarstaan blijven bewaard. ` +
      `Herstel de ontvanger en zet de webhook weer aan op ${page}; daar kun je mislukte berichten ook ` +
      'opnieuw versturen.';
    await deps.outbox.enqueueMany(
      tx,
      owners.map((owner) => ({
        reference: `webhook-disabled:${endpointId}:${endpoint.at}:${owner.email}`,
        organizationId: endpoint.organization_id,
        kind: 'webhook-disabled' as const,
        to: owner.email,
        subject: 'Een webhook is uitgeschakeld',
        text,
        html: `<!doctype html><html lang="nl"><body style="font-family:sans-serif;line-height:1.5">${text
          .split('\n\n')
          .map((block) => `<p>${escapeHtml(block)}</p>`)
          .join('')}</body></html>`,
      })),
    );
    return true;
  });
}
