import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TokenPair } from '@loop/core';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Analyst } from '../analysis/analyst';
import { buildApp } from '../app';
import { createPasswordHasher } from '../auth/passwordHasher';
import type { RateLimitRules } from '../auth/rateLimits';
import type { PaymentProviders } from '../billing/paymentProvider';
import type { Readiness } from '../cluster/readiness';
import { type AppConfig, type InvoiceSupplier, OSM_TILE_URL } from '../config';
import type { Database, DatabaseHandle } from '../db/database';
import { users } from '../db/schema';
import { CapturingMailer } from './capturingMailer';
import { FakeClock } from './fakeClock';
import { openTestDatabase } from './testDatabase';

/** Real argon2id, at a cost that keeps the suite fast. */
export const testPasswordHasher = createPasswordHasher({ memoryCost: 1024, timeCost: 1 });

/** The tests' key for channel addresses at rest (ALERT_WEBHOOK_KEY). */
export const TEST_ALERT_WEBHOOK_KEY = Buffer.alloc(32, 7);
export const TEST_WEBHOOK_SECRET_KEY = Buffer.alloc(32, 9);

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** The supplier on the tests' invoices: configured, so its invoices are real ones (not the demo's). */
export const TEST_INVOICE_SUPPLIER: InvoiceSupplier = {
  name: 'Loop Testleverancier BV',
  street: 'Teststraat 1',
  postcode: '3511 AB',
  city: 'Utrecht',
  country: 'Nederland',
  kvkNumber: '87654321',
  vatNumber: 'NL123456789B01',
  demo: false,
};

export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 3000,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    smtpUrl: null,
    redisUrl: null,
    mailFrom: 'Loop <no-reply@loop.local>',
    appUrl: 'http://loop.test',
    jwtSecret: TEST_JWT_SECRET,
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    webDist: join(dataDir, 'no-web-build'),
    seedDemo: false,
    rateLimit: false,
    apiKeyRateLimit: 600,
    trustProxy: false,
    corsOrigins: [],
    logLevel: 'silent',
    logClientAddress: false,
    production: false,
    onlineCheckout: false,
    paymentProvider: 'stripe',
    stripeSecretKey: null,
    stripeWebhookSecret: null,
    stripeApiUrl: null,
    invoiceSupplier: TEST_INVOICE_SUPPLIER,
    logRetentionDays: 90,
    analysisTimeoutMs: 60_000,
    llm: null,
    map: { tileUrl: OSM_TILE_URL, attribution: '© OpenStreetMap-bijdragers', attributionUrl: null },
    geocoderUrl: null,
    outboxRatePerMinute: 600,
    outboxLeaseSeconds: 15,
    shutdownDrainMs: 3_000,
    geocoderRate: 50,
    testClockFile: null,
    reminderIntervalSeconds: 60,
    alerts: { webhookKey: TEST_ALERT_WEBHOOK_KEY, webhookTestOrigins: [], intervalSeconds: 5 },
    webhooks: { secretKey: TEST_WEBHOOK_SECRET_KEY, allowPrivateNetworks: false, intervalSeconds: 2 },
    ...overrides,
  };
}

export interface AppOptions {
  readonly config?: Partial<AppConfig>;
  /** The server output (pino), to read what the server logs. */
  readonly logger?: FastifyBaseLogger;
  /** Work after the answer waits for `app.mail.drain()`. */
  readonly holdBackgroundWork?: boolean;
  readonly rateLimits?: Partial<RateLimitRules> | false;
  readonly paymentProviders?: Partial<PaymentProviders>;
  readonly analyst?: Analyst;
  /** What GET /api/v1/ready answers (default: ready). */
  readonly readiness?: Readiness;
}

/** One test file's world: a migrated database, a fake clock, a capturing mailer and the app on them. */
export interface TestContext {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly database: DatabaseHandle;
  readonly mailer: CapturingMailer;
  readonly clock: FakeClock;
  readonly dataDir: string;
  /** Another app on the same database, clock and mailer (e.g. other config); closed with the context. */
  buildApp(options: AppOptions): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function createTestContext(options: AppOptions = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-server-test-'));
  const database = await openTestDatabase();
  const mailer = new CapturingMailer();
  const clock = new FakeClock();
  const apps: FastifyInstance[] = [];
  const build = async (appOptions: AppOptions) => {
    const app = await buildApp({
      config: testConfig(dataDir, appOptions.config),
      db: database.db,
      mailer,
      clock,
      // Off unless a test asks: testConfig has rateLimit false, so undefined means none.
      ...(appOptions.rateLimits === undefined ? {} : { rateLimits: appOptions.rateLimits }),
      ...(appOptions.logger === undefined ? {} : { logger: appOptions.logger }),
      ...(appOptions.holdBackgroundWork === undefined
        ? {}
        : { holdBackgroundWork: appOptions.holdBackgroundWork }),
      passwordHasher: testPasswordHasher,
      ...(appOptions.paymentProviders === undefined ? {} : { paymentProviders: appOptions.paymentProviders }),
      ...(appOptions.analyst === undefined ? {} : { analyst: appOptions.analyst }),
      ...(appOptions.readiness === undefined ? {} : { readiness: appOptions.readiness }),
    });
    apps.push(app);
    return app;
  };
  const app = await build(options);
  return {
    app,
    db: database.db,
    database,
    mailer,
    clock,
    dataDir,
    buildApp: build,
    async close() {
      for (const each of apps) await each.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** An address no other test (in this file or run) uses. */
export function uniqueEmail(prefix = 'gebruiker'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}@voorbeeld.nl`;
}

export interface TestUser {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

/** A confirmed, onboarded user written straight to the database (faster than the mail round trip). */
export async function createUser(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  overrides: Partial<{
    name: string;
    email: string;
    password: string;
    isAdmin: boolean;
    verified: boolean;
  }> = {},
): Promise<TestUser> {
  const name = overrides.name ?? 'Test Gebruiker';
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'Geheim-wachtwoord-1';
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(users)
    .values({
      name,
      email,
      passwordHash: await testPasswordHasher.hash(password),
      isAdmin: overrides.isAdmin ?? false,
      emailVerifiedAt: overrides.verified === false ? null : now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (row === undefined) throw new Error('user not inserted');
  return { id: row.id, name, email, password };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Logs in through the API and fails loudly when that does not give 200. */
export async function login(
  app: FastifyInstance,
  user: { readonly email: string; readonly password: string },
): Promise<TokenPair> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenPair>();
}

/** `app.inject` for JSON calls under /api/v1 with an optional access token. */
export function api(
  app: FastifyInstance,
  method: NonNullable<InjectOptions['method']>,
  path: string,
  options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { ...(options.token === undefined ? {} : bearer(options.token)), ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
  });
}
