import {
  browserFetch,
  browserStorage,
  browserTimer,
  createAdminBillingGateway,
  createAdminGateway,
  createAdminLogsGateway,
  createApiClient,
  createAuthGateway,
  createBillingGateway,
  createBrandingGateway,
  createBrowserFileSaver,
  createConsentStore,
  createDebugAdminFlag,
  createFeatureStore,
  createInvitationLinkGateway,
  createJwtDecoder,
  createOrganisationGateway,
  createOrganisationStore,
  createTeamGateway,
  createTokenStore,
  createUserGateway,
  randomIds,
  systemClock,
  wait,
} from '@loop/adapters';
import {
  BrandingStore,
  CurrentUserStore,
  consentKeyFor,
  createAuthUseCases,
  createInvitationUseCases,
  createOwnDataUseCases,
  createPaymentReturn,
  createSessionEndedHandler,
  type HtmlSanitizer,
  LogBrowser,
  type Notice,
  QueryCache,
  SessionKeeper,
  SubscriptionStore,
} from '@loop/core';
import { Container, ContainerModule } from 'inversify';
import { toast } from 'react-toastify/unstyled';
import { navigate } from 'wouter/use-browser-location';
import { type Services, TOKENS, type Token } from './tokens';

/** What the React tree needs of the container: resolving a token. */
export interface AppContainer {
  get<T>(token: Token<T>): T;
  /** For the tokens bound to a module loaded on demand (the survey services). */
  getAsync<T>(token: Token<T>): Promise<T>;
}

/** Bindings to replace, by token name (tests: a fake fetch, a memory storage, a memory router). */
export type ContainerOverrides = Partial<Services>;

const platformModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.Storage)
    .toResolvedValue(() => browserStorage())
    .inSingletonScope();
  bind(TOKENS.Fetch).toConstantValue(browserFetch);
  bind(TOKENS.ApiBaseUrl).toConstantValue(import.meta.env.VITE_API_URL ?? '');
  bind(TOKENS.Hostname).toResolvedValue(() => globalThis.location?.hostname ?? 'localhost');
  bind(TOKENS.AppHost).toConstantValue(import.meta.env.VITE_APP_HOST || null);
  bind(TOKENS.Clock).toConstantValue(systemClock);
  bind(TOKENS.Timer).toConstantValue(browserTimer);
  bind(TOKENS.Wait).toConstantValue(wait);
  bind(TOKENS.Navigation).toConstantValue({ navigate: (path, options) => navigate(path, options) });
  bind(TOKENS.Log).toConstantValue((message, detail) => console.warn(message, detail));
  bind(TOKENS.Notifier).toConstantValue({ notify: showToast });
  bind(TOKENS.Redirect).toConstantValue((url) => globalThis.location.assign(url));
  bind(TOKENS.BillingReturnUrl).toConstantValue(() => `${globalThis.location.origin}/billing/return`);
  let sanitizer: Promise<HtmlSanitizer> | null = null;
  bind(TOKENS.LoadHtmlSanitizer).toConstantValue(() => {
    sanitizer ??= import('@loop/adapters/dom').then((module) => module.createDomSanitizer(() => window));
    return sanitizer;
  });
});

/** Core's notices as react-toastify toasts of the same kind. */
function showToast(notice: Notice): void {
  if (notice.kind === 'success') toast.success(notice.message);
  else if (notice.kind === 'info') toast.info(notice.message);
  else toast.error(notice.message);
}

const storageModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.TokenStore).toResolvedValue(createTokenStore, [TOKENS.Storage]).inSingletonScope();
  bind(TOKENS.OrganisationStore)
    .toResolvedValue(createOrganisationStore, [TOKENS.Storage])
    .inSingletonScope();
  bind(TOKENS.FeatureStore).toResolvedValue(createFeatureStore, [TOKENS.Storage]).inSingletonScope();
  bind(TOKENS.ConsentStore)
    .toResolvedValue(
      (storage: Storage, hostname: string, appHost: string | null) =>
        createConsentStore(storage, consentKeyFor(hostname, appHost)),
      [TOKENS.Storage, TOKENS.Hostname, TOKENS.AppHost],
    )
    .inSingletonScope();
  bind(TOKENS.DebugAdminFlag).toResolvedValue(createDebugAdminFlag, [TOKENS.Storage]).inSingletonScope();
  bind(TOKENS.TokenDecoder).toResolvedValue(createJwtDecoder).inSingletonScope();
});

const httpModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.ApiClient)
    .toResolvedValue(
      (baseUrl, fetch, organisations, keeper) =>
        createApiClient({
          baseUrl,
          fetch,
          organisationId: () => organisations.read().id,
          // The keeper needs the auth gateway, which needs this client: the session is reached
          // only when a request is sent, which breaks the cycle.
          session: {
            accessToken: () => keeper().accessToken(),
            refresh: () => keeper().refresh(),
            end: (reason) => {
              keeper().end(reason);
            },
          },
        }),
      [TOKENS.ApiBaseUrl, TOKENS.Fetch, TOKENS.OrganisationStore, TOKENS.LazySessionKeeper],
    )
    .inSingletonScope();
  bind(TOKENS.AuthGateway).toResolvedValue(createAuthGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.UserGateway).toResolvedValue(createUserGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.OrganisationGateway)
    .toResolvedValue(createOrganisationGateway, [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.TeamGateway).toResolvedValue(createTeamGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.InvitationLinkGateway)
    .toResolvedValue(createInvitationLinkGateway, [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.BrandingGateway).toResolvedValue(createBrandingGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.AdminGateway).toResolvedValue(createAdminGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.BillingGateway).toResolvedValue(createBillingGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.AdminBillingGateway)
    .toResolvedValue(createAdminBillingGateway, [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.PaymentReturn)
    .toResolvedValue((gateway) => createPaymentReturn({ gateway }), [TOKENS.BillingGateway])
    .inSingletonScope();
  bind(TOKENS.AdminLogsGateway)
    .toResolvedValue(createAdminLogsGateway, [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.CreateLogBrowser)
    .toResolvedValue((gateway) => () => new LogBrowser({ gateway }), [TOKENS.AdminLogsGateway])
    .inSingletonScope();
  // The survey services arrive with the first survey screen (see surveyServices.ts): these tokens
  // resolve asynchronously, through `useAsyncInjection`.
  const surveys = () => import('./surveyServices');
  bind(TOKENS.SurveysGateway)
    .toResolvedValue(async (api) => (await surveys()).createSurveysGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.SurveyTemplatesGateway)
    .toResolvedValue(async (api) => (await surveys()).createSurveyTemplatesGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.IdSource).toConstantValue(randomIds);
  bind(TOKENS.SurveyEditors)
    .toResolvedValue(
      async (gateway, templates, timer, ids) => {
        const { createSurveyEditorPool, SurveyEditor } = await surveys();
        return createSurveyEditorPool(() => new SurveyEditor({ gateway, templates, timer, ids }));
      },
      [TOKENS.SurveysGateway, TOKENS.SurveyTemplatesGateway, TOKENS.Timer, TOKENS.IdSource],
    )
    .inSingletonScope();
  bind(TOKENS.InvitationPreviewGateway)
    .toResolvedValue(async (api) => (await surveys()).createInvitationPreviewGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.SurveyPreview)
    .toResolvedValue(
      async (surveyGateway, invitations) =>
        (await surveys()).createSurveyPreview({ surveys: surveyGateway, invitations }),
      [TOKENS.SurveysGateway, TOKENS.InvitationPreviewGateway],
    )
    .inSingletonScope();
  bind(TOKENS.SurveyResultsGateway)
    .toResolvedValue(async (api) => (await surveys()).createSurveyResultsGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.FileSaver)
    .toResolvedValue(() => createBrowserFileSaver())
    .inSingletonScope();
  bind(TOKENS.ResultsUseCases)
    .toResolvedValue(
      async (surveyGateway, gateway, files) =>
        (await surveys()).createResultsUseCases({
          surveys: surveyGateway,
          gateway,
          files,
          origin: () => globalThis.location.origin,
        }),
      [TOKENS.SurveysGateway, TOKENS.SurveyResultsGateway, TOKENS.FileSaver],
    )
    .inSingletonScope();
  bind(TOKENS.SurveyDataGateway)
    .toResolvedValue(async (api) => (await surveys()).createSurveyDataGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.SurveyDataUseCases)
    .toResolvedValue(
      async (surveyGateway, gateway, files, clock) => {
        const { createSurveyDataUseCases, logDateOf } = await surveys();
        return createSurveyDataUseCases({
          surveys: surveyGateway,
          gateway,
          files,
          today: () => logDateOf(clock.now()),
        });
      },
      [TOKENS.SurveysGateway, TOKENS.SurveyDataGateway, TOKENS.FileSaver, TOKENS.Clock],
    )
    .inSingletonScope();
});

const stateModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.CurrentUserStore)
    .toResolvedValue(
      (users, organisations, organisationStore, log) =>
        new CurrentUserStore({ users, organisations, organisationStore, log }),
      [TOKENS.UserGateway, TOKENS.OrganisationGateway, TOKENS.OrganisationStore, TOKENS.Log],
    )
    .inSingletonScope();
  bind(TOKENS.BrandingStore)
    .toResolvedValue(
      (gateway, wait) => new BrandingStore({ gateway, wait }),
      [TOKENS.BrandingGateway, TOKENS.Wait],
    )
    .inSingletonScope();
  bind(TOKENS.SubscriptionStore)
    .toResolvedValue(
      (gateway, features, notifier, redirect, returnUrl, users) => {
        const store = new SubscriptionStore({ gateway, features, notifier, redirect, returnUrl });
        // The subscription is the current organisation's: another organisation means another one.
        let organisationId = users.getSnapshot().organisation?.id ?? null;
        users.subscribe(() => {
          const next = users.getSnapshot().organisation?.id ?? null;
          if (next === organisationId) return;
          organisationId = next;
          store.reset();
        });
        return store;
      },
      [
        TOKENS.BillingGateway,
        TOKENS.FeatureStore,
        TOKENS.Notifier,
        TOKENS.Redirect,
        TOKENS.BillingReturnUrl,
        TOKENS.CurrentUserStore,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.QueryCache)
    .toResolvedValue(
      (users) => {
        const queries = new QueryCache();
        // Cached answers belong to the current organisation: another organisation starts empty. The
        // first one known (the user has just loaded) is not a switch: nothing cached is another's.
        let organisationId = users.getSnapshot().organisation?.id ?? null;
        users.subscribe(() => {
          const next = users.getSnapshot().organisation?.id ?? null;
          if (next === organisationId) return;
          const switched = organisationId !== null;
          organisationId = next;
          if (switched) queries.clear();
        });
        return queries;
      },
      [TOKENS.CurrentUserStore],
    )
    .inSingletonScope();
  bind(TOKENS.SessionKeeper)
    .toResolvedValue(
      (
        tokens,
        decoder,
        refresher,
        clock,
        timer,
        organisations,
        features,
        users,
        branding,
        subscription,
        queries,
        navigation,
      ) =>
        new SessionKeeper({
          tokens,
          decoder,
          refresher,
          clock,
          timer,
          onEnded: createSessionEndedHandler({
            organisations,
            features,
            forget: () => forgetUser(users, branding, subscription, queries),
            navigate: (path, options) => navigation.navigate(path, options),
          }),
        }),
      [
        TOKENS.TokenStore,
        TOKENS.TokenDecoder,
        TOKENS.AuthGateway,
        TOKENS.Clock,
        TOKENS.Timer,
        TOKENS.OrganisationStore,
        TOKENS.FeatureStore,
        TOKENS.CurrentUserStore,
        TOKENS.BrandingStore,
        TOKENS.SubscriptionStore,
        TOKENS.QueryCache,
        TOKENS.Navigation,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.AuthUseCases)
    .toResolvedValue(
      (auth, session, tokens, users, branding, subscription, queries) =>
        createAuthUseCases({
          auth,
          session,
          tokens,
          beforeSignIn: () => forgetUser(users, branding, subscription, queries),
        }),
      [
        TOKENS.AuthGateway,
        TOKENS.SessionKeeper,
        TOKENS.TokenStore,
        TOKENS.CurrentUserStore,
        TOKENS.BrandingStore,
        TOKENS.SubscriptionStore,
        TOKENS.QueryCache,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.OwnDataUseCases)
    .toResolvedValue(
      (users, team, files, keeper, currentUser) =>
        createOwnDataUseCases({
          users,
          team,
          files,
          endSession: () => keeper.end('signed-out'),
          reloadUser: () => currentUser.reload(),
        }),
      [
        TOKENS.UserGateway,
        TOKENS.TeamGateway,
        TOKENS.FileSaver,
        TOKENS.SessionKeeper,
        TOKENS.CurrentUserStore,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.InvitationUseCases)
    .toResolvedValue(
      (links, auth, users) => createInvitationUseCases({ links, auth, users }),
      [TOKENS.InvitationLinkGateway, TOKENS.AuthUseCases, TOKENS.CurrentUserStore],
    )
    .inSingletonScope();
});

/**
 * The composition root: the one place that knows inversify and which adapter implements which port.
 * `overrides` replace single bindings by token name.
 */
export function createAppContainer(overrides: ContainerOverrides = {}): AppContainer {
  const container = new Container({ defaultScope: 'Singleton' });
  const lazyModule = new ContainerModule(({ bind }) => {
    bind(TOKENS.LazySessionKeeper).toConstantValue(() => container.get(TOKENS.SessionKeeper));
  });
  container.load(platformModule, storageModule, httpModule, stateModule, lazyModule);
  for (const [name, value] of Object.entries(overrides)) {
    const token = TOKENS[name as keyof typeof TOKENS] as Token<unknown> | undefined;
    if (!token) throw new Error(`Unknown container override: ${name}`);
    container.rebind(token).toConstantValue(value);
  }
  return container;
}

/** Everything that belongs to one signed-in user: forgotten at sign-out and before a sign-in. */
function forgetUser(
  users: { reset(): void },
  branding: { reset(): void },
  subscription: { reset(): void },
  queries: QueryCache,
): void {
  users.reset();
  branding.reset();
  subscription.reset();
  queries.clear();
}
