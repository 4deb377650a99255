import { readFileSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import { API_PREFIX } from '@loop/core';
import { BRANDING_UPLOAD_MAX_BYTES } from '@loop/core/branding';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { adminBillingRoutes } from './admin/adminBillingRoutes';
import { adminRoutes } from './admin/adminRoutes';
import { alertRoutes } from './alerts/alertRoutes';
import { analysisRoutes } from './analysis/analysisRoutes';
import { type Analyst, builtinAnalyst } from './analysis/analyst';
import { createLlmAnalyst } from './analysis/llmAnalyst';
import { summaryRoutes } from './analysis/summaryRoutes';
import { createApiKeyAuthentication } from './apiKeys/apiKeyAuthentication';
import { apiKeyRoutes } from './apiKeys/apiKeyRoutes';
import type { AppDeps } from './appDeps';
import { createAccessTokens } from './auth/accessTokens';
import { startAuthCleanup } from './auth/authCleanup';
import { createAuthenticate } from './auth/authenticate';
import { authRoutes } from './auth/authRoutes';
import { createPasswordHasher, type PasswordHasher } from './auth/passwordHasher';
import {
  apiKeyRateLimit,
  connectRateLimitStore,
  createRateLimitHooks,
  DEFAULT_RATE_LIMITS,
  type RateLimitRules,
} from './auth/rateLimits';
import { billingRoutes } from './billing/billingRoutes';
import { invoiceRoutes } from './billing/invoiceRoutes';
import type { PaymentProviders } from './billing/paymentProvider';
import { createRequireFeature } from './billing/requireFeature';
import {
  simulatedCheckoutActionRoutes,
  simulatedCheckoutPageRoutes,
} from './billing/simulatedCheckoutRoutes';
import { createSimulatedProvider } from './billing/simulatedProvider';
import { createStripeProvider } from './billing/stripeProvider';
import { stripeWebhookRoutes } from './billing/stripeWebhookRoutes';
import { brandingRoutes } from './branding/brandingRoutes';
import { UploadStore } from './branding/uploadStore';
import { type Clock, systemClock } from './clock';
import { createReadiness, type Readiness } from './cluster/readiness';
import { type AppConfig, tileOrigin, uploadsDir } from './config';
import { contactMapRoutes } from './contacts/contactMapRoutes';
import { contactRoutes } from './contacts/contactRoutes';
import type { Database } from './db/database';
import { EmbedOriginsCache } from './embed/embedOriginsCache';
import { embedPreviewRoutes } from './embed/embedPreviewPage';
import { embedRoutes } from './embed/embedRoutes';
import { financeRoutes } from './finance/financeRoutes';
import { startContactGeocoding } from './geocoding/contactGeocoding';
import { HeavyJobs } from './heavy/heavyJobs';
import type { PeriodicJob } from './housekeeping/periodicJob';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandler } from './http/errorHandler';
import { healthRoutes } from './http/healthRoutes';
import { registerOpenApi } from './http/openapi';
import type { RouteContext, RoutesPlugin } from './http/routeContext';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerStaticFiles } from './http/staticFiles';
import { installTextBoundary } from './http/textBoundary';
import { invitationOutboxHooks } from './invitations/invitationDelivery';
import { invitationRoutes } from './invitations/invitationRoutes';
import { startReminders } from './invitations/reminders';
import { unsubscribeRoutes } from './invitations/unsubscribeRoutes';
import { kpiRoutes } from './kpis/kpiRoutes';
import { AppLog, type AppLogOptions, type LogSink } from './logs/appLog';
import { startLogRetention } from './logs/logRetention';
import { logRoutes } from './logs/logRoutes';
import { createDatabaseLogSink } from './logs/logStore';
import { registerRequestLog } from './logs/requestLog';
import type { Mailer } from './mail/mailer';
import { MailQueue } from './mail/mailQueue';
import { mailLinks } from './mail/messages';
import { organizationDataRoutes } from './organizations/organizationDataRoutes';
import { organizationRoutes } from './organizations/organizationRoutes';
import { installPermissionCheck } from './organizations/permissionCheck';
import { teamInvitationRoutes } from './organizations/teamInvitationRoutes';
import { teamRoutes } from './organizations/teamRoutes';
import { createOutbox } from './outbox/outbox';
import type { OutboxHooks } from './outbox/outboxWorker';
import { respondentRoutes } from './respondents/respondentRoutes';
import { respondRoutes } from './responses/respondRoutes';
import { surveyLinkRoutes } from './responses/surveyLinkRoutes';
import { startResultRollups } from './results/resultRollups';
import { resultRoutes } from './results/resultRoutes';
import { startResponseRetention } from './retention/responseRetention';
import { retentionRoutes } from './retention/retentionRoutes';
import { roundRoutes } from './rounds/roundRoutes';
import { startRounds } from './rounds/roundScheduler';
import { resultsLinkRoutes } from './sharing/resultsLinkRoutes';
import { sharedResultsRoutes } from './sharing/sharedResultsRoutes';
import { seedBuiltInTemplates } from './surveys/builtInTemplates';
import { surveyRoutes } from './surveys/surveyRoutes';
import { surveyTemplateRoutes } from './surveys/surveyTemplateRoutes';
import { accountRoutes } from './users/accountRoutes';
import { userRoutes } from './users/userRoutes';
import { webhookRoutes } from './webhooks/webhookRoutes';

export interface BuildAppOptions {
  readonly config: AppConfig;
  /** An open, migrated database (the caller opens and closes it). */
  readonly db: Database;
  readonly mailer: Mailer;
  /** Defaults to the system clock; tests pass a fake one to test expiry. */
  readonly clock?: Clock;
  /**
   * Rate limits of the auth routes. Default: DEFAULT_RATE_LIMITS when `config.rateLimit` is on,
   * none when it is off. A partial object replaces the rules of the actions it names (and turns
   * limiting on even when the config has it off); `false` switches all limits off.
   */
  readonly rateLimits?: Partial<RateLimitRules> | false;
  /** Defaults to argon2id with OWASP's cost; tests may pass a cheaper one. */
  readonly passwordHasher?: PasswordHasher;
  /** A pino logger for requests and mail links; omitted: no logging. */
  readonly logger?: FastifyBaseLogger;
  /** Replaces payment providers built from the config (tests: a provider that fails). */
  readonly paymentProviders?: Partial<PaymentProviders>;
  /** Where application log rows go; defaults to the database (tests: a store that fails). */
  readonly logSink?: LogSink;
  /** Batching of the application log (tests: a short interval). */
  readonly logOptions?: AppLogOptions;
  /** Work after the answer (mails and what decides on them) waits for `mail.drain()` (tests). */
  readonly holdBackgroundWork?: boolean;
  /** Replaces the analyst chosen by the config (tests: one that is slow or fails). */
  readonly analyst?: Analyst;
  /** What GET /api/v1/ready answers (main.ts: starting, ready, draining); default: ready. */
  readonly readiness?: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The application log writer (tests flush it before reading the table). */
    appLog: AppLog;
    /** Mails and the work that decides on them, after the answer (tests drain it). */
    mail: MailQueue;
    /** What features do around the outbox worker's sends (main.ts starts the worker with them). */
    outboxHooks: OutboxHooks;
    /** Placing contacts on the map (tests run a round); null when GEOCODER_URL is off. */
    contactGeocoding: PeriodicJob | null;
  }
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** JSON bodies of this API are small; uploads (multipart) have their own limit. */
const JSON_BODY_LIMIT = 64 * 1024;

/** TRUST_PROXY: true/false, a number of proxy hops, or a list of proxy addresses/subnets. */
function trustProxyOption(
  trust: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return typeof trust === 'boolean' ? trust : [...trust];
}

/**
 * Stripe when its keys are set; the simulated provider everywhere but production (its page has no
 * login and takes no money).
 */
function paymentProviders(
  options: BuildAppOptions,
  deps: Pick<AppDeps, 'config' | 'db' | 'clock'>,
): PaymentProviders {
  const { config } = deps;
  return {
    stripe:
      config.stripeSecretKey !== null && config.stripeWebhookSecret !== null
        ? createStripeProvider({
            secretKey: config.stripeSecretKey,
            webhookSecret: config.stripeWebhookSecret,
            apiUrl: config.stripeApiUrl,
            clock: deps.clock,
          })
        : null,
    simulated: config.production
      ? null
      : createSimulatedProvider({ db: deps.db, clock: deps.clock, appUrl: config.appUrl }),
    ...options.paymentProviders,
  };
}

/** Shared counters in Redis when REDIS_URL is set (closed with the app), else in this process. */
async function rateLimitStore(app: FastifyInstance, config: AppConfig) {
  if (config.redisUrl === null) return { redis: null };
  const store = await connectRateLimitStore(config.redisUrl, app.log);
  app.addHook('onClose', store.close);
  return store;
}

function rateLimitRules(options: BuildAppOptions): RateLimitRules | null {
  if (options.rateLimits === false) return null;
  const defaults = { ...DEFAULT_RATE_LIMITS, apiKey: apiKeyRateLimit(options.config.apiKeyRateLimit) };
  if (options.rateLimits !== undefined) return { ...defaults, ...options.rateLimits };
  return options.config.rateLimit ? defaults : null;
}

/**
 * Builds the whole HTTP app (API under /api/v1, OpenAPI docs, uploads, the web app) on the given
 * config, database and mailer, ready for `listen` or `inject`. Closing it waits for mails in flight.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ajv: {
      // Bodies are taken as typed: `"password": 12345678` is an error, not the string "12345678".
      customOptions: { coerceTypes: false, allErrors: true, removeAdditional: true, useDefaults: true },
    },
  });

  const mail = new MailQueue(options.mailer, app.log, { hold: options.holdBackgroundWork === true });
  const appLog = new AppLog(
    { sink: options.logSink ?? createDatabaseLogSink(options.db), clock, output: app.log },
    options.logOptions,
  );
  const deps: AppDeps = {
    config,
    db: options.db,
    clock,
    passwords: options.passwordHasher ?? createPasswordHasher(),
    accessTokens: createAccessTokens({
      secret: config.jwtSecret,
      ttlSeconds: config.accessTokenTtlSeconds,
      clock,
    }),
    mail,
    links: mailLinks(config.appUrl),
    outbox: createOutbox(config),
    payments: paymentProviders(options, { config, db: options.db, clock }),
    log: appLog,
    analyst: options.analyst ?? (config.llm === null ? builtinAnalyst : createLlmAnalyst(config.llm)),
    heavyJobs: new HeavyJobs({ db: options.db, output: app.log }),
  };
  app.decorateRequest('auth', null);
  app.decorate('appLog', appLog);
  app.decorate('mail', mail);
  const retention = startLogRetention(
    { db: options.db, clock, output: app.log },
    { days: config.logRetentionDays },
  );
  const authCleanup = startAuthCleanup(
    { db: options.db, clock, output: app.log },
    { refreshTokenTtlDays: config.refreshTokenTtlDays },
  );
  const responseRetention = startResponseRetention({ db: options.db, clock, output: app.log });
  // The results' counts per day (R-RES-11): the answers submitted since the last pass added.
  const resultRollups = startResultRollups({ db: options.db, clock, output: app.log });
  const reminders = startReminders({ ...deps, output: app.log });
  const rounds = startRounds({ ...deps, output: app.log });
  app.decorate('outboxHooks', invitationOutboxHooks(deps));
  const contactGeocoding = startContactGeocoding({ db: options.db, clock, output: app.log, config });
  app.decorate('contactGeocoding', contactGeocoding);
  app.addHook('onClose', async () => {
    await reminders.stop();
    await rounds.stop();
    await contactGeocoding?.stop();
    await retention.stop();
    await authCleanup.stop();
    await responseRetention.stop();
    await resultRollups.stop();
    await mail.drain();
    await appLog.close();
  });

  installErrorHandler(app);
  registerRequestLog(app, appLog);
  // A JSON API: text/plain bodies are refused (415) instead of reaching the handlers as strings.
  app.removeContentTypeParser('text/plain');
  // Answers over 1 kB go out compressed (brotli at a fast level, else gzip): the admin log's
  // 100,000 rows are 22 MB of JSON and under 1 MB on the wire. Request bodies are never inflated,
  // so the body limit keeps meaning what it says. The web app's files were compressed at build time
  // and go out as they are (staticFiles.ts): an answer with a Content-Encoding is left alone.
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // In-memory answers up to 64 kB (a page of contacts is about 25 kB) are compressed in one call
    // instead of through a zlib stream: on 2 cores, where the database has the other core, a stream's
    // setup and scheduling cost more than the compression (a third of the contacts list's CPU time).
    syncThreshold: 65_536,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const framedPolicy = await registerSecurityHeaders(app, {
    corsOrigins: config.corsOrigins,
    imageOrigins: [tileOrigin(config.map.tileUrl)],
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...config.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Organization-Id'],
      // Exports are downloads: the client names the file after the server's Content-Disposition.
      exposedHeaders: ['Content-Disposition'],
      maxAge: 600,
    });
  }
  await app.register(multipart, {
    limits: { fileSize: BRANDING_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11, headerPairs: 100 },
  });

  const rules = rateLimitRules(options);
  const featureChecks = createRequireFeature(deps);
  app.decorate('checkedFeatures', featureChecks.checkedKeys);
  const rateLimit = await createRateLimitHooks(
    app,
    rules,
    rules === null ? { redis: null } : await rateLimitStore(app, config),
  );
  const context: RouteContext = {
    deps,
    authenticate: createAuthenticate(deps, createApiKeyAuthentication(deps, rateLimit('apiKey'))),
    rateLimit,
    requireFeature: featureChecks.requireFeature,
  };

  installTextBoundary(app);
  app.decorate('routePermissions', installPermissionCheck(app, deps));

  // The built-in survey templates (idempotent: only missing ones are written).
  await seedBuiltInTemplates(deps);

  await registerOpenApi(app, { version: VERSION });

  const uploads = new UploadStore(uploadsDir(config));
  const embedOrigins = new EmbedOriginsCache(options.db, clock);
  const api: RoutesPlugin[] = [
    healthRoutes(deps, options.readiness ?? createReadiness('ready')),
    authRoutes(context),
    userRoutes(context),
    accountRoutes(context, uploads),
    organizationRoutes(context),
    teamRoutes(context),
    teamInvitationRoutes(context),
    organizationDataRoutes(context, uploads),
    brandingRoutes(context, uploads),
    adminRoutes(context),
    billingRoutes(context),
    invoiceRoutes(context),
    stripeWebhookRoutes(context),
    simulatedCheckoutActionRoutes(deps),
    adminBillingRoutes(context),
    logRoutes(context),
    surveyRoutes(context),
    surveyTemplateRoutes(context),
    surveyLinkRoutes(context),
    embedRoutes(context, embedOrigins),
    respondRoutes(context),
    resultRoutes(context),
    resultsLinkRoutes(context),
    sharedResultsRoutes(context),
    respondentRoutes(context),
    retentionRoutes(context),
    financeRoutes(context),
    kpiRoutes(context),
    contactRoutes(context),
    invitationRoutes(context),
    roundRoutes(context),
    alertRoutes(context),
    unsubscribeRoutes(context),
    contactMapRoutes(context),
    analysisRoutes(context),
    summaryRoutes(context),
    apiKeyRoutes(context),
    webhookRoutes(context),
  ];
  for (const routes of api) await app.register(routes, { prefix: API_PREFIX });
  await app.register(simulatedCheckoutPageRoutes(deps));
  await app.register(embedPreviewRoutes(framedPolicy));

  await registerStaticFiles(app, {
    uploadsRoot: uploadsDir(config),
    webDist: config.webDist,
    embed: { cache: embedOrigins, policy: framedPolicy },
  });

  await app.ready();
  return app;
}
