import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentProvider } from '@loop/core';
import { normaliseVatNumber } from '@loop/core/billing';

/** The monorepo root: relative paths in the environment resolve against it, not the working directory. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type TrustProxy = boolean | number | readonly string[];

/** Everything the server reads from its environment, parsed and checked once at start. */
export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Unset: embedded PGlite in `DATA_DIR/pglite`. */
  readonly databaseUrl: string | null;
  /** Unset: mails are written to `DATA_DIR/outbox`. */
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  /** Public base URL for links in mails, without a trailing slash. */
  readonly appUrl: string;
  readonly jwtSecret: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlDays: number;
  readonly webDist: string;
  readonly seedDemo: boolean;
  readonly rateLimit: boolean;
  /** REDIS_URL: rate-limit counters in Redis, shared by every API instance; unset: in this process. */
  readonly redisUrl: string | null;
  readonly trustProxy: TrustProxy;
  /** Extra origins allowed to call the API from a browser; empty means same origin only. */
  readonly corsOrigins: readonly string[];
  readonly logLevel: string;
  /** LOG_CLIENT_ADDRESS: the server output names each request's client address (off: no IP addresses). */
  readonly logClientAddress: boolean;
  readonly production: boolean;
  /** ONLINE_CHECKOUT: paid plans can be bought online (spec §8: off unless configured). */
  readonly onlineCheckout: boolean;
  /** PAYMENT_PROVIDER: the provider every checkout uses. */
  readonly paymentProvider: PaymentProvider;
  readonly stripeSecretKey: string | null;
  readonly stripeWebhookSecret: string | null;
  /** STRIPE_API_URL: another Stripe API base (a fake Stripe in tests); null for Stripe's own. */
  readonly stripeApiUrl: string | null;
  /**
   * INVOICE_SUPPLIER_*: the company that issues Loop's invoices. Outside production, when none is
   * set, the clearly named demo supplier (whose invoices say they are not valid); in production
   * null, and then Stripe cannot be configured (see invoiceSupplier).
   */
  readonly invoiceSupplier: InvoiceSupplier | null;
  /** LOG_RETENTION_DAYS: application log rows older than this are removed. */
  readonly logRetentionDays: number;
  /** ANALYSIS_TIMEOUT_MS: how long an analyst may take before the analysis answers 504. */
  readonly analysisTimeoutMs: number;
  /** LLM_BASE_URL and LLM_MODEL (both set): analyses by this OpenAI-compatible model; null: built-in. */
  readonly llm: LlmSettings | null;
  /** The contacts map's tiles (MAP_TILE_URL, MAP_ATTRIBUTION, MAP_ATTRIBUTION_URL). */
  readonly map: MapSettings;
  /** GEOCODER_URL: PDOK Locatieserver's `free` endpoint by default; null (GEOCODER_URL=off): placed by hand only. */
  readonly geocoderUrl: string | null;
  /** OUTBOX_RATE_PER_MINUTE: mails per minute the outbox worker of this process sends; null (0): no limit. */
  readonly outboxRatePerMinute: number | null;
  /** OUTBOX_LEASE_SECONDS: how long a worker owns a claimed mail before another may take it over. */
  readonly outboxLeaseSeconds: number;
  /**
   * TEST_CLOCK_FILE (browser tests only, refused in production): a file holding milliseconds the
   * server's clock runs ahead, so a test can let days pass (reminders) without waiting for them.
   */
  readonly testClockFile: string | null;
  /** REMINDER_INTERVAL_SECONDS: how often the reminders job looks for due reminders (default 60). */
  readonly reminderIntervalSeconds: number;
  /** GEOCODER_RATE: lookups per second the contacts' geocoding asks at most (PDOK is a free public service). */
  readonly geocoderRate: number;
}

/** The supplier printed on every invoice: Loop's operator. */
export interface InvoiceSupplier {
  readonly name: string;
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly country: string;
  /** Chamber of Commerce number (KvK), 8 digits. */
  readonly kvkNumber: string;
  /** The supplier's Dutch VAT number, NL + 9 digits + B + 2 digits. */
  readonly vatNumber: string;
  /** The built-in demo supplier: its invoices say they are not valid. */
  readonly demo: boolean;
}

/**
 * The supplier of local runs without INVOICE_SUPPLIER_* (never in production): named so that nobody
 * takes it for a company, and every invoice it is on says it is not valid.
 */
export const DEMO_INVOICE_SUPPLIER: InvoiceSupplier = {
  name: 'Loop demo-leverancier (geen echt bedrijf)',
  street: 'Voorbeeldstraat 1',
  postcode: '1234 AB',
  city: 'Voorbeeldstad',
  country: 'Nederland',
  kvkNumber: '00000000',
  vatNumber: 'NL000000000B00',
  demo: true,
};

const SUPPLIER_KEYS = {
  name: 'INVOICE_SUPPLIER_NAME',
  street: 'INVOICE_SUPPLIER_STREET',
  postcode: 'INVOICE_SUPPLIER_POSTCODE',
  city: 'INVOICE_SUPPLIER_CITY',
  kvkNumber: 'INVOICE_SUPPLIER_KVK',
  vatNumber: 'INVOICE_SUPPLIER_VAT_NUMBER',
} as const;

/**
 * INVOICE_SUPPLIER_* (all of them, or none; INVOICE_SUPPLIER_COUNTRY defaults to Nederland). None set:
 * the demo supplier outside production, else null; a production server that can take card payments
 * (STRIPE_SECRET_KEY) must name its supplier, because every paid payment gets an invoice.
 */
function invoiceSupplier(env: Env, production: boolean, stripeConfigured: boolean): InvoiceSupplier | null {
  const given = Object.entries(SUPPLIER_KEYS).map(([field, key]) => [field, key, value(env, key)] as const);
  const missing = given.filter(([, , found]) => found === undefined).map(([, key]) => key);
  if (missing.length === given.length && value(env, 'INVOICE_SUPPLIER_COUNTRY') === undefined) {
    if (production && stripeConfigured) {
      throw new ConfigError(
        `Met Stripe krijgt elke betaling een factuur: zet de leveranciersgegevens ${Object.values(SUPPLIER_KEYS).join(', ')} ` +
          '(en eventueel INVOICE_SUPPLIER_COUNTRY).',
      );
    }
    return production ? null : DEMO_INVOICE_SUPPLIER;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `De leveranciersgegevens voor facturen zijn onvolledig: zet ook ${missing.join(', ')}.`,
    );
  }
  const field = Object.fromEntries(given.map(([name, , found]) => [name, found ?? ''])) as Record<
    keyof typeof SUPPLIER_KEYS,
    string
  >;
  if (!/^\d{8}$/.test(field.kvkNumber)) {
    throw new ConfigError(
      `INVOICE_SUPPLIER_KVK moet een KvK-nummer van 8 cijfers zijn (nu: "${field.kvkNumber}").`,
    );
  }
  const vatNumber = normaliseVatNumber(field.vatNumber);
  if (!/^NL\d{9}B\d{2}$/.test(vatNumber)) {
    throw new ConfigError(
      `INVOICE_SUPPLIER_VAT_NUMBER moet een Nederlands btw-nummer zijn: NL, 9 cijfers, B en 2 cijfers (nu: "${field.vatNumber}").`,
    );
  }
  return {
    name: field.name,
    street: field.street,
    postcode: field.postcode,
    city: field.city,
    country: value(env, 'INVOICE_SUPPLIER_COUNTRY') ?? 'Nederland',
    kvkNumber: field.kvkNumber,
    vatNumber,
    demo: false,
  };
}

/** Where the contacts map's tiles come from and whom it credits. */
export interface MapSettings {
  /** A template with {z}, {x} and {y} (and optionally {s} for subdomains). */
  readonly tileUrl: string;
  readonly attribution: string;
  readonly attributionUrl: string | null;
}

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const PDOK_GEOCODER_URL = 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/free';

/** An OpenAI-compatible chat endpoint (OpenAI, Azure OpenAI, Mistral, Ollama, vLLM …). */
export interface LlmSettings {
  /** LLM_BASE_URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  readonly baseUrl: string;
  /** LLM_API_KEY; local servers often need none. */
  readonly apiKey: string | null;
  /** LLM_MODEL, e.g. gpt-4o-mini or llama3.1. */
  readonly model: string;
}

/** A setting is missing or malformed; the message says which one and what to do (Dutch, for operators). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type Env = Readonly<Record<string, string | undefined>>;

const JWT_SECRET_MIN_LENGTH = 32;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function value(env: Env, key: string): string | undefined {
  const raw = env[key]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function positiveInteger(env: Env, key: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = value(env, key);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(parsed) || parsed < 1 || parsed > max) {
    throw new ConfigError(`${key} moet een geheel getal tussen 1 en ${max} zijn (nu: "${raw}").`);
  }
  return parsed;
}

function flag(env: Env, key: string, fallback: boolean): boolean {
  const raw = value(env, key)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${key} moet "true" of "false" zijn (nu: "${raw}").`);
}

function absoluteUrl(key: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `${key} moet een volledige URL zijn, bijvoorbeeld https://loop.example.nl (nu: "${raw}").`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${key} moet met http:// of https:// beginnen (nu: "${raw}").`);
  }
  return raw.replace(/\/+$/, '');
}

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

const PAYMENT_PROVIDERS: readonly PaymentProvider[] = ['stripe', 'simulated'];

function paymentSettings(
  env: Env,
  production: boolean,
): Pick<
  AppConfig,
  'onlineCheckout' | 'paymentProvider' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl'
> {
  const onlineCheckout = flag(env, 'ONLINE_CHECKOUT', false);
  const provider = value(env, 'PAYMENT_PROVIDER')?.toLowerCase() ?? 'stripe';
  if (!PAYMENT_PROVIDERS.includes(provider as PaymentProvider)) {
    throw new ConfigError(`PAYMENT_PROVIDER moet "stripe" of "simulated" zijn (nu: "${provider}").`);
  }
  const paymentProvider = provider as PaymentProvider;
  if (production && paymentProvider === 'simulated') {
    throw new ConfigError(
      'PAYMENT_PROVIDER=simulated is alleen voor ontwikkeling en tests; in productie (NODE_ENV=production) ' +
        'kan het niet. Gebruik PAYMENT_PROVIDER=stripe.',
    );
  }
  const stripeSecretKey = value(env, 'STRIPE_SECRET_KEY') ?? null;
  const stripeWebhookSecret = value(env, 'STRIPE_WEBHOOK_SECRET') ?? null;
  if (
    onlineCheckout &&
    paymentProvider === 'stripe' &&
    (stripeSecretKey === null || stripeWebhookSecret === null)
  ) {
    throw new ConfigError(
      'ONLINE_CHECKOUT=true met Stripe vraagt STRIPE_SECRET_KEY en STRIPE_WEBHOOK_SECRET. Zet ze, of gebruik ' +
        'PAYMENT_PROVIDER=simulated (niet in productie), of zet ONLINE_CHECKOUT=false.',
    );
  }
  const apiUrl = value(env, 'STRIPE_API_URL');
  return {
    onlineCheckout,
    paymentProvider,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiUrl: apiUrl === undefined ? null : absoluteUrl('STRIPE_API_URL', apiUrl),
  };
}

/** MAP_TILE_URL must be an http(s) template naming {z}, {x} and {y}; the default is OpenStreetMap's. */
function mapSettings(env: Env): MapSettings {
  const tileUrl = value(env, 'MAP_TILE_URL');
  if (tileUrl === undefined) {
    return {
      tileUrl: OSM_TILE_URL,
      attribution: value(env, 'MAP_ATTRIBUTION') ?? '© OpenStreetMap-bijdragers',
      attributionUrl: value(env, 'MAP_ATTRIBUTION_URL') ?? 'https://www.openstreetmap.org/copyright',
    };
  }
  if (
    !/^https?:\/\/[^/]+\//.test(tileUrl) ||
    !['{z}', '{x}', '{y}'].every((part) => tileUrl.includes(part))
  ) {
    throw new ConfigError(
      `MAP_TILE_URL moet een http(s)-adres met {z}, {x} en {y} zijn, bijvoorbeeld ${OSM_TILE_URL} (nu: "${tileUrl}").`,
    );
  }
  const attribution = value(env, 'MAP_ATTRIBUTION');
  if (attribution === undefined) {
    throw new ConfigError(
      'Zet bij MAP_TILE_URL ook MAP_ATTRIBUTION: de bronvermelding die de kaart moet tonen.',
    );
  }
  const attributionUrl = value(env, 'MAP_ATTRIBUTION_URL') ?? null;
  return {
    tileUrl,
    attribution,
    attributionUrl: attributionUrl === null ? null : absoluteUrl('MAP_ATTRIBUTION_URL', attributionUrl),
  };
}

/** TEST_CLOCK_FILE: a test's hand on the clock; never in production. */
function testClockFile(env: Env, production: boolean): string | null {
  const file = value(env, 'TEST_CLOCK_FILE');
  if (file === undefined) return null;
  if (production) {
    throw new ConfigError(
      'TEST_CLOCK_FILE is alleen voor browsertests; zet het niet in productie (NODE_ENV=production).',
    );
  }
  return file;
}

/** GEOCODER_URL: 'off' places contacts by hand only; otherwise an http(s) `free` endpoint. */
function geocoderUrl(env: Env): string | null {
  const raw = value(env, 'GEOCODER_URL');
  if (raw === undefined) return PDOK_GEOCODER_URL;
  if (raw.toLowerCase() === 'off') return null;
  return absoluteUrl('GEOCODER_URL', raw);
}

/**
 * The origin of a tile URL template for the CSP's img-src: '{s}' subdomains become a wildcard
 * ('https://*.tile.example.nl'), the path is dropped.
 */
export function tileOrigin(template: string): string {
  const match = /^(https?:\/\/)([^/]+)/.exec(template);
  if (!match) return template;
  return `${match[1]}${(match[2] ?? '').replace(/\{s\}/g, '*')}`;
}

/** LLM_BASE_URL and LLM_MODEL together choose the LLM analyst; one without the other is a mistake. */
function llmSettings(env: Env): LlmSettings | null {
  const baseUrl = value(env, 'LLM_BASE_URL');
  const model = value(env, 'LLM_MODEL');
  if (baseUrl === undefined && model === undefined) return null;
  if (baseUrl === undefined || model === undefined) {
    throw new ConfigError(
      'LLM_BASE_URL en LLM_MODEL horen bij elkaar: zet ze allebei om analyses door een taalmodel te laten ' +
        'schrijven, of geen van beide voor de ingebouwde analist.',
    );
  }
  return { baseUrl: absoluteUrl('LLM_BASE_URL', baseUrl), apiKey: value(env, 'LLM_API_KEY') ?? null, model };
}

/** Ten a second: within what common SMTP services accept from one sender without throttling it. */
export const DEFAULT_OUTBOX_RATE_PER_MINUTE = 600;

/** OUTBOX_RATE_PER_MINUTE: 1 to 100,000, or 0 for no limit. */
function outboxRate(env: Env): number | null {
  if (value(env, 'OUTBOX_RATE_PER_MINUTE') === '0') return null;
  return positiveInteger(env, 'OUTBOX_RATE_PER_MINUTE', DEFAULT_OUTBOX_RATE_PER_MINUTE, 100_000);
}

const fromRepoRoot = (path: string): string => (isAbsolute(path) ? path : resolve(REPO_ROOT, path));

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
    outboxLeaseSeconds: positiveInteger(env, 'OUTBOX_LEASE_SECONDS', 300, 86_400),
    geocoderRate: positiveInteger(env, 'GEOCODER_RATE', 4, 50),
    testClockFile: testClockFile(env, production),
    reminderIntervalSeconds: positiveInteger(env, 'REMINDER_INTERVAL_SECONDS', 60, 3_600),
  };
}

export const uploadsDir = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'uploads');
export const outboxDir = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'outbox');
export const pgliteDir = (config: Pick<AppConfig, 'dataDir'>): string => join(config.dataDir, 'pglite');
