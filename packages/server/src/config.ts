import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { alertSettings } from './configAlerts';
import { invoiceSupplier, paymentSettings } from './configBilling';
import { absoluteUrl, ConfigError, type Env, flag, fromRepoRoot, positiveInteger, value } from './configEnv';
import { geocoderUrl, llmSettings, mapSettings, outboxRate, testClockFile } from './configServices';
import type { AppConfig, TrustProxy } from './configTypes';
import { webhookSettings } from './configWebhooks';

export type { AlertSettings } from './configAlerts';
export { DEMO_INVOICE_SUPPLIER } from './configBilling';
export { ConfigError, type Env, REPO_ROOT } from './configEnv';
export {
  DEFAULT_OUTBOX_RATE_PER_MINUTE,
  OSM_TILE_URL,
  PDOK_GEOCODER_URL,
  tileOrigin,
} from './configServices';
export type { AppConfig, InvoiceSupplier, LlmSettings, MapSettings, TrustProxy } from './configTypes';

const JWT_SECRET_MIN_LENGTH = 32;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function trustProxy(env: Env): TrustProxy {
  const raw = value(env, 'TRUST_PROXY');
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function corsOrigins(env: Env): readonly string[] {
  const raw = value(env, 'CORS_ORIGIN');
  if (raw === undefined) return [];
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((origin) => {
      const url = new URL(absoluteUrl('CORS_ORIGIN', origin));
      return url.origin;
    });
}

/**
 * JWT_SECRET, or a random secret generated once and kept in DATA_DIR/jwt-secret (mode 600), so tokens
 * survive a restart on a developer machine. Production must set it explicitly.
 */
export function resolveJwtSecret(env: Env, dataDir: string, production: boolean): string {
  const configured = value(env, 'JWT_SECRET');
  if (configured !== undefined) {
    if (configured.length < JWT_SECRET_MIN_LENGTH) {
      throw new ConfigError(`JWT_SECRET moet minstens ${JWT_SECRET_MIN_LENGTH} tekens lang zijn.`);
    }
    return configured;
  }
  if (production) {
    throw new ConfigError(
      'JWT_SECRET ontbreekt. Zet in productie (NODE_ENV=production) een geheime sleutel van minstens ' +
        `${JWT_SECRET_MIN_LENGTH} tekens, bijvoorbeeld: JWT_SECRET=$(openssl rand -base64 48)`,
    );
  }
  const file = join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  try {
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  const stored = readFileSync(file, 'utf8').trim();
  if (stored.length < JWT_SECRET_MIN_LENGTH) {
    throw new ConfigError(
      `${file} bevat geen geldige sleutel. Verwijder het bestand; bij de start komt er een nieuwe.`,
    );
  }
  return stored;
}

/** Reads the environment (see the table in packages/server/README.md) and fails early with a clear message. */
export function loadConfig(env: Env = process.env): AppConfig {
  const production = value(env, 'NODE_ENV') === 'production';
  const port = positiveInteger(env, 'PORT', 3000, 65_535);
  const dataDir = fromRepoRoot(value(env, 'DATA_DIR') ?? 'data');
  const logLevel = value(env, 'LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL moet een van ${LOG_LEVELS.join(', ')} zijn (nu: "${logLevel}").`);
  }
  const databaseUrl = value(env, 'DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL moet met postgres:// of postgresql:// beginnen.');
  }
  const redisUrl = value(env, 'REDIS_URL') ?? null;
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL moet met redis:// of rediss:// beginnen.');
  }
  const smtpUrl = value(env, 'SMTP_URL') ?? null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError('SMTP_URL moet met smtp:// of smtps:// beginnen.');
  }
  return {
    port,
    host: value(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    smtpUrl,
    redisUrl,
    mailFrom: value(env, 'MAIL_FROM') ?? 'Loop <no-reply@loop.local>',
    appUrl: absoluteUrl('APP_URL', value(env, 'APP_URL') ?? `http://localhost:${port}`),
    jwtSecret: resolveJwtSecret(env, dataDir, production),
    accessTokenTtlSeconds: positiveInteger(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 86_400),
    refreshTokenTtlDays: positiveInteger(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 365),
    webDist: fromRepoRoot(value(env, 'WEB_DIST') ?? 'packages/web/dist'),
    seedDemo: flag(env, 'SEED_DEMO', true),
    rateLimit: flag(env, 'RATE_LIMIT', true),
    apiKeyRateLimit: positiveInteger(env, 'API_KEY_RATE_LIMIT', 600, 100_000),
    trustProxy: trustProxy(env),
    corsOrigins: corsOrigins(env),
    logLevel,
    logClientAddress: flag(env, 'LOG_CLIENT_ADDRESS', false),
    production,
    ...paymentSettings(env, production),
    invoiceSupplier: invoiceSupplier(env, production, value(env, 'STRIPE_SECRET_KEY') !== undefined),
    logRetentionDays: positiveInteger(env, 'LOG_RETENTION_DAYS', 90, 3_650),
    analysisTimeoutMs: positiveInteger(env, 'ANALYSIS_TIMEOUT_MS', 60_000, 600_000),
    llm: llmSettings(env),
    map: mapSettings(env),
    geocoderUrl: geocoderUrl(env),
    outboxRatePerMinute: outboxRate(env),
    outboxLeaseSeconds: positiveInteger(env, 'OUTBOX_LEASE_SECONDS', 15, 86_400),
    shutdownDrainMs: positiveInteger(env, 'SHUTDOWN_DRAIN_MS', 3_000, 60_000),
    geocoderRate: positiveInteger(env, 'GEOCODER_RATE', 4, 50),
    testClockFile: testClockFile(env, production),
    reminderIntervalSeconds: positiveInteger(env, 'REMINDER_INTERVAL_SECONDS', 60, 3_600),
    alerts: alertSettings(env, dataDir, production),
    webhooks: webhookSettings(env, dataDir, production),
  };
}

export const uploadsDir = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'uploads');

export const outboxDir = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'outbox');

export const pgliteDir = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'pglite');
