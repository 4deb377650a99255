import type { AuthGateway, BrandingGateway, OrganisationGateway, UserGateway } from '../../domain/api';
import type { BillingGateway, Notifier } from '../../domain/billing';
import type { FeatureStore } from '../../domain/features';
import type { OrganisationStore } from '../../domain/organisation';
import { CurrentUserStore } from '../account';
import { type AuthUseCases, createAuthUseCases, type RegistrationKeyStore } from '../authFlow';
import { BrandingStore } from '../brandingStore';
import { QueryCache } from '../query';
import type { SessionKeeper, TokenStore } from '../session';
import { SubscriptionStore } from '../subscription';
import { createSessionEndedHandler } from './onSessionEnded';

/** State that belongs to one user, or to one organisation of that user. */
export interface Resettable {
  reset(): void;
}

/**
 * 'user': forgotten at sign-out and before a sign-in. 'organisation': also forgotten when the user
 * switches to another organisation.
 */
export type ResetScope = 'user' | 'organisation';

/** The ports the client application is built from: the session, the gateways, the platform. */
export interface ClientAppDeps {
  /** Built before the app: the HTTP client signs its requests with it. */
  readonly session: SessionKeeper;
  readonly auth: AuthGateway;
  readonly users: UserGateway;
  readonly organisations: OrganisationGateway;
  readonly branding: BrandingGateway;
  readonly billing: BillingGateway;
  readonly tokens: TokenStore;
  readonly registrationKeys: RegistrationKeyStore;
  readonly organisationStore: OrganisationStore;
  readonly features: FeatureStore;
  readonly notifier: Notifier;
  readonly navigate: (path: string, options: { replace: boolean }) => void;
  /** Sends the browser to another site (the payment provider's checkout page). */
  readonly redirect: (url: string) => void;
  /** The absolute address of the return-from-payment screen. */
  readonly billingReturnUrl: () => string;
  readonly wait: (ms: number) => Promise<void>;
  /** Logs what the user is not told (R-ACCESS-9: a failed user fetch is only logged). */
  readonly log: (message: string, detail: unknown) => void;
}

/** What every screen of the signed-in app shares, and the one list of what a user leaves behind. */
export interface ClientApp {
  readonly session: SessionKeeper;
  readonly currentUser: CurrentUserStore;
  readonly branding: BrandingStore;
  readonly subscription: SubscriptionStore;
  readonly queries: QueryCache;
  readonly auth: AuthUseCases;
  /**
   * Adds state made later (a feature's services, loaded with its first screen) to the reset list;
   * the returned function takes it off again.
   */
  forgets(state: Resettable, scope: ResetScope): () => void;
  /** Forgets everything of the current user (what sign-out and a new sign-in do). */
  forgetUser(): void;
  /** Stops listening to the session and the current user (tests and teardown). */
  dispose(): void;
}

/**
 * The client application's root: builds the stores every screen shares and owns the rules that
 * tie them together. A session that ends forgets the user and goes to /login (R-AUTH-5); a sign-in
 * starts from nothing a previous user left; another organisation starts without the cached answers
 * and the subscription of the previous one.
 */
export function createClientApp(deps: ClientAppDeps): ClientApp {
  const { session } = deps;
  const currentUser = new CurrentUserStore({
    users: deps.users,
    organisations: deps.organisations,
    organisationStore: deps.organisationStore,
    log: deps.log,
  });
  const branding = new BrandingStore({ gateway: deps.branding, wait: deps.wait });
  const subscription = new SubscriptionStore({
    gateway: deps.billing,
    features: deps.features,
    notifier: deps.notifier,
    redirect: deps.redirect,
    returnUrl: deps.billingReturnUrl,
  });
  const queries = new QueryCache();

  const resets = new Map<Resettable, ResetScope>([
    [currentUser, 'user'],
    [branding, 'user'],
    [subscription, 'organisation'],
    [{ reset: () => queries.clear() }, 'organisation'],
  ]);
  const resetAll = (scope: ResetScope | 'all') => {
    for (const [state, its] of [...resets]) if (scope === 'all' || its === scope) state.reset();
  };

  // The organisation whose data is in memory. The first one known (the user has just loaded) is
  // not a switch: nothing in memory belongs to another organisation yet.
  let organisationId = currentUser.getSnapshot().organisation?.id ?? null;
  const forgetUser = () => {
    organisationId = null;
    resetAll('all');
  };
  const stopWatchingUser = currentUser.subscribe(() => {
    const next = currentUser.getSnapshot().organisation?.id ?? null;
    if (next === organisationId) return;
    const switched = organisationId !== null;
    organisationId = next;
    if (switched) resetAll('organisation');
  });
  const stopWatchingSession = session.onEnded(
    createSessionEndedHandler({
      organisations: deps.organisationStore,
      features: deps.features,
      forget: forgetUser,
      navigate: deps.navigate,
    }),
  );

  const auth = createAuthUseCases({
    auth: deps.auth,
    registrationKeys: deps.registrationKeys,
    session,
    tokens: deps.tokens,
    beforeSignIn: forgetUser,
  });

  return {
    session,
    currentUser,
    branding,
    subscription,
    queries,
    auth,
    forgets(state, scope) {
      resets.set(state, scope);
      return () => {
        resets.delete(state);
      };
    },
    forgetUser,
    dispose() {
      stopWatchingUser();
      stopWatchingSession();
    },
  };
}
