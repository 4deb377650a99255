import type { AdminPayment, AdminSubscription, AssignPlanRequest, PlanInput } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import { requireAdmin } from '../auth/authenticate';
import { adminPaymentSchema, adminSubscriptionSchema, planSchema } from '../billing/billingSchemas';
import {
  createPlan,
  knownFeatureKeys,
  listPlans,
  PLAN_MESSAGES,
  type SavePlanResult,
  updatePlan,
  validatePlanInput,
} from '../billing/catalog';
import { adminPayments } from '../billing/payments';
import { assignPlan } from '../billing/planChanges';
import { cancelReplacedProviderSubscriptions } from '../billing/providerCancellations';
import { adminSubscription, adminSubscriptions } from '../billing/subscriptions';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema, pagingQuerySchema, parsePaging } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, integer, number, object, string } from '../http/schema';
import { auditRequest } from '../logs/requestLog';

const TAGS = ['admin'];

export { ADMIN_BILLING_MESSAGES } from '../billing/planChanges';

const planInputSchema = object<PlanInput>({
  name: string({
    maxLength: 1000,
    description: 'Naam, hoogstens 60 tekens, uniek (hoofdletters tellen niet).',
  }),
  price_per_month: number({
    description: 'Prijs per maand in euro (0 is gratis), hoogstens twee decimalen.',
  }),
  feature_keys: array(string({ maxLength: 100 }), {
    maxItems: 50,
    description: 'Sleutels van de functies; "core" hoort er altijd bij.',
  }),
});

const planIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van het plan.' }),
});

/** Admin hooks run before the body is validated: a non-admin hears 403, not what was wrong with it. */
const adminOnly = async (request: FastifyRequest): Promise<void> => {
  requireAdmin(request);
};

/** Plans, subscriptions and payments of every organisation (platform admins only). */
export const adminBillingRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const responses = { 403: ERRORS.forbidden, ...PROTECTED_ERRORS };

    const planAnswer = (result: SavePlanResult) => {
      if (result.ok) return result.plan;
      switch (result.error) {
        case 'not-found':
          throw new ApiError(404, PLAN_MESSAGES.notFound);
        case 'name-taken':
          throw new ApiError(409, PLAN_MESSAGES.nameTaken, { name: PLAN_MESSAGES.nameTaken });
        case 'default-must-be-free':
          throw invalidInput({ price_per_month: PLAN_MESSAGES.defaultMustBeFree });
      }
    };

    const validInput = async (input: PlanInput) => {
      const checked = validatePlanInput(input, await knownFeatureKeys(deps.db));
      if (!checked.ok) throw invalidInput(checked.fields);
      return checked.value;
    };

    app.get(
      '/admin/plans',
      {
        onRequest: authenticate,
        preValidation: adminOnly,
        schema: {
          operationId: 'listAdminPlans',
          tags: TAGS,
          summary: 'Every plan (admin)',
          description: 'Alle plannen met hun functies, goedkoopste eerst. Alleen voor beheerders.',
          security: bearerAuth,
          response: { 200: array(planSchema), ...responses },
        },
      },
      async () => listPlans(deps.db),
    );

    app.post(
      '/admin/plans',
      {
        onRequest: authenticate,
        preValidation: adminOnly,
        schema: {
          operationId: 'createPlan',
          tags: TAGS,
          summary: 'Create a plan',
          description:
            'Maakt een plan: naam (hoogstens 60 tekens, uniek), prijs per maand in euro (≥ 0, hoogstens twee ' +
            'decimalen) en functies (bekende sleutels, met "core"). Alleen voor beheerders.',
          security: bearerAuth,
          body: planInputSchema,
          response: { 201: planSchema, 400: ERRORS.badRequest, 409: ERRORS.conflict, ...responses },
        },
      },
      async (request, reply) => {
        const input = await validInput(request.body);
        const plan = planAnswer(await createPlan(deps.db, deps.clock, input));
        auditRequest(deps.log, request, {
          category: 'admin',
          action: 'admin.plan_created',
          message: `Plan ${plan.id} aangemaakt (${plan.price_per_month} euro per maand)`,
        });
        return reply.code(201).send(plan);
      },
    );

    app.put(
      '/admin/plans/:id',
      {
        onRequest: authenticate,
        preValidation: adminOnly,
        schema: {
          operationId: 'updatePlan',
          tags: TAGS,
          summary: 'Change a plan',
          description:
            'Vervangt naam, prijs en functies van een plan. Organisaties op dit plan krijgen meteen de nieuwe ' +
            'functies; het standaardplan (basicloop) blijft gratis. Alleen voor beheerders.',
          security: bearerAuth,
          params: planIdParams,
          body: planInputSchema,
          response: {
            200: planSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...responses,
          },
        },
      },
      async (request) => {
        const id = parseId(request.params.id);
        if (id === null) throw new ApiError(404, PLAN_MESSAGES.notFound);
        const input = await validInput(request.body);
        const plan = planAnswer(await updatePlan(deps.db, deps.clock, id, input));
        auditRequest(deps.log, request, {
          category: 'admin',
          action: 'admin.plan_updated',
          message: `Plan ${plan.id} gewijzigd (${plan.price_per_month} euro per maand)`,
        });
        return plan;
      },
    );

    app.get(
      '/admin/subscriptions',
      {
        onRequest: authenticate,
        preValidation: adminOnly,
        schema: {
          operationId: 'listAdminSubscriptions',
          tags: TAGS,
          summary: 'Every subscription (admin)',
          description:
            'Abonnementen van alle organisaties, ook beëindigde, nieuwste eerst. Alleen voor beheerders.',
          security: bearerAuth,
          querystring: pagingQuerySchema,
          response: {
            200: pageSchema<AdminSubscription>(adminSubscriptionSchema, 'Aantal abonnementen.'),
            400: ERRORS.badRequest,
            ...responses,
          },
        },
      },
      async (request) => adminSubscriptions(deps.db, parsePaging(request.query)),
    );

    app.get(
      '/admin/payments',
      {
        onRequest: authenticate,
        preValidation: adminOnly,
        schema: {
          operationId: 'listAdminPayments',
          tags: TAGS,
          summary: 'Every payment (admin)',
          description: 'Betalingen van alle organisaties, nieuwste eerst. Alleen voor beheerders.',
          security: bearerAuth,
          querystring: pagingQuerySchema,
          response: {
            200: pageSchema<AdminPayment>(adminPaymentSchema, 'Aantal betalingen.'),
            400: ERRORS.badRequest,
            ...responses,
          },
        },
      },
      async (request) => adminPayments(deps.db, parsePaging(request.query)),
    );

    app.post(
      '/admin/subscriptions',
      {
        onRequest: authenticate,
        preValidation: adminOnly,
        schema: {
          operationId: 'assignSubscription',
          tags: TAGS,
          summary: 'Put an organisation on a plan',
          description:
            'Zet een organisatie met de hand op een plan, zonder betaling: het huidige abonnement eindigt nu ' +
            'en een nieuw begint. Alleen voor beheerders.',
          security: bearerAuth,
          body: object<AssignPlanRequest>({ organization_id: integer(), plan_id: integer() }),
          response: {
            201: adminSubscriptionSchema,
            400: ERRORS.badRequest,
            404: ERRORS.notFound,
            409: ERRORS.conflict,
            ...responses,
          },
        },
      },
      async (request, reply) => {
        const { organization_id: organizationId, plan_id: planId } = request.body;
        const result = await assignPlan(deps, organizationId, planId);
        if (!result.ok) throw new ApiError(result.status, result.detail, result.fields);
        auditRequest(deps.log, request, {
          category: 'admin',
          action: 'admin.subscription_assigned',
          orgId: organizationId,
          message: `Beheerder zette organisatie ${organizationId} op plan ${result.planId}`,
        });
        // After the commit: the replaced plan's Stripe subscription stops billing (failures are logged and retried).
        await cancelReplacedProviderSubscriptions(deps, request.log);
        return reply.code(201).send(await adminSubscription(deps.db, result.subscription.id));
      },
    );
  };
