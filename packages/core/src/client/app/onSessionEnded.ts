import type { SessionEndReason } from '../../domain/api';
import type { FeatureStore } from '../../domain/features';
import type { OrganisationStore } from '../../domain/organisation';

/**
 * What happens when a session ends for any reason: per-user data is forgotten and the user lands
 * on /login (R-AUTH-5, R-AUTH-7, R-AUTH-8: 401 after a failed refresh, 419, refresh failure).
 */
export const createSessionEndedHandler =
  (deps: {
    readonly organisations: OrganisationStore;
    readonly features: FeatureStore;
    readonly forget: () => void;
    readonly navigate: (path: string, options: { replace: boolean }) => void;
  }) =>
  (_reason: SessionEndReason): void => {
    deps.organisations.clear();
    deps.features.clear();
    deps.forget();
    deps.navigate('/login', { replace: true });
  };
