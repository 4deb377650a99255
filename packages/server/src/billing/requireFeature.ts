import type { FeatureKey } from '@loop/core/features';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { ApiError } from '../http/apiError';
import { currentOrganization } from '../organizations/memberships';
import { organizationFeatureKeys } from './subscriptions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every plan feature a route checks (see createRequireFeature). */
    readonly checkedFeatures: ReadonlySet<FeatureKey>;
  }
}

export const FEATURE_MISSING = 'Deze functie hoort niet bij het abonnement van je organisatie.';

/** A hook refusing requests of organisations whose plan lacks `key`, with `detail` (default FEATURE_MISSING). */
export type RequireFeature = (key: FeatureKey, detail?: string) => (request: FastifyRequest) => Promise<void>;

export interface FeatureChecks {
  readonly requireFeature: RequireFeature;
  /**
   * The keys `requireFeature` was asked for so far. Routes ask while they are registered, so once
   * the app is ready this is every feature the server enforces: a plan that sells any other key
   * (besides `core`, which every plan has) sells something no route delivers (planTexts.test.ts).
   */
  readonly checkedKeys: ReadonlySet<FeatureKey>;
}

/**
 * `preHandler` hooks for routes of a paid feature (R-BILL-14): 403 when the current organisation's
 * plan lacks the feature, whatever the client shows. Runs after `authenticate`.
 */
export function createRequireFeature(deps: Pick<AppDeps, 'db'>): FeatureChecks {
  const checkedKeys = new Set<FeatureKey>();
  const requireFeature: RequireFeature = (key, detail = FEATURE_MISSING) => {
    checkedKeys.add(key);
    return async function requirePlanFeature(request) {
      const organization = await currentOrganization(deps, request);
      const keys = await organizationFeatureKeys(deps.db, organization.id);
      if (!keys.includes(key)) throw new ApiError(403, detail);
    };
  };
  return { requireFeature, checkedKeys };
}
