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
import { composed, onDemand } from './bindings';
import { type AppContainer, type Services, TOKENS, type Token } from './tokens';

export type { AppContainer } from './tokens';

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
  composed(bind, TOKENS.SessionKeeper, (deps) => new SessionKeeper(deps), {
    tokens: TOKENS.TokenStore,
    decoder: TOKENS.TokenDecoder,
    refresher: TOKENS.AuthGateway,
    clock: TOKENS.Clock,
    timer: TOKENS.Timer,
  });
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
  // On its own: the screens with a download (analysis, contacts, results, finance) need no account services.
  const files = onDemand(bind, () => import('./fileServices'));
  files(TOKENS.FileSaver, (chunk) => chunk.createBrowserFileSaver(), []);

  const account = onDemand(bind, () => import('./accountServices'));
  account(TOKENS.TeamGateway, (chunk, api) => chunk.createTeamGateway(api), [TOKENS.ApiClient]);
  account(TOKENS.InvitationLinkGateway, (chunk, api) => chunk.createInvitationLinkGateway(api), [
    TOKENS.ApiClient,
  ]);
  account(
    TOKENS.InvitationUseCases,
    (chunk, links, app) => chunk.createInvitationUseCases({ links, auth: app.auth, users: app.currentUser }),
    [TOKENS.InvitationLinkGateway, TOKENS.ClientApp],
  );
  account(TOKENS.OwnDataUseCases, (chunk, ...deps) => chunk.ownDataUseCases(...deps), [
    TOKENS.UserGateway,
    TOKENS.TeamGateway,
    TOKENS.FileSaver,
    TOKENS.ClientApp,
  ]);
  account(TOKENS.PaymentReturn, (chunk, gateway) => chunk.createPaymentReturn({ gateway }), [
    TOKENS.BillingGateway,
  ]);
  account(
    TOKENS.InvoiceUseCases,
    (chunk, api, files) => chunk.createInvoiceUseCases({ gateway: chunk.createInvoiceGateway(api), files }),
    [TOKENS.ApiClient, TOKENS.FileSaver],
  );

  const admin = onDemand(bind, () => import('./adminServices'));
  admin(TOKENS.AdminGateway, (chunk, api) => chunk.createAdminGateway(api), [TOKENS.ApiClient]);
  admin(TOKENS.AdminBillingGateway, (chunk, api) => chunk.createAdminBillingGateway(api), [TOKENS.ApiClient]);
  admin(TOKENS.AdminLogsGateway, (chunk, api) => chunk.createAdminLogsGateway(api), [TOKENS.ApiClient]);
  admin(
    TOKENS.CreateLogBrowser,
    ({ LogBrowser }, gateway) =>
      () =>
        new LogBrowser({ gateway }),
    [TOKENS.AdminLogsGateway],
  );

  const kpis = onDemand(bind, () => import('./kpiServices'));
  kpis(TOKENS.KpiGateway, (chunk, api) => chunk.createKpiGateway(api), [TOKENS.ApiClient]);
  const finance = onDemand(bind, () => import('./financeServices'));
  finance(TOKENS.FinanceGateway, (chunk, api) => chunk.createFinanceGateway(api), [TOKENS.ApiClient]);
  const contacts = onDemand(bind, () => import('./contactsServices'));
  contacts(TOKENS.ContactsUseCases, (chunk, api, files, wait) => chunk.contactsUseCases(api, files, wait), [
    TOKENS.ApiClient,
    TOKENS.FileSaver,
    TOKENS.Wait,
  ]);
  contacts(TOKENS.CreateContactMap, (chunk) => chunk.drawContactMap, []);
  contacts(TOKENS.ContactMapUseCases, (chunk, api, clock) => chunk.contactMapUseCases(api, clock), [
    TOKENS.ApiClient,
    TOKENS.Clock,
  ]);

  const analysis = onDemand(bind, () => import('./analysisServices'));
  analysis(TOKENS.BusinessAnalysisGateway, (chunk, api) => chunk.createBusinessAnalysisGateway(api), [
    TOKENS.ApiClient,
  ]);
  analysis(
    TOKENS.CreateAnalysisSession,
    (chunk, gateway, clock, files, fetch, loadPdfEngine, loadReport, branding, alert) =>
      chunk.createAnalysisSessions({
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
  );

  const surveyGateway = onDemand(bind, () => import('./surveyGatewayServices'));
  surveyGateway(TOKENS.SurveysGateway, (chunk, api) => chunk.createSurveysGateway(api), [TOKENS.ApiClient]);
  const surveys = onDemand(bind, () => import('./surveyServices'));
  surveys(TOKENS.SurveyTemplatesGateway, (chunk, api) => chunk.createSurveyTemplatesGateway(api), [
    TOKENS.ApiClient,
  ]);
  bind(TOKENS.IdSource).toConstantValue(randomIds);
  surveys(
    TOKENS.SurveyEditors,
    ({ createSurveyEditorPool, SurveyEditor }, gateway, templates, timer, ids) =>
      createSurveyEditorPool(() => new SurveyEditor({ gateway, templates, timer, ids })),
    [TOKENS.SurveysGateway, TOKENS.SurveyTemplatesGateway, TOKENS.Timer, TOKENS.IdSource],
  );
  surveys(TOKENS.InvitationPreviewGateway, (chunk, api) => chunk.createInvitationPreviewGateway(api), [
    TOKENS.ApiClient,
  ]);
  surveys(
    TOKENS.SurveyPreview,
    (chunk, surveyGateway, invitations) => chunk.createSurveyPreview({ surveys: surveyGateway, invitations }),
    [TOKENS.SurveysGateway, TOKENS.InvitationPreviewGateway],
  );
  surveys(TOKENS.SurveyResultsGateway, (chunk, api) => chunk.createSurveyResultsGateway(api), [
    TOKENS.ApiClient,
  ]);
  surveys(
    TOKENS.ResultsUseCases,
    (chunk, surveyGateway, gateway, files) =>
      chunk.createResultsUseCases({
        surveys: surveyGateway,
        gateway,
        files,
        origin: () => globalThis.location.origin,
      }),
    [TOKENS.SurveysGateway, TOKENS.SurveyResultsGateway, TOKENS.FileSaver],
  );
  surveys(
    TOKENS.ResultsLinksUseCases,
    (chunk, api) =>
      chunk.createResultsLinksUseCases({
        gateway: chunk.createResultsLinksGateway(api),
        origin: () => globalThis.location.origin,
      }),
    [TOKENS.ApiClient],
  );
  // The share step; qrcode itself loads with the first QR code shown (see surveyServices.ts).
  surveys(TOKENS.SurveyShare, (chunk, files) => chunk.createSurveyShareWith(files), [TOKENS.FileSaver]);
  surveys(
    TOKENS.EmbedUseCases,
    (chunk, api) => chunk.createEmbedUseCases({ gateway: chunk.createSurveyEmbedGateway(api) }),
    [TOKENS.ApiClient],
  );
  // The results page's PDF summary; its own code loads with the first click (see surveyServices.ts).
  surveys(
    TOKENS.ExportResultsPdf,
    (chunk, files, fetch, loadPdfEngine, branding, clock) =>
      chunk.createResultsPdfExporter({ files, fetch, loadPdfEngine, branding, clock }),
    [TOKENS.FileSaver, TOKENS.Fetch, TOKENS.LoadPdfEngine, TOKENS.BrandingStore, TOKENS.Clock],
  );
  surveys(
    TOKENS.SummaryUseCases,
    ({ createOpenAnswerSummaryGateway, createSummaryUseCases }, api) =>
      createSummaryUseCases({ gateway: createOpenAnswerSummaryGateway(api) }),
    [TOKENS.ApiClient],
  );
  const invitations = onDemand(bind, () => import('./invitationServices'));
  invitations(
    TOKENS.SurveyInvitationUseCases,
    ({ createInvitationsGateway, createSurveyInvitationUseCases }, api, clock) =>
      createSurveyInvitationUseCases({
        gateway: createInvitationsGateway(api),
        now: () => new Date(clock.now()),
      }),
    [TOKENS.ApiClient, TOKENS.Clock],
  );
  invitations(
    TOKENS.RoundUseCases,
    ({ createRoundsGateway, createRoundUseCases }, api, clock) =>
      createRoundUseCases({ gateway: createRoundsGateway(api), now: () => new Date(clock.now()) }),
    [TOKENS.ApiClient, TOKENS.Clock],
  );
  // The unsubscribe link is opened signed out: a client without session or organisation.
  invitations(
    TOKENS.UnsubscribeUseCases,
    ({ createUnsubscribeGateway, createUnsubscribeUseCases }, baseUrl, fetch) => {
      const client = createApiClient({ baseUrl, fetch, organisationId: () => null, session: NO_SESSION });
      return createUnsubscribeUseCases({ gateway: createUnsubscribeGateway(client) });
    },
    [TOKENS.ApiBaseUrl, TOKENS.Fetch],
  );
  surveys(TOKENS.SurveyDataGateway, (chunk, api) => chunk.createSurveyDataGateway(api), [TOKENS.ApiClient]);
  surveys(
    TOKENS.SurveyDataUseCases,
    ({ createSurveyDataUseCases, logDateOf }, surveyGateway, gateway, files, clock) =>
      createSurveyDataUseCases({
        surveys: surveyGateway,
        gateway,
        files,
        today: () => logDateOf(clock.now()),
      }),
    [TOKENS.SurveysGateway, TOKENS.SurveyDataGateway, TOKENS.FileSaver, TOKENS.Clock],
  );
  surveys(
    TOKENS.AlertUseCases,
    ({ createAlertsGateway, createAlertUseCases }, api) =>
      createAlertUseCases({ gateway: createAlertsGateway(api) }),
    [TOKENS.ApiClient],
  );
  const integrations = onDemand(bind, () => import('./integrationServices'));
  integrations(
    TOKENS.ApiKeysUseCases,
    (chunk, api, clock) =>
      chunk.createApiKeysUseCases({
        gateway: chunk.createApiKeysGateway(api),
        now: () => new Date(clock.now()),
      }),
    [TOKENS.ApiClient, TOKENS.Clock],
  );
  integrations(
    TOKENS.WebhookUseCases,
    (chunk, api) => chunk.createWebhookUseCases({ gateway: chunk.createWebhooksGateway(api) }),
    [TOKENS.ApiClient],
  );
});

const appModule = new ContainerModule(({ bind }) => {
  composed(
    bind,
    TOKENS.ClientApp,
    ({ navigation, ...deps }) =>
      createClientApp({ ...deps, navigate: (path, options) => navigation.navigate(path, options) }),
    {
      session: TOKENS.SessionKeeper,
      auth: TOKENS.AuthGateway,
      users: TOKENS.UserGateway,
      organisations: TOKENS.OrganisationGateway,
      branding: TOKENS.BrandingGateway,
      billing: TOKENS.BillingGateway,
      tokens: TOKENS.TokenStore,
      registrationKeys: TOKENS.RegistrationKeyStore,
      organisationStore: TOKENS.OrganisationStore,
      features: TOKENS.FeatureStore,
      notifier: TOKENS.Notifier,
      navigation: TOKENS.Navigation,
      redirect: TOKENS.Redirect,
      billingReturnUrl: TOKENS.BillingReturnUrl,
      wait: TOKENS.Wait,
      log: TOKENS.Log,
    },
  );
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
