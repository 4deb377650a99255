import {
  browserFetch,
  browserStorage,
  browserTimer,
  createApiClient,
  createAuthGateway,
  createBillingGateway,
  createBrandingGateway,
  createConsentStore,
  createDebugAdminFlag,
  createFeatureStore,
  createJwtDecoder,
  createOrganisationGateway,
  createOrganisationStore,
  createRegistrationKeyStore,
  createTokenStore,
  createUserGateway,
  NO_SESSION,
  randomIds,
  systemClock,
  wait,
} from '@loop/adapters';
import { consentKeyFor } from '@loop/core';
import { createClientApp } from '@loop/core/app';
import type { HtmlReader, HtmlSanitizer } from '@loop/core/html';
import type { ReportRenderer } from '@loop/core/report';
import { SessionKeeper } from '@loop/core/session';
import { Container, ContainerModule } from 'inversify';
import { navigate } from 'wouter/use-browser-location';
import { notify } from '../notifications/notify';
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
  // The XMLHttpRequest transport loads with the first upload, not with the login page.
  bind(TOKENS.Upload).toConstantValue(async (url, init) =>
    (await import('./uploadServices')).xhrUpload(url, init),
  );
  bind(TOKENS.ApiBaseUrl).toConstantValue(import.meta.env.VITE_API_URL ?? '');
  bind(TOKENS.Hostname).toResolvedValue(() => globalThis.location?.hostname ?? 'localhost');
  bind(TOKENS.AppHost).toConstantValue(import.meta.env.VITE_APP_HOST || null);
  bind(TOKENS.Clock).toConstantValue(systemClock);
  bind(TOKENS.Timer).toConstantValue(browserTimer);
  bind(TOKENS.Wait).toConstantValue(wait);
  bind(TOKENS.Navigation).toConstantValue({ navigate: (path, options) => navigate(path, options) });
  bind(TOKENS.Log).toConstantValue((message, detail) => console.warn(message, detail));
  // Core's notices as toasts of the same kind.
  bind(TOKENS.Notifier).toConstantValue({ notify: (notice) => notify[notice.kind](notice.message) });
  bind(TOKENS.Redirect).toConstantValue((url) => globalThis.location.assign(url));
  bind(TOKENS.BillingReturnUrl).toConstantValue(() => `${globalThis.location.origin}/billing/return`);
  bind(TOKENS.Alert).toConstantValue((message) => globalThis.alert(message));
  bind(TOKENS.LoadPdfEngine).toConstantValue(async () =>
    (await import('./analysisExportServices')).loadJsPdfEngine(),
  );
  let sanitizer: Promise<HtmlSanitizer & HtmlReader> | null = null;
  bind(TOKENS.LoadHtmlSanitizer).toConstantValue(() => {
    // DOMPurify in a realm without a browsing context: no CSP report for the handlers it removes.
    sanitizer ??= import('@loop/adapters/dom').then((module) => module.createInertDomSanitizer(() => window));
    return sanitizer;
  });
  let reportRenderer: Promise<ReportRenderer> | null = null;
  bind(TOKENS.LoadReportRenderer).toResolvedValue(
    (loadSanitizer) => () => {
      // One renderer for the screen and the PDF: the PDF reads the HTML the screen rendered.
      reportRenderer ??= Promise.all([loadSanitizer(), import('./reportServices')]).then(
        ([sanitizer, report]) => report.createReportRenderer(sanitizer),
      );
      return reportRenderer;
    },
    [TOKENS.LoadHtmlSanitizer],
  );
});

const storageModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.TokenStore).toResolvedValue(createTokenStore, [TOKENS.Storage]).inSingletonScope();
  bind(TOKENS.RegistrationKeyStore)
    .toResolvedValue(createRegistrationKeyStore, [TOKENS.Storage])
    .inSingletonScope();
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
  // The /auth calls sign nothing, so the session's refresh does not depend on the client it serves.
  bind(TOKENS.AuthGateway)
    .toResolvedValue(
      (baseUrl, fetch) =>
        createAuthGateway(
          createApiClient({ baseUrl, fetch, organisationId: () => null, session: NO_SESSION }),
        ),
      [TOKENS.ApiBaseUrl, TOKENS.Fetch],
    )
    .inSingletonScope();
  bind(TOKENS.SessionKeeper)
    .toResolvedValue(
      (tokens, decoder, refresher, clock, timer) =>
        new SessionKeeper({ tokens, decoder, refresher, clock, timer }),
      [TOKENS.TokenStore, TOKENS.TokenDecoder, TOKENS.AuthGateway, TOKENS.Clock, TOKENS.Timer],
    )
    .inSingletonScope();
  bind(TOKENS.ApiClient)
    .toResolvedValue(
      (baseUrl, fetch, upload, organisations, session) =>
        createApiClient({ baseUrl, fetch, upload, organisationId: () => organisations.read().id, session }),
      [TOKENS.ApiBaseUrl, TOKENS.Fetch, TOKENS.Upload, TOKENS.OrganisationStore, TOKENS.SessionKeeper],
    )
    .inSingletonScope();
  bind(TOKENS.UserGateway).toResolvedValue(createUserGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.OrganisationGateway)
    .toResolvedValue(createOrganisationGateway, [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.BrandingGateway).toResolvedValue(createBrandingGateway, [TOKENS.ApiClient]).inSingletonScope();
  bind(TOKENS.BillingGateway).toResolvedValue(createBillingGateway, [TOKENS.ApiClient]).inSingletonScope();
});

/**
 * Services whose code loads with the first screen that needs them (see the modules named): these
 * tokens resolve asynchronously, through `useAsyncInjection`.
 */
const onDemandModule = new ContainerModule(({ bind }) => {
  const account = () => import('./accountServices');
  bind(TOKENS.FileSaver)
    .toResolvedValue(async () => (await account()).createBrowserFileSaver())
    .inSingletonScope();
  bind(TOKENS.TeamGateway)
    .toResolvedValue(async (api) => (await account()).createTeamGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.InvitationLinkGateway)
    .toResolvedValue(async (api) => (await account()).createInvitationLinkGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.InvitationUseCases)
    .toResolvedValue(
      async (links, app) =>
        (await account()).createInvitationUseCases({ links, auth: app.auth, users: app.currentUser }),
      [TOKENS.InvitationLinkGateway, TOKENS.ClientApp],
    )
    .inSingletonScope();
  bind(TOKENS.OwnDataUseCases)
    .toResolvedValue(
      async (users, team, files, app) =>
        (await account()).createOwnDataUseCases({
          users,
          team,
          files,
          endSession: () => app.session.end('signed-out'),
          reloadUser: () => app.currentUser.reload(),
        }),
      [TOKENS.UserGateway, TOKENS.TeamGateway, TOKENS.FileSaver, TOKENS.ClientApp],
    )
    .inSingletonScope();
  bind(TOKENS.PaymentReturn)
    .toResolvedValue(
      async (gateway) => (await account()).createPaymentReturn({ gateway }),
      [TOKENS.BillingGateway],
    )
    .inSingletonScope();
  bind(TOKENS.InvoiceUseCases)
    .toResolvedValue(
      async (api, files) => {
        const services = await account();
        return services.createInvoiceUseCases({ gateway: services.createInvoiceGateway(api), files });
      },
      [TOKENS.ApiClient, TOKENS.FileSaver],
    )
    .inSingletonScope();

  const admin = () => import('./adminServices');
  bind(TOKENS.AdminGateway)
    .toResolvedValue(async (api) => (await admin()).createAdminGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.AdminBillingGateway)
    .toResolvedValue(async (api) => (await admin()).createAdminBillingGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.AdminLogsGateway)
    .toResolvedValue(async (api) => (await admin()).createAdminLogsGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.CreateLogBrowser)
    .toResolvedValue(
      async (gateway) => {
        const { LogBrowser } = await admin();
        return () => new LogBrowser({ gateway });
      },
      [TOKENS.AdminLogsGateway],
    )
    .inSingletonScope();

  const kpis = () => import('./kpiServices');
  bind(TOKENS.KpiGateway)
    .toResolvedValue(async (api) => (await kpis()).createKpiGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();

  const finance = () => import('./financeServices');
  bind(TOKENS.FinanceGateway)
    .toResolvedValue(async (api) => (await finance()).createFinanceGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();

  const contacts = () => import('./contactsServices');
  bind(TOKENS.ContactsUseCases)
    .toResolvedValue(
      async (api, files, wait) => (await contacts()).contactsUseCases(api, files, wait),
      [TOKENS.ApiClient, TOKENS.FileSaver, TOKENS.Wait],
    )
    .inSingletonScope();
  bind(TOKENS.CreateContactMap)
    .toResolvedValue(async () => (await contacts()).drawContactMap)
    .inSingletonScope();
  bind(TOKENS.ContactMapUseCases)
    .toResolvedValue(
      async (api, clock) => (await contacts()).contactMapUseCases(api, clock),
      [TOKENS.ApiClient, TOKENS.Clock],
    )
    .inSingletonScope();

  const analysis = () => import('./analysisServices');
  bind(TOKENS.BusinessAnalysisGateway)
    .toResolvedValue(async (api) => (await analysis()).createBusinessAnalysisGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();
  bind(TOKENS.CreateAnalysisSession)
    .toResolvedValue(
      async (gateway, clock, files, fetch, loadPdfEngine, loadReport, branding, alert) =>
        (await analysis()).createAnalysisSessions({
          gateway,
          clock,
          files,
          fetch,
          loadPdfEngine,
          loadReport,
          branding,
          alert,
          origin: () => globalThis.location.origin,
        }),
      [
        TOKENS.BusinessAnalysisGateway,
        TOKENS.Clock,
        TOKENS.FileSaver,
        TOKENS.Fetch,
        TOKENS.LoadPdfEngine,
        TOKENS.LoadReportRenderer,
        TOKENS.BrandingStore,
        TOKENS.Alert,
      ],
    )
    .inSingletonScope();

  const surveyGateway = () => import('./surveyGatewayServices');
  bind(TOKENS.SurveysGateway)
    .toResolvedValue(async (api) => (await surveyGateway()).createSurveysGateway(api), [TOKENS.ApiClient])
    .inSingletonScope();

  const surveys = () => import('./surveyServices');
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
  // The share step; qrcode itself loads with the first QR code shown (see surveyServices.ts).
  bind(TOKENS.SurveyShare)
    .toResolvedValue(async (files) => (await surveys()).createSurveyShareWith(files), [TOKENS.FileSaver])
    .inSingletonScope();
  // The results page's PDF summary; its own code loads with the first click (see surveyServices.ts).
  bind(TOKENS.ExportResultsPdf)
    .toResolvedValue(
      async (files, fetch, loadPdfEngine, branding, clock) =>
        (await surveys()).createResultsPdfExporter({ files, fetch, loadPdfEngine, branding, clock }),
      [TOKENS.FileSaver, TOKENS.Fetch, TOKENS.LoadPdfEngine, TOKENS.BrandingStore, TOKENS.Clock],
    )
    .inSingletonScope();
  bind(TOKENS.SummaryUseCases)
    .toResolvedValue(
      async (api) => {
        const { createOpenAnswerSummaryGateway, createSummaryUseCases } = await surveys();
        return createSummaryUseCases({ gateway: createOpenAnswerSummaryGateway(api) });
      },
      [TOKENS.ApiClient],
    )
    .inSingletonScope();
  const invitations = () => import('./invitationServices');
  bind(TOKENS.SurveyInvitationUseCases)
    .toResolvedValue(
      async (api, clock) => {
        const { createInvitationsGateway, createSurveyInvitationUseCases } = await invitations();
        return createSurveyInvitationUseCases({
          gateway: createInvitationsGateway(api),
          now: () => new Date(clock.now()),
        });
      },
      [TOKENS.ApiClient, TOKENS.Clock],
    )
    .inSingletonScope();
  // The unsubscribe link is opened signed out: a client without session or organisation.
  bind(TOKENS.UnsubscribeUseCases)
    .toResolvedValue(
      async (baseUrl, fetch) => {
        const { createUnsubscribeGateway, createUnsubscribeUseCases } = await invitations();
        const client = createApiClient({ baseUrl, fetch, organisationId: () => null, session: NO_SESSION });
        return createUnsubscribeUseCases({ gateway: createUnsubscribeGateway(client) });
      },
      [TOKENS.ApiBaseUrl, TOKENS.Fetch],
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

const appModule = new ContainerModule(({ bind }) => {
  bind(TOKENS.ClientApp)
    .toResolvedValue(
      (
        session,
        auth,
        users,
        organisations,
        branding,
        billing,
        tokens,
        registrationKeys,
        organisationStore,
        features,
        notifier,
        navigation,
        redirect,
        billingReturnUrl,
        wait,
        log,
      ) =>
        createClientApp({
          session,
          auth,
          users,
          organisations,
          branding,
          billing,
          tokens,
          registrationKeys,
          organisationStore,
          features,
          notifier,
          navigate: (path, options) => navigation.navigate(path, options),
          redirect,
          billingReturnUrl,
          wait,
          log,
        }),
      [
        TOKENS.SessionKeeper,
        TOKENS.AuthGateway,
        TOKENS.UserGateway,
        TOKENS.OrganisationGateway,
        TOKENS.BrandingGateway,
        TOKENS.BillingGateway,
        TOKENS.TokenStore,
        TOKENS.RegistrationKeyStore,
        TOKENS.OrganisationStore,
        TOKENS.FeatureStore,
        TOKENS.Notifier,
        TOKENS.Navigation,
        TOKENS.Redirect,
        TOKENS.BillingReturnUrl,
        TOKENS.Wait,
        TOKENS.Log,
      ],
    )
    .inSingletonScope();
  bind(TOKENS.CurrentUserStore).toResolvedValue((app) => app.currentUser, [TOKENS.ClientApp]);
  bind(TOKENS.BrandingStore).toResolvedValue((app) => app.branding, [TOKENS.ClientApp]);
  bind(TOKENS.SubscriptionStore).toResolvedValue((app) => app.subscription, [TOKENS.ClientApp]);
  bind(TOKENS.QueryCache).toResolvedValue((app) => app.queries, [TOKENS.ClientApp]);
  bind(TOKENS.AuthUseCases).toResolvedValue((app) => app.auth, [TOKENS.ClientApp]);
});

/**
 * The composition root: the one place that knows inversify and which adapter implements which port.
 * `overrides` replace single bindings by token name.
 */
export function createAppContainer(overrides: ContainerOverrides = {}): AppContainer {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(platformModule, storageModule, httpModule, appModule, onDemandModule);
  for (const [name, value] of Object.entries(overrides)) {
    const token = TOKENS[name as keyof typeof TOKENS] as Token<unknown> | undefined;
    if (!token) throw new Error(`Unknown container override: ${name}`);
    container.rebind(token).toConstantValue(value);
  }
  // Built at once, not on first use: an ended session must forget the user and go to /login even
  // when it ends before any screen asked for the app's stores.
  container.get(TOKENS.ClientApp);
  return container;
}
