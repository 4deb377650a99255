import type { BillingSettings, ChangePlanRequest, Page, Payment } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { parseId } from '../db/database';
import { ApiError } from '../http/apiError';
import { bearerAuth, ERRORS, organizationHeaderSchema, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema, pagingQuerySchema, parsePaging } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, integer, object, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import {
  billingSettingsSchema,
  featureSchema,
  paymentReceiptSchema,
  paymentSchema,
  planSchema,
  userSubscriptionSchema,
} from './billingSchemas';
import { listFeatures, listPlans } from './catalog';
import { BILLING_ERRORS, type CheckoutBody, checkoutProvider, startCheckout } from './checkout';
import { paymentReceipt } from './paymentReceipt';
import { cancelPayment, syncPayment } from './paymentSync';
import { findPayment, listPayments, toPayment } from './payments';
import { switchToFreePlan } from './planChanges';
import { cancelReplacedProviderSubscriptions } from './providerCancellations';
import { currentSubscription } from './subscriptions';

const URL_MAX_LENGTH = 2000;

/** GET /billing/settings: online checkout needs the flag and a configured provider. */
export function billingSettings(deps: Pick<AppDeps, 'config' | 'payments'>): BillingSettings {
  return { online_checkout: checkoutProvider(deps) !== null, provider: deps.config.paymentProvider };
}

const paymentIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de betaling.' }),
});

/** Plans, the organisation's subscription and its payments (R-API-2). */
export const billingRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const organizationOf = (request: FastifyRequest) => currentOrganization(deps, request);

    const paymentOf = async (request: FastifyRequest & { params: { id: string } }) => {
      const organization = await organizationOf(request);
      const id = parseId(request.params.id);
      const payment = id === null ? null : await findPayment(deps.db, organization.id, id);
      if (payment === null) throw new ApiError(404, BILLING_ERRORS.paymentNotFound);
      return payment;
    };

    app.get(
      '/features',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'listFeatures',
          tags: ['billing'],
          summary: 'Every feature',
          description: 'Alle functies die een plan kan bevatten, in weergavevolgorde.',
          security: bearerAuth,
          response: { 200: array(featureSchema), ...PROTECTED_ERRORS },
        },
      },
      async () => listFeatures(deps.db),
    );

    app.get(
      '/plans',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'listPlans',
          tags: ['billing'],
          summary: 'Every plan',
          description:
            'Alle plannen met hun functies, goedkoopste eerst. Prijs in euro per maand; 0 is gratis.',
          security: bearerAuth,
          response: { 200: array(planSchema), ...PROTECTED_ERRORS },
        },
      },
      async () => listPlans(deps.db),
    );

    app.get(
      '/user-subscriptions/me',
      {
        onRequest: authenticate,
        config: { permission: 'organization.read' },
        schema: {
          operationId: 'getSubscription',
          tags: ['billing'],
          summary: "The current organisation's subscription",
          description:
            'Het huidige abonnement van de organisatie (X-Organization-Id) met de functies van het plan. ' +
            'Elk lid van de organisatie krijgt die functies.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          response: { 200: userSubscriptionSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request) => {
        const organization = await organizationOf(request);
        const subscription = await currentSubscription(deps.db, organization.id);
        if (subscription === null) throw new ApiError(404, BILLING_ERRORS.noSubscription);
        return subscription;
      },
    );

    app.post(
      '/user-subscriptions',
      {
        onRequest: authenticate,
        config: { permission: 'billing.manage' },
        schema: {
          operationId: 'switchPlan',
          tags: ['billing'],
          summary: 'Switch to a free plan',
          description:
            'Zet de organisatie meteen op een gratis plan; het huidige abonnement eindigt nu. Betaalde plannen ' +
            'lopen via POST /payments/checkout. Alleen voor eigenaren.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: object<ChangePlanRequest>({
            plan_id: integer({ description: 'Het gekozen (gratis) plan.' }),
          }),
          response: {
            201: userSubscriptionSchema,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const result = await switchToFreePlan(deps, organization.id, request.body.plan_id);
        if (!result.ok) throw new ApiError(result.status, result.detail, result.fields);
        auditRequest(deps.log, request, {
          category: 'billing',
          action: 'subscription.plan_changed',
          orgId: organization.id,
          message: `Organisatie ${organization.id} overgestapt op gratis plan ${result.planId}`,
        });
        // After the commit: the replaced plan's Stripe subscription stops billing (failures are logged and retried).
        await cancelReplacedProviderSubscriptions(deps, request.log);
        return reply.code(201).send(result.subscription);
      },
    );

    app.get(
      '/billing/settings',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'getBillingSettings',
          tags: ['billing'],
          summary: 'Checkout settings',
          description:
            'Of online afrekenen aan staat (ONLINE_CHECKOUT, standaard uit) en welke betaalprovider wordt gebruikt.',
          security: bearerAuth,
          response: { 200: billingSettingsSchema, ...PROTECTED_ERRORS },
        },
      },
      async () => billingSettings(deps),
    );

    app.post(
      '/payments/checkout',
      {
        onRequest: authenticate,
        config: { permission: 'billing.manage' },
        schema: {
          operationId: 'startCheckout',
          tags: ['payments'],
          summary: 'Start a checkout for a paid plan',
          description:
            'Controleert plan, bedrag (amount_cents = prijs × 100), valuta (EUR), het huidige abonnement en de ' +
            'terugkeeradressen (volledig http(s)-adres op de eigen site), slaat een openstaande betaling op en ' +
            'vraagt de betaalprovider om een betaalpagina. Bij een weigering wordt niets opgeslagen. Het plan wordt ' +
            'pas actief als de provider de betaling bevestigt. Alleen voor eigenaren.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          body: object<CheckoutBody>({
            provider: string({ maxLength: 50, description: 'De betaalprovider uit GET /billing/settings.' }),
            kind: string({ maxLength: 50, description: 'Altijd "subscription".' }),
            amount_cents: integer({ minimum: 0, description: 'Prijs van het plan × 100, afgerond.' }),
            currency: string({ maxLength: 10, description: 'Altijd "EUR".' }),
            user_subscription_id: integer({ description: 'Id van het huidige abonnement.' }),
            plan_id: integer({ description: 'Het gekozen betaalde plan.' }),
            success_url: string({
              maxLength: URL_MAX_LENGTH,
              description: 'Terugkeeradres na betalen; krijgt payment_id erbij.',
            }),
            cancel_url: string({
              maxLength: URL_MAX_LENGTH,
              description: 'Terugkeeradres na annuleren; krijgt payment_id erbij.',
            }),
          }),
          response: {
            201: object<{ checkout_url: string }>({
              checkout_url: string({ description: 'Betaalpagina van de provider (http of https).' }),
            }),
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            502: ERRORS.badGateway,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const { checkoutUrl, payment } = await startCheckout(deps, organization, request.body, request.log);
        auditRequest(deps.log, request, {
          category: 'billing',
          action: 'payment.checkout_started',
          orgId: organization.id,
          message: `Afrekenen gestart: betaling ${payment.id} via ${payment.provider} voor plan ${payment.plan_id} (${payment.amount_cents} cent)`,
        });
        return reply.code(201).send({ checkout_url: checkoutUrl });
      },
    );

    app.get(
      '/payments',
      {
        onRequest: authenticate,
        config: { permission: 'billing.manage' },
        schema: {
          operationId: 'listPayments',
          tags: ['payments'],
          summary: "The organisation's payments",
          description:
            'Betalingen van de huidige organisatie, nieuwste eerst (standaard pagina 1, 25 per pagina).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          querystring: pagingQuerySchema,
          response: {
            200: pageSchema<Payment>(paymentSchema, 'Aantal betalingen van de organisatie.'),
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<Page<Payment>> => {
        const paging = parsePaging(request.query);
        const organization = await organizationOf(request);
        return listPayments(deps.db, organization.id, paging);
      },
    );

    app.get(
      '/payments/:id',
      {
        onRequest: authenticate,
        config: { permission: 'billing.manage' },
        schema: {
          operationId: 'getPayment',
          tags: ['payments'],
          summary: 'One payment',
          description: 'Eén betaling van de huidige organisatie (van een andere organisatie: 404).',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: paymentIdParams,
          response: { 200: paymentSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request) => toPayment(await paymentOf(request)),
    );

    app.get(
      '/payments/:id/receipt',
      {
        onRequest: authenticate,
        config: { permission: 'billing.manage' },
        schema: {
          operationId: 'getPaymentReceipt',
          tags: ['payments'],
          summary: "A payment's receipt",
          description:
            'Voor het terugkeerscherm: de betaling met wanneer ze is betaald, het plan en zijn functies, het plan ' +
            'waarvandaan is afgerekend, of de betaling het plan heeft gewijzigd, en de factuur. Van een andere ' +
            'organisatie: 404.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: paymentIdParams,
          response: { 200: paymentReceiptSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request) => paymentReceipt(deps.db, await paymentOf(request)),
    );

    app.post(
      '/payments/:id/sync',
      {
        onRequest: authenticate,
        config: { permission: 'billing.manage' },
        schema: {
          operationId: 'syncPayment',
          tags: ['payments'],
          summary: "Read a payment's state back from the provider",
          description:
            'Vraagt de betaalprovider naar de stand van een openstaande betaling en verwerkt die (betaald: het ' +
            'plan wordt actief; geannuleerd: het oude plan blijft). Veilig om te herhalen; voor het ' +
            'terugkeerscherm, zodat een gemiste webhook niets uitmaakt.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: paymentIdParams,
          response: {
            200: paymentSchema,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            502: ERRORS.badGateway,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => toPayment(await syncPayment(deps, await paymentOf(request), request.log)),
    );

    app.post(
      '/payments/:id/cancel',
      {
        onRequest: authenticate,
        config: { permission: 'billing.manage' },
        schema: {
          operationId: 'cancelPayment',
          tags: ['payments'],
          summary: 'Cancel a pending payment',
          description:
            'Voor het terugkeerscherm na "annuleren" bij de betaalprovider: de provider beëindigt de betaalpagina ' +
            '(Stripe: verlopen) en de stand wordt daarna bij de provider opgevraagd; het oude plan blijft. Veilig om ' +
            'te herhalen; een geannuleerde, verlopen of mislukte betaling komt terug zoals ze is. Een betaalde ' +
            'betaling wordt nooit geannuleerd (409). Van een andere organisatie: 404.',
          security: bearerAuth,
          headers: organizationHeaderSchema,
          params: paymentIdParams,
          response: {
            200: paymentSchema,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            502: ERRORS.badGateway,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => toPayment(await cancelPayment(deps, await paymentOf(request), request.log)),
    );
  };
