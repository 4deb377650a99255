import { describe, expect, it } from 'vitest';
import type { AuthGateway, BrandingGateway, OrganisationGateway, UserGateway } from '../../domain/api';
import { type ApiResult, apiFailure, apiOk } from '../../domain/api';
import type { BillingGateway } from '../../domain/billing';
import type { CurrentUser, Organization, OrganizationRef } from '../../domain/contract';
import type { FeatureStore } from '../../domain/features';
import type { OrganisationStore, StoredOrganisation } from '../../domain/organisation';
import type { StoredTokens, TokenStore } from '../session';
import { SessionKeeper } from '../session';
import { type ClientApp, createClientApp } from './clientApp';

const USER: CurrentUser = {
  can_manage_templates: false,
  onboarding_completed: true,
  organizations: [
    { id: 7, name: 'Acme', role: 'owner' },
    { id: 8, name: 'Beta', role: 'member' },
  ],
  organization_id: null,
  organization_name: null,
  id: 1,
  name: 'Anna de Vries',
  email: 'anna@example.nl',
  is_admin: false,
  email_verified: true,
  pending_email: null,
};

const never = (): Promise<never> => new Promise(() => {});
const unused = () => Promise.reject(new Error('not used here'));

class MemoryTokens implements TokenStore {
  tokens: StoredTokens = { access: null, refresh: null };
  read = () => this.tokens;
  write = (tokens: { access: string; refresh: string }) => {
    this.tokens = tokens;
  };
  clear = () => {
    this.tokens = { access: null, refresh: null };
  };
}

class MemoryOrganisation implements OrganisationStore {
  stored: StoredOrganisation = { id: null, name: null };
  read = () => this.stored;
  write = (organisation: OrganizationRef) => {
    this.stored = { id: String(organisation.id), name: organisation.name };
  };
  clear = () => {
    this.stored = { id: null, name: null };
  };
}

class MemoryFeatures implements FeatureStore {
  keys: readonly string[] = [];
  read = () => this.keys;
  write = (keys: readonly string[]) => {
    this.keys = keys;
  };
  clear = () => {
    this.keys = [];
  };
}

function setup() {
  const tokens = new MemoryTokens();
  const organisationStore = new MemoryOrganisation();
  const features = new MemoryFeatures();
  const navigations: string[] = [];
  const logins: string[] = [];
  const session = new SessionKeeper({
    tokens,
    // Tokens in these tests are 'access-<n>' and never expire.
    decoder: { decode: () => ({ exp: 4_000_000_000, is_admin: false }) },
    refresher: { refresh: () => Promise.resolve(apiFailure(401, 'Verlopen.')) },
    clock: { now: () => 1_000 },
    timer: { after: () => () => {} },
  });
  const auth: AuthGateway = {
    login: (request) => {
      logins.push(request.email);
      return Promise.resolve(
        apiOk({
          access_token: `access-${logins.length}`,
          refresh_token: 'refresh',
          token_type: 'bearer' as const,
        }),
      );
    },
    refresh: unused,
    register: unused,
    verifyEmail: unused,
    resendVerification: unused,
    forgotPassword: unused,
    resetPassword: unused,
    logout: unused,
    confirmEmailChange: unused,
    undoEmailChange: unused,
  };
  const users: UserGateway = {
    me: () => Promise.resolve(apiOk(USER)),
    updateProfile: unused,
    changePassword: unused,
    changeEmail: unused,
    cancelEmailChange: unused,
    exportAccount: unused,
    deleteAccount: unused,
  };
  const organisations: OrganisationGateway = {
    list: () => Promise.resolve(apiOk([] as readonly Organization[])),
    create: unused,
  };
  const branding: BrandingGateway = { mine: never, update: unused, upload: unused, remove: unused };
  const billing: BillingGateway = {
    subscription: never,
    plans: never,
    settings: never,
    changePlan: unused,
    checkout: unused,
    payments: unused,
    syncPayment: unused,
    cancelPayment: unused,
    receipt: unused,
  };
  const app = createClientApp({
    session,
    auth,
    users,
    organisations,
    branding,
    billing,
    tokens,
    registrationKeys: { issue: () => 'sleutel', read: () => null, forget: () => {} },
    organisationStore,
    features,
    notifier: { notify: () => {} },
    navigate: (path, options) => navigations.push(`${path} replace=${options.replace}`),
    redirect: () => {},
    billingReturnUrl: () => 'https://loop.test/billing/return',
    wait: () => Promise.resolve(),
    log: () => {},
  });
  return { app, session, tokens, organisationStore, features, navigations, logins };
}

/** Counts how often the app reset a registered piece of state. */
function counter(app: ClientApp, scope: 'user' | 'organisation') {
  const state = { resets: 0, reset: () => state.resets++ };
  const stop = app.forgets(state, scope);
  return { state, stop };
}

/** Puts an answer in the query cache, as a screen would. */
async function cached(app: ClientApp): Promise<void> {
  await app.queries.request('/surveys', () => Promise.resolve(apiOk([1, 2]) as ApiResult<number[]>));
  expect(app.queries.get('/surveys').value).toEqual([1, 2]);
}

async function signedIn() {
  const world = setup();
  expect((await world.app.auth.login({ email: 'anna@example.nl', password: 'geheim123' })).ok).toBe(true);
  await world.app.currentUser.ensureLoaded();
  expect(world.app.currentUser.getSnapshot().organisation?.id).toBe(7);
  return world;
}

describe('createClientApp', () => {
  it('should forget the user, their organisation and features and go to /login when the session ends', async () => {
    const { app, session, organisationStore, features, navigations } = await signedIn();
    features.write(['analytics']);
    await cached(app);
    const user = counter(app, 'user');
    const organisation = counter(app, 'organisation');

    session.end('revoked');

    expect(app.currentUser.getSnapshot().status).toBe('idle');
    expect(app.queries.get('/surveys').value).toBeNull();
    expect(organisationStore.read()).toEqual({ id: null, name: null });
    expect(features.read()).toEqual([]);
    expect(user.state.resets).toBe(1);
    expect(organisation.state.resets).toBe(1);
    expect(navigations).toEqual(['/login replace=true']);
  });

  it('should forget what a previous user left before a new sign-in', async () => {
    const { app } = await signedIn();
    await cached(app);
    const user = counter(app, 'user');

    await app.auth.login({ email: 'bert@example.nl', password: 'geheim123' });

    expect(user.state.resets).toBe(1);
    expect(app.queries.get('/surveys').value).toBeNull();
    expect(app.currentUser.getSnapshot().status).toBe('idle');
  });

  it('should forget the organisation’s state, and only that, when the user switches organisation', async () => {
    const { app } = await signedIn();
    await cached(app);
    const user = counter(app, 'user');
    const organisation = counter(app, 'organisation');

    app.currentUser.switchOrganisation({ id: 8, name: 'Beta' });

    expect(organisation.state.resets).toBe(1);
    expect(user.state.resets).toBe(0);
    expect(app.queries.get('/surveys').value).toBeNull();
    expect(app.currentUser.getSnapshot().organisation?.id).toBe(8);
  });

  it('should keep what it has when the first organisation becomes known (not a switch)', async () => {
    const { app } = setup();
    await cached(app);
    const organisation = counter(app, 'organisation');

    await app.currentUser.ensureLoaded();

    expect(app.currentUser.getSnapshot().organisation?.id).toBe(7);
    expect(organisation.state.resets).toBe(0);
    expect(app.queries.get('/surveys').value).toEqual([1, 2]);
  });

  it('should not count the sign-out itself as an organisation switch', async () => {
    const { app, session } = await signedIn();
    const organisation = counter(app, 'organisation');
    session.end('signed-out');
    expect(organisation.state.resets).toBe(1);
  });

  it('should leave out state taken off the list, and stop listening once disposed', async () => {
    const { app, session, navigations } = await signedIn();
    const user = counter(app, 'user');
    user.stop();
    app.dispose();
    session.end('signed-out');
    expect(user.state.resets).toBe(0);
    expect(navigations).toEqual([]);
  });
});
