import type { ApiClient, DebugAdminFlag, Uploader } from '@loop/adapters';
import type { ContactMap, ContactMapOptions } from '@loop/adapters/map';
import type {
  AdminGateway,
  AuthGateway,
  BrandingGateway,
  ConsentStore,
  FileSaver,
  OrganisationGateway,
  UserGateway,
} from '@loop/core';
import type { CurrentUserStore, InvitationUseCases, OwnDataUseCases } from '@loop/core/account';
import type { AnalysisSession, BusinessAnalysisGateway } from '@loop/core/analysisSession';
import type { ApiKeysUseCases } from '@loop/core/apiKeys';
import type { ClientApp } from '@loop/core/app';
import type { AuthUseCases, RegistrationKeyStore } from '@loop/core/authFlow';
import type {
  AdminBillingGateway,
  BillingGateway,
  InvoiceUseCases,
  Notifier,
  PaymentReturn,
} from '@loop/core/billing';
import type { BrandingStore } from '@loop/core/brandingStore';
import type { ContactMapUseCases, ContactsUseCases } from '@loop/core/contactsScreen';
import type { FeatureStore } from '@loop/core/features';
import type { FinanceGateway } from '@loop/core/finance';
import type { HtmlReader, HtmlSanitizer } from '@loop/core/html';
import type { RoundUseCases, SurveyInvitationUseCases, UnsubscribeUseCases } from '@loop/core/invitations';
import type { KpiGateway } from '@loop/core/kpis';
import type { LogBrowser } from '@loop/core/logBrowser';
import type { AdminLogsGateway } from '@loop/core/logs';
import type { InvitationLinkGateway, OrganisationStore, TeamGateway } from '@loop/core/organisation';
import type { QueryCache } from '@loop/core/query';
import type { PdfEngine, ReportRenderer } from '@loop/core/report';
import type { Clock, SessionKeeper, Timer, TokenDecoder, TokenStore } from '@loop/core/session';
import type { SubscriptionStore } from '@loop/core/subscription';
import type { AlertUseCases } from '@loop/core/surveys/alerts';
import type { SurveyDataGateway, SurveyDataUseCases } from '@loop/core/surveys/data';
import type { SurveyEditorPool, SurveyPreview } from '@loop/core/surveys/editor';
import type { EmbedUseCases } from '@loop/core/surveys/embed';
import type { IdSource, SurveysGateway, SurveyTemplatesGateway } from '@loop/core/surveys/model';
import type { InvitationPreviewGateway } from '@loop/core/surveys/respond';
import type {
  ResultsLinksUseCases,
  ResultsUseCases,
  SurveyResultsGateway,
  SurveyShare,
} from '@loop/core/surveys/results';
import type { ResultsPdfExporter } from '@loop/core/surveys/resultsPdf';
import type { SummaryUseCases } from '@loop/core/surveys/summary';
import type { WebhookUseCases } from '@loop/core/webhookEndpoints';
import type { ServiceIdentifier } from 'inversify';
import type { Navigation } from '../routing/navigation';

/** A key of the container; the rest of the app names it without knowing inversify. */
export type Token<T> = ServiceIdentifier<T>;

/** What the React tree needs of the container: resolving a token. */
export interface AppContainer {
  get<T>(token: Token<T>): T;
  /** For the tokens bound to a module loaded on demand (the survey services). */
  getAsync<T>(token: Token<T>): Promise<T>;
}

/** Everything the composition root binds, one token per service. */
export const TOKENS = {
  // Platform
  Storage: Symbol.for('Loop.Storage') as ServiceIdentifier<Storage>,
  Fetch: Symbol.for('Loop.Fetch') as ServiceIdentifier<typeof globalThis.fetch>,
  /** Sends uploads whose progress a screen shows (XMLHttpRequest); null: through Fetch, no progress. */
  Upload: Symbol.for('Loop.Upload') as ServiceIdentifier<Uploader | null>,
  ApiBaseUrl: Symbol.for('Loop.ApiBaseUrl') as ServiceIdentifier<string>,
  Hostname: Symbol.for('Loop.Hostname') as ServiceIdentifier<string>,
  AppHost: Symbol.for('Loop.AppHost') as ServiceIdentifier<string | null>,
  Clock: Symbol.for('Loop.Clock') as ServiceIdentifier<Clock>,
  Timer: Symbol.for('Loop.Timer') as ServiceIdentifier<Timer>,
  Wait: Symbol.for('Loop.Wait') as ServiceIdentifier<(ms: number) => Promise<void>>,
  Navigation: Symbol.for('Loop.Navigation') as ServiceIdentifier<Navigation>,
  Log: Symbol.for('Loop.Log') as ServiceIdentifier<(message: string, detail: unknown) => void>,
  Notifier: Symbol.for('Loop.Notifier') as ServiceIdentifier<Notifier>,
  /** Sends the browser to another site (the payment provider's checkout page). */
  Redirect: Symbol.for('Loop.Redirect') as ServiceIdentifier<(url: string) => void>,
  /** The absolute address of the return-from-payment screen. */
  BillingReturnUrl: Symbol.for('Loop.BillingReturnUrl') as ServiceIdentifier<() => string>,
  // Storage
  TokenStore: Symbol.for('Loop.TokenStore') as ServiceIdentifier<TokenStore>,
  RegistrationKeyStore: Symbol.for('Loop.RegistrationKeyStore') as ServiceIdentifier<RegistrationKeyStore>,
  OrganisationStore: Symbol.for('Loop.OrganisationStore') as ServiceIdentifier<OrganisationStore>,
  FeatureStore: Symbol.for('Loop.FeatureStore') as ServiceIdentifier<FeatureStore>,
  ConsentStore: Symbol.for('Loop.ConsentStore') as ServiceIdentifier<ConsentStore>,
  DebugAdminFlag: Symbol.for('Loop.DebugAdminFlag') as ServiceIdentifier<DebugAdminFlag>,
  TokenDecoder: Symbol.for('Loop.TokenDecoder') as ServiceIdentifier<TokenDecoder>,
  // HTTP
  ApiClient: Symbol.for('Loop.ApiClient') as ServiceIdentifier<ApiClient>,
  AuthGateway: Symbol.for('Loop.AuthGateway') as ServiceIdentifier<AuthGateway>,
  UserGateway: Symbol.for('Loop.UserGateway') as ServiceIdentifier<UserGateway>,
  OrganisationGateway: Symbol.for('Loop.OrganisationGateway') as ServiceIdentifier<OrganisationGateway>,
  TeamGateway: Symbol.for('Loop.TeamGateway') as ServiceIdentifier<TeamGateway>,
  KpiGateway: Symbol.for('Loop.KpiGateway') as ServiceIdentifier<KpiGateway>,
  FinanceGateway: Symbol.for('Loop.FinanceGateway') as ServiceIdentifier<FinanceGateway>,
  BusinessAnalysisGateway: Symbol.for(
    'Loop.BusinessAnalysisGateway',
  ) as ServiceIdentifier<BusinessAnalysisGateway>,
  InvitationLinkGateway: Symbol.for('Loop.InvitationLinkGateway') as ServiceIdentifier<InvitationLinkGateway>,
  InvitationUseCases: Symbol.for('Loop.InvitationUseCases') as ServiceIdentifier<InvitationUseCases>,
  OwnDataUseCases: Symbol.for('Loop.OwnDataUseCases') as ServiceIdentifier<OwnDataUseCases>,
  BrandingGateway: Symbol.for('Loop.BrandingGateway') as ServiceIdentifier<BrandingGateway>,
  AdminGateway: Symbol.for('Loop.AdminGateway') as ServiceIdentifier<AdminGateway>,
  BillingGateway: Symbol.for('Loop.BillingGateway') as ServiceIdentifier<BillingGateway>,
  AdminBillingGateway: Symbol.for('Loop.AdminBillingGateway') as ServiceIdentifier<AdminBillingGateway>,
  AdminLogsGateway: Symbol.for('Loop.AdminLogsGateway') as ServiceIdentifier<AdminLogsGateway>,
  SurveysGateway: Symbol.for('Loop.SurveysGateway') as ServiceIdentifier<SurveysGateway>,
  SurveyTemplatesGateway: Symbol.for(
    'Loop.SurveyTemplatesGateway',
  ) as ServiceIdentifier<SurveyTemplatesGateway>,
  SurveyResultsGateway: Symbol.for('Loop.SurveyResultsGateway') as ServiceIdentifier<SurveyResultsGateway>,
  SurveyDataGateway: Symbol.for('Loop.SurveyDataGateway') as ServiceIdentifier<SurveyDataGateway>,
  InvitationPreviewGateway: Symbol.for(
    'Loop.InvitationPreviewGateway',
  ) as ServiceIdentifier<InvitationPreviewGateway>,
  /** Tells the user something that needs acknowledging (R-ANALYSIS-7: the PDF failure is an alert). */
  Alert: Symbol.for('Loop.Alert') as ServiceIdentifier<(message: string) => void>,
  /** Loads the PDF engine (jsPDF) when a PDF is asked for, never with a page. */
  LoadPdfEngine: Symbol.for('Loop.LoadPdfEngine') as ServiceIdentifier<() => Promise<PdfEngine>>,
  /** Hands downloads (exports, personal links) to the browser. */
  FileSaver: Symbol.for('Loop.FileSaver') as ServiceIdentifier<FileSaver>,
  // HTML
  /** Loads the sanitiser on first use (DOMPurify stays out of the entry chunk); one shared promise. */
  LoadHtmlSanitizer: Symbol.for('Loop.LoadHtmlSanitizer') as ServiceIdentifier<
    () => Promise<HtmlSanitizer & HtmlReader>
  >,
  /** The business analysis report's HTML as the screen shows it, shared with its PDF. */
  LoadReportRenderer: Symbol.for('Loop.LoadReportRenderer') as ServiceIdentifier<
    () => Promise<ReportRenderer>
  >,
  // Use-cases and state
  /** Core's client application: the shared stores and the one list of what a user leaves behind. */
  ClientApp: Symbol.for('Loop.ClientApp') as ServiceIdentifier<ClientApp>,
  SessionKeeper: Symbol.for('Loop.SessionKeeper') as ServiceIdentifier<SessionKeeper>,
  CurrentUserStore: Symbol.for('Loop.CurrentUserStore') as ServiceIdentifier<CurrentUserStore>,
  BrandingStore: Symbol.for('Loop.BrandingStore') as ServiceIdentifier<BrandingStore>,
  AuthUseCases: Symbol.for('Loop.AuthUseCases') as ServiceIdentifier<AuthUseCases>,
  SubscriptionStore: Symbol.for('Loop.SubscriptionStore') as ServiceIdentifier<SubscriptionStore>,
  QueryCache: Symbol.for('Loop.QueryCache') as ServiceIdentifier<QueryCache>,
  PaymentReturn: Symbol.for('Loop.PaymentReturn') as ServiceIdentifier<PaymentReturn>,
  /** The organisation's invoices (list, PDF) and invoice details, on the subscription and return screens. */
  InvoiceUseCases: Symbol.for('Loop.InvoiceUseCases') as ServiceIdentifier<InvoiceUseCases>,
  /** A fresh log browser per visit of the log screen, so its rows go when the screen does. */
  CreateLogBrowser: Symbol.for('Loop.CreateLogBrowser') as ServiceIdentifier<() => LogBrowser>,
  /** A fresh analysis session per visit of /bedrijfsanalyse ('Zojuist gegenereerd' means this visit). */
  CreateAnalysisSession: Symbol.for('Loop.CreateAnalysisSession') as ServiceIdentifier<() => AnalysisSession>,
  /** Random ids for new questions, options and statements. */
  IdSource: Symbol.for('Loop.IdSource') as ServiceIdentifier<IdSource>,
  /** The survey editors: a new one per visit, unless the last visit left changes unsaved. */
  SurveyEditors: Symbol.for('Loop.SurveyEditors') as ServiceIdentifier<SurveyEditorPool>,
  /** Surveys list, results, question detail, analytics, export and sharing links. */
  ResultsUseCases: Symbol.for('Loop.ResultsUseCases') as ServiceIdentifier<ResultsUseCases>,
  /** 'API-sleutels' on /koppelingen: the organisation's API keys (R-KEY-1). */
  ApiKeysUseCases: Symbol.for('Loop.ApiKeysUseCases') as ServiceIdentifier<ApiKeysUseCases>,
  /** 'Resultaten delen': the read-only results links of a survey (R-SHARE-1). */
  ResultsLinksUseCases: Symbol.for('Loop.ResultsLinksUseCases') as ServiceIdentifier<ResultsLinksUseCases>,
  /** The share step and 'Delen': the public link's QR code, shown and downloaded as SVG and PNG. */
  SurveyShare: Symbol.for('Loop.SurveyShare') as ServiceIdentifier<SurveyShare>,
  /** The results page's PDF summary: its code loads with the first click, jsPDF inside it. */
  ExportResultsPdf: Symbol.for('Loop.ExportResultsPdf') as ServiceIdentifier<ResultsPdfExporter>,
  /** The /contacten screen: contacts, segments, bulk actions, export and the CSV import. */
  ContactsUseCases: Symbol.for('Loop.ContactsUseCases') as ServiceIdentifier<ContactsUseCases>,
  /** The contacts map of /contacten: the map of a filter, the contacts not on it, placing by hand. */
  ContactMapUseCases: Symbol.for('Loop.ContactMapUseCases') as ServiceIdentifier<ContactMapUseCases>,
  /** Draws the contacts map (Leaflet and the clustering load with the first map, never with a page). */
  CreateContactMap: Symbol.for('Loop.CreateContactMap') as ServiceIdentifier<
    (container: HTMLElement, options: ContactMapOptions) => Promise<ContactMap>
  >,
  /** Summaries of open answers (plan feature 'ai'), with their gateway. */
  SummaryUseCases: Symbol.for('Loop.SummaryUseCases') as ServiceIdentifier<SummaryUseCases>,
  SurveyInvitationUseCases: Symbol.for(
    'Loop.SurveyInvitationUseCases',
  ) as ServiceIdentifier<SurveyInvitationUseCases>,
  RoundUseCases: Symbol.for('Loop.RoundUseCases') as ServiceIdentifier<RoundUseCases>,
  UnsubscribeUseCases: Symbol.for('Loop.UnsubscribeUseCases') as ServiceIdentifier<UnsubscribeUseCases>,
  /** Deleting and copying surveys, responses one by one, one respondent's export and erasure, retention. */
  SurveyDataUseCases: Symbol.for('Loop.SurveyDataUseCases') as ServiceIdentifier<SurveyDataUseCases>,
  EmbedUseCases: Symbol.for('Loop.EmbedUseCases') as ServiceIdentifier<EmbedUseCases>,
  /** A survey's alerts on new responses (the editor's 'Meldingen'). */
  AlertUseCases: Symbol.for('Loop.AlertUseCases') as ServiceIdentifier<AlertUseCases>,
  /** The organisation's webhook endpoints (/koppelingen/webhooks). */
  WebhookUseCases: Symbol.for('Loop.WebhookUseCases') as ServiceIdentifier<WebhookUseCases>,
  /** The survey and invitation e-mail the previews show. */
  SurveyPreview: Symbol.for('Loop.SurveyPreview') as ServiceIdentifier<SurveyPreview>,
} as const;

type Tokens = typeof TOKENS;

/** The type bound to each token, for overrides in tests. */
export type Services = { [K in keyof Tokens]: Tokens[K] extends ServiceIdentifier<infer T> ? T : never };
