import type { FeatureKey } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { ApiError } from '../http/apiError';
import { currentOrganization } from '../organizations/memberships';
import { organizationFeatureKeys } from './subscriptions';

export const FEATURE_MISSING = 'Deze functie hoort niet bij het abonnement van je organisatie.';

export type RequireFeature = (key: FeatureKey) => (request: FastifyRequest) => Promise<void>;

/**
 * `preHandler` hooks for routes of a paid feature (spec §6): 403 when the current organisation's
 * plan lacks the feature, whatever the client shows. Runs after `authenticate`.
 */
export function createRequireFeature(deps: Pick<AppDeps, 'db'>): RequireFeature {
  return (key) =>
    async function requireFeature(request) {
      const organization = await currentOrganization(deps, request);
      const keys = await organizationFeatureKeys(deps.db, organization.id);
      if (!keys.includes(key)) throw new ApiError(403, FEATURE_MISSING);
    };
}
