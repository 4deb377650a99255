import { PERMISSION_DENIED } from '@loop/core/organisation';
import type { WebhookUseCases } from '@loop/core/webhookEndpoints';
import type { WebhookEndpointView } from '@loop/core/webhooks';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { IntegrationsNav } from '../integrations/IntegrationsScreen';
import { useCan } from '../organisation/useCan';
import { Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { WebhookEndpointForm } from './WebhookEndpointForm';
import { WebhookEndpointItem } from './WebhookEndpointItem';

const LEAD =
  'Laat andere systemen direct weten wat er in Loop gebeurt: een ingevulde reactie, een verstuurde ' +
  'uitnodiging, een gewijzigde KPI. Elk bericht is ondertekend volgens Standard Webhooks.';

/**
 * /koppelingen/webhooks (issue 28): the organisation's webhook endpoints with their secrets and
 * delivery logs (R-HOOK-2, R-HOOK-9). Owners and managers only; others read why.
 */
export function WebhooksScreen() {
  const can = useCan();
  return (
    <Page title="Webhooks" lead={LEAD}>
      <IntegrationsNav />
      {can('webhooks.manage') ? (
        <Suspense fallback={<Loading />}>
          <WebhooksManager />
        </Suspense>
      ) : (
        <>
          <p className="alert alert-info" role="status">
            {PERMISSION_DENIED['webhooks.manage']}
          </p>
          <Link href="/dashboard">Naar het dashboard</Link>
        </>
      )}
    </Page>
  );
}

function WebhooksManager() {
  const actions: WebhookUseCases = useAsyncInjection(TOKENS.WebhookUseCases);
  const [endpoints, setEndpoints] = useState<readonly WebhookEndpointView[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ readonly url: string; readonly secret: string } | null>(null);
  const reload = useCallback(async () => {
    const result = await actions.list();
    if (result.ok) {
      setEndpoints(result.value);
      setFailure(null);
    } else setFailure(result.detail);
  }, [actions]);
  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <>
      {failure === null ? null : (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
      <section aria-labelledby="webhooks-list-heading">
        <h2 id="webhooks-list-heading">Eindpunten</h2>
        {endpoints === null ? (
          <Loading />
        ) : endpoints.length === 0 ? (
          <p>Nog geen webhooks. Voeg hieronder een eindpunt toe.</p>
        ) : (
          <ul className="webhook-list" data-testid="webhook-list">
            {endpoints.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                actions={actions}
                onChange={reload}
              />
            ))}
          </ul>
        )}
      </section>
      {secret === null ? null : (
        <div className="alert alert-success" role="status" data-testid="webhook-new-secret">
          <p>
            Webhook naar {secret.url} toegevoegd. Het ondertekengeheim (ook later te tonen bij het eindpunt):
          </p>
          <code>{secret.secret}</code>
        </div>
      )}
      <WebhookEndpointForm
        actions={actions}
        onAdded={(added) => {
          setSecret({ url: added.endpoint.url, secret: added.secret });
          void reload();
        }}
      />
    </>
  );
}
