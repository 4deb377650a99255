import { API_PREFIX } from '@loop/core';
import { formatCents } from '@loop/core/format';
import type { AppDeps } from '../appDeps';
import { ApiError, MESSAGES } from '../http/apiError';
import { ERRORS } from '../http/commonSchemas';
import { escapeHtml } from '../http/escapeHtml';
import type { RoutesPlugin } from '../http/routeContext';
import { object, type Schema, string } from '../http/schema';
import { contentSecurityPolicy, serializePolicy } from '../http/securityHeaders';
import { routeOf } from '../logs/requestLog';
import { updatePaymentState } from './payments';
import { cancelReplacedProviderSubscriptions } from './providerCancellations';
import {
  decideSimulatedCheckout,
  findSimulatedCheckout,
  SIMULATED_CHECKOUT_PATH,
  type SimulatedCheckout,
} from './simulatedProvider';

const refParams = object<{ readonly paymentRef: string }>({
  paymentRef: string({ maxLength: 100, description: 'Kenmerk van de gesimuleerde betaling (sim_…).' }),
});

const STATE_TEXT: Readonly<Record<SimulatedCheckout['state'], string>> = {
  pending: 'open',
  paid: 'betaald',
  cancelled: 'geannuleerd',
};

/** The checkout page: plain HTML forms, no scripts, so it works under the app's strict CSP. */
export function simulatedCheckoutHtml(checkout: SimulatedCheckout): string {
  const action = (decision: 'pay' | 'cancel') =>
    `${API_PREFIX}/payments/simulated/${encodeURIComponent(checkout.ref)}/${decision}`;
  const open = checkout.state === 'pending';
  const body = open
    ? `<div class="actions">
      <form method="post" action="${escapeHtml(action('pay'))}"><button type="submit">Betalen</button></form>
      <form method="post" action="${escapeHtml(action('cancel'))}"><button type="submit" class="secondary">Annuleren</button></form>
    </div>`
    : `<p class="done">Deze betaling is al afgerond (${STATE_TEXT[checkout.state]}).</p>
    <p><a href="${escapeHtml(checkout.state === 'paid' ? checkout.successUrl : checkout.cancelUrl)}">Terug naar Loop</a></p>`;
  return `<!doctype html>
<html lang="nl">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Betalen (simulatie) – Loop</title>
  <style>
    body { font-family: system-ui, sans-serif; background: #f4f4f5; color: #18181b; margin: 0; }
    main { max-width: 28rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 0.75rem;
      box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
    h1 { margin-top: 0; font-size: 1.5rem; }
    .note { background: #fef3c7; padding: 0.75rem; border-radius: 0.5rem; font-size: 0.9rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
    dt { font-weight: 600; }
    dd { margin: 0; }
    .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
    button { font: inherit; padding: 0.6rem 1.4rem; border-radius: 0.5rem; border: 1px solid #1d4ed8;
      background: #1d4ed8; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #1d4ed8; }
    button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>Betalen</h1>
    <p class="note">Dit is een gesimuleerde betaalpagina voor ontwikkeling en tests. Er wordt geen geld afgeschreven.</p>
    <dl>
      <dt>Organisatie</dt><dd>${escapeHtml(checkout.organizationName)}</dd>
      <dt>Plan</dt><dd>${escapeHtml(checkout.planName)}</dd>
      <dt>Bedrag</dt><dd>${escapeHtml(formatCents(checkout.amountCents))} per maand</dd>
      <dt>Status</dt><dd>${STATE_TEXT[checkout.state]}</dd>
    </dl>
    ${body}
  </main>
</body>
</html>
`;
}

/** Only outside production, and only when the simulated provider exists. */
function ensureAvailable(deps: Pick<AppDeps, 'config' | 'payments'>): void {
  if (deps.config.production || deps.payments.simulated === null) throw new ApiError(404, MESSAGES.notFound);
}

async function checkoutOr404(deps: Pick<AppDeps, 'db'>, ref: string): Promise<SimulatedCheckout> {
  const checkout = await findSimulatedCheckout(deps.db, ref);
  if (checkout === null) throw new ApiError(404, 'Deze betaling bestaat niet.');
  return checkout;
}

/** GET /betalen/simulatie/:paymentRef, outside the API: the simulated provider's checkout page. */
export const simulatedCheckoutPageRoutes =
  (deps: AppDeps): RoutesPlugin =>
  async (app) => {
    // The forms post to this server; the redirect that follows goes to the app (APP_URL), which may
    // be another origin in development.
    const policy = contentSecurityPolicy();
    const formAction = [...new Set(["'self'", new URL(deps.config.appUrl).origin])];
    const pagePolicy = serializePolicy({ ...policy, 'form-action': formAction });

    app.get(
      `${SIMULATED_CHECKOUT_PATH}/:paymentRef`,
      { schema: { hide: true, params: refParams } },
      async (request, reply) => {
        ensureAvailable(deps);
        const checkout = await checkoutOr404(deps, request.params.paymentRef);
        return reply
          .header('content-security-policy', pagePolicy)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(simulatedCheckoutHtml(checkout));
      },
    );
  };

/**
 * The page's two buttons: the simulated provider decides, the payment follows its state (source
 * 'simulated'), and the browser goes back to the app with 303 (a GET) and `payment_id`.
 */
export const simulatedCheckoutActionRoutes =
  (deps: AppDeps): RoutesPlugin =>
  async (app) => {
    // The page's forms post application/x-www-form-urlencoded without fields; nothing is read.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    for (const decision of ['pay', 'cancel'] as const) {
      app.post(
        `/payments/simulated/:paymentRef/${decision}`,
        {
          schema: {
            operationId: decision === 'pay' ? 'paySimulatedCheckout' : 'cancelSimulatedCheckout',
            tags: ['payments'],
            security: [],
            summary: decision === 'pay' ? 'Simulated checkout: pay' : 'Simulated checkout: cancel',
            description:
              `Knop '${decision === 'pay' ? 'Betalen' : 'Annuleren'}' van de gesimuleerde betaalpagina (niet in ` +
              'productie): zet de stand van de gesimuleerde provider, verwerkt die in de betaling en stuurt de ' +
              'browser met 303 terug naar het terugkeeradres (met payment_id).',
            params: refParams,
            response: {
              303: { type: 'null', description: 'Terug naar de app.' } as Schema<undefined>,
              404: ERRORS.notFound,
            },
          },
        },
        async (request, reply) => {
          ensureAvailable(deps);
          const ref = request.params.paymentRef;
          await checkoutOr404(deps, ref);
          const decided = await decideSimulatedCheckout(
            deps.db,
            deps.clock,
            ref,
            decision === 'pay' ? 'paid' : 'cancelled',
          );
          if (decided === null) throw new ApiError(404, 'Deze betaling bestaat niet.');
          if (decided.state !== 'pending') {
            await updatePaymentState(
              deps,
              { paymentId: decided.paymentId, state: decided.state, source: 'simulated' },
              routeOf(request),
            );
            // A paid plan may have replaced one billed by Stripe.
            await cancelReplacedProviderSubscriptions(deps, request.log);
          }
          return reply.redirect(decided.state === 'paid' ? decided.successUrl : decided.cancelUrl, 303);
        },
      );
    }
  };
