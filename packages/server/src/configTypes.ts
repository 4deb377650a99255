import type { PaymentProvider } from '@loop/core';
import type { AlertSettings } from './configAlerts';
import type { WebhookSettings } from './configWebhooks';

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
  /** API_KEY_RATE_LIMIT: requests a minute one API key may make (R-KEY-7); counted only with RATE_LIMIT on. */
  readonly apiKeyRateLimit: number;
  /** REDIS_URL: rate-limit counters in Redis, shared by every API instance; unset: in this process. */
  readonly redisUrl: string | null;
  readonly trustProxy: TrustProxy;
  /** Extra origins allowed to call the API from a browser; empty means same origin only. */
  readonly corsOrigins: readonly string[];
  readonly logLevel: string;
  /** LOG_CLIENT_ADDRESS: the server output names each request's client address (off: no IP addresses). */
  readonly logClientAddress: boolean;
  readonly production: boolean;
  /** ONLINE_CHECKOUT: paid plans can be bought online (R-BILL-9: off unless configured). */
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
  /**
   * OUTBOX_LEASE_SECONDS: how long a claimed mail stays a worker's without its heartbeat (R-CLUSTER-5);
   * a crashed worker's mails go to another after about this time.
   */
  readonly outboxLeaseSeconds: number;
  /**
   * SHUTDOWN_DRAIN_MS: after SIGTERM, how long the server keeps serving while reporting not ready,
   * so the load balancer's health checks move traffic away first (R-CLUSTER-2; default 3000).
   */
  readonly shutdownDrainMs: number;
  /**
   * TEST_CLOCK_FILE (browser tests only, refused in production): a file holding milliseconds the
   * server's clock runs ahead, so a test can let days pass (reminders) without waiting for them.
   */
  readonly testClockFile: string | null;
  /** REMINDER_INTERVAL_SECONDS: how often the reminders job looks for due reminders (default 60). */
  readonly reminderIntervalSeconds: number;
  /** Alerts on new responses: the channel addresses' key, test receivers, the job's rhythm (configAlerts.ts). */
  readonly alerts: AlertSettings;
  /** Organisation webhooks: the signing secrets' key, private networks or not, the worker's rhythm (configWebhooks.ts). */
  readonly webhooks: WebhookSettings;
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

/** Where the contacts map's tiles come from and whom it credits. */
export interface MapSettings {
  /** A template with {z}, {x} and {y} (and optionally {s} for subdomains). */
  readonly tileUrl: string;
  readonly attribution: string;
  readonly attributionUrl: string | null;
}

/** An OpenAI-compatible chat endpoint (OpenAI, Azure OpenAI, Mistral, Ollama, vLLM …). */
export interface LlmSettings {
  /** LLM_BASE_URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama). */
  readonly baseUrl: string;
  /** LLM_API_KEY; local servers often need none. */
  readonly apiKey: string | null;
  /** LLM_MODEL, e.g. gpt-4o-mini or llama3.1. */
  readonly model: string;
}
