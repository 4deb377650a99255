import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_INVOICE_SUPPLIER, loadConfig, REPO_ROOT, tileOrigin } from './config';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'loop-config-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('should use the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: null,
      smtpUrl: null,
      mailFrom: 'Loop <no-reply@loop.local>',
      appUrl: 'http://localhost:3000',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      webDist: join(REPO_ROOT, 'packages/web/dist'),
      seedDemo: true,
      rateLimit: true,
      apiKeyRateLimit: 600,
      trustProxy: false,
      corsOrigins: [],
      logLevel: 'info',
      logClientAddress: false,
      production: false,
      onlineCheckout: false,
      paymentProvider: 'stripe',
      stripeSecretKey: null,
      stripeWebhookSecret: null,
      stripeApiUrl: null,
      logRetentionDays: 90,
      analysisTimeoutMs: 60_000,
      llm: null,
      map: {
        tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap-bijdragers',
        attributionUrl: 'https://www.openstreetmap.org/copyright',
      },
      geocoderUrl: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/free',
      geocoderRate: 4,
    });
  });

  it('should take the map tiles and the geocoder from the environment, or switch the geocoder off', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      MAP_TILE_URL: 'https://{s}.tiles.gemeente.nl/wmts/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: 'Kaart: gemeente',
      GEOCODER_URL: 'http://127.0.0.1:8089/free',
    });
    expect(config.map).toEqual({
      tileUrl: 'https://{s}.tiles.gemeente.nl/wmts/{z}/{x}/{y}.png',
      attribution: 'Kaart: gemeente',
      attributionUrl: null,
    });
    expect(config.geocoderUrl).toBe('http://127.0.0.1:8089/free');
    expect(loadConfig({ DATA_DIR: dataDir, GEOCODER_URL: 'off' }).geocoderUrl).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, GEOCODER_RATE: '10' }).geocoderRate).toBe(10);
    expect(tileOrigin(config.map.tileUrl)).toBe('https://*.tiles.gemeente.nl');
    expect(tileOrigin('http://127.0.0.1:9000/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
  });

  it('should refuse a tile URL without {z}/{x}/{y}, without attribution, or a geocoder that is no URL', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: 'https://tiles.nl/kaart.png', MAP_ATTRIBUTION: 'x' }),
    ).toThrow(/MAP_TILE_URL moet een http\(s\)-adres met \{z\}, \{x\} en \{y\} zijn/);
    expect(() => loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: 'https://tiles.nl/{z}/{x}/{y}.png' })).toThrow(
      /MAP_ATTRIBUTION/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, GEOCODER_URL: 'pdok' })).toThrow(
      /GEOCODER_URL moet een volledige URL zijn/,
    );
  });

  it('should resolve relative paths against the repository root, not the working directory', () => {
    const config = loadConfig({
      DATA_DIR: 'data-test-relative',
      WEB_DIST: 'elders/dist',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(config.dataDir).toBe(join(REPO_ROOT, 'data-test-relative'));
    expect(config.webDist).toBe(join(REPO_ROOT, 'elders/dist'));
    expect(REPO_ROOT).toBe(join(import.meta.dirname, '../../..'));
  });

  it('should read every setting from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://loop@db:5432/loop',
      SMTP_URL: 'smtp://mail:587',
      REDIS_URL: 'redis://cache:6379/2',
      MAIL_FROM: 'Loop <loop@voorbeeld.nl>',
      APP_URL: 'https://loop.voorbeeld.nl/',
      JWT_SECRET: 's'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '60',
      REFRESH_TOKEN_TTL_DAYS: '7',
      SEED_DEMO: 'false',
      RATE_LIMIT: 'off',
      API_KEY_RATE_LIMIT: '120',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      CORS_ORIGIN: 'https://app.voorbeeld.nl/, http://localhost:5173',
      LOG_LEVEL: 'warn',
      LOG_CLIENT_ADDRESS: 'true',
      LOG_RETENTION_DAYS: '30',
      ANALYSIS_TIMEOUT_MS: '5000',
      LLM_BASE_URL: 'http://localhost:11434/v1/',
      LLM_API_KEY: 'sleutel',
      LLM_MODEL: 'llama3.1',
      OUTBOX_RATE_PER_MINUTE: '120',
      OUTBOX_LEASE_SECONDS: '60',
      SHUTDOWN_DRAIN_MS: '2500',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://loop@db:5432/loop',
      smtpUrl: 'smtp://mail:587',
      redisUrl: 'redis://cache:6379/2',
      mailFrom: 'Loop <loop@voorbeeld.nl>',
      appUrl: 'https://loop.voorbeeld.nl',
      jwtSecret: 's'.repeat(40),
      accessTokenTtlSeconds: 60,
      refreshTokenTtlDays: 7,
      seedDemo: false,
      rateLimit: false,
      apiKeyRateLimit: 120,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      corsOrigins: ['https://app.voorbeeld.nl', 'http://localhost:5173'],
      logLevel: 'warn',
      logClientAddress: true,
      logRetentionDays: 30,
      analysisTimeoutMs: 5000,
      llm: { baseUrl: 'http://localhost:11434/v1', apiKey: 'sleutel', model: 'llama3.1' },
      outboxRatePerMinute: 120,
      outboxLeaseSeconds: 60,
      shutdownDrainMs: 2500,
    });
    expect(loadConfig({ DATA_DIR: dataDir }).outboxRatePerMinute).toBe(600);
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      outboxLeaseSeconds: 15,
      shutdownDrainMs: 3000,
    });
    expect(loadConfig({ DATA_DIR: dataDir, OUTBOX_RATE_PER_MINUTE: '0' }).outboxRatePerMinute).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it('should take a test clock file only outside production', () => {
    expect(loadConfig({ DATA_DIR: dataDir, TEST_CLOCK_FILE: '/tmp/klok' }).testClockFile).toBe('/tmp/klok');
    expect(loadConfig({ DATA_DIR: dataDir }).testClockFile).toBeNull();
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        TEST_CLOCK_FILE: '/tmp/klok',
      }),
    ).toThrow(/TEST_CLOCK_FILE is alleen voor browsertests/);
  });

  it('should refuse an LLM half configured or at an address that is no URL', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, LLM_MODEL: 'llama3.1' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, LLM_BASE_URL: 'http://localhost:11434/v1' })).toThrow(
      /LLM_BASE_URL en LLM_MODEL horen bij elkaar/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, LLM_BASE_URL: 'ollama', LLM_MODEL: 'x' })).toThrow(
      /LLM_BASE_URL moet een volledige URL zijn/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ANALYSIS_TIMEOUT_MS: '0' })).toThrow(/ANALYSIS_TIMEOUT_MS/);
  });

  it('should treat empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '  ', PORT: '' });
    expect(config.databaseUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.port).toBe(3000);
  });

  it('should generate a JWT secret once, keep it in DATA_DIR/jwt-secret with mode 600 and reuse it', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'jwt-secret');

    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first.jwtSecret);
  });

  it('should refuse to start in production without JWT_SECRET, and refuse a short one', async () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET ontbreekt/);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'kort' })).toThrow(/minstens 32 tekens/);
    await writeFile(join(dataDir, 'jwt-secret'), 'x');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(ConfigError);
  });

  it('should refuse malformed values with a message naming the variable', () => {
    const bad: Array<[string, string]> = [
      ['PORT', 'abc'],
      ['PORT', '70000'],
      ['ACCESS_TOKEN_TTL_SECONDS', '0'],
      ['REFRESH_TOKEN_TTL_DAYS', '-3'],
      ['SEED_DEMO', 'misschien'],
      ['APP_URL', 'loop.voorbeeld.nl'],
      ['DATABASE_URL', 'mysql://x'],
      ['SMTP_URL', 'http://mail'],
      ['REDIS_URL', 'http://cache:6379'],
      ['LOG_LEVEL', 'luid'],
      ['CORS_ORIGIN', 'ftp://x'],
      ['ONLINE_CHECKOUT', 'ja'],
      ['PAYMENT_PROVIDER', 'paypal'],
      ['STRIPE_API_URL', 'localhost:12111'],
      ['LOG_RETENTION_DAYS', '0'],
      ['LOG_RETENTION_DAYS', '9999'],
      ['OUTBOX_RATE_PER_MINUTE', '-1'],
      ['OUTBOX_RATE_PER_MINUTE', 'veel'],
      ['OUTBOX_LEASE_SECONDS', '0'],
      ['SHUTDOWN_DRAIN_MS', '0'],
    ];
    for (const [key, value] of bad) {
      expect(() => loadConfig({ DATA_DIR: dataDir, [key]: value }), key).toThrow(new RegExp(key));
    }
  });

  it('should read the payment settings and refuse combinations that cannot work', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        ONLINE_CHECKOUT: 'true',
        PAYMENT_PROVIDER: 'Stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
      }),
    ).toMatchObject({
      onlineCheckout: true,
      paymentProvider: 'stripe',
      stripeSecretKey: 'sk_test_x',
      stripeWebhookSecret: 'whsec_x',
      stripeApiUrl: 'http://127.0.0.1:12111',
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, ONLINE_CHECKOUT: 'true', PAYMENT_PROVIDER: 'simulated' }),
    ).toMatchObject({ onlineCheckout: true, paymentProvider: 'simulated' });
    expect(() => loadConfig({ DATA_DIR: dataDir, ONLINE_CHECKOUT: 'true' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, ONLINE_CHECKOUT: 'true', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        PAYMENT_PROVIDER: 'simulated',
      }),
    ).toThrow(/PAYMENT_PROVIDER=simulated/);
  });

  describe('the invoice supplier (INVOICE_SUPPLIER_*)', () => {
    const SUPPLIER = {
      INVOICE_SUPPLIER_NAME: 'Loop Software BV',
      INVOICE_SUPPLIER_STREET: 'Stationsplein 1',
      INVOICE_SUPPLIER_POSTCODE: '3511 ED',
      INVOICE_SUPPLIER_CITY: 'Utrecht',
      INVOICE_SUPPLIER_KVK: '12345678',
      INVOICE_SUPPLIER_VAT_NUMBER: 'nl 0012.34567 b01',
    };
    const PRODUCTION = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ALERT_WEBHOOK_KEY: Buffer.alloc(32, 1).toString('base64'),
      WEBHOOK_SECRET_KEY: Buffer.alloc(32, 2).toString('base64'),
    };

    it('should read the supplier, in Nederland unless told, with its VAT number tidied', () => {
      expect(loadConfig({ DATA_DIR: dataDir, ...SUPPLIER }).invoiceSupplier).toEqual({
        name: 'Loop Software BV',
        street: 'Stationsplein 1',
        postcode: '3511 ED',
        city: 'Utrecht',
        country: 'Nederland',
        kvkNumber: '12345678',
        vatNumber: 'NL001234567B01',
        demo: false,
      });
    });

    it('should use the demo supplier outside production and none in production, where Stripe then refuses to start', () => {
      expect(loadConfig({ DATA_DIR: dataDir }).invoiceSupplier).toEqual(DEMO_INVOICE_SUPPLIER);
      expect(DEMO_INVOICE_SUPPLIER.name).toContain('geen echt bedrijf');
      expect(loadConfig({ DATA_DIR: dataDir, ...PRODUCTION }).invoiceSupplier).toBeNull();
      expect(() =>
        loadConfig({
          DATA_DIR: dataDir,
          ...PRODUCTION,
          ONLINE_CHECKOUT: 'true',
          STRIPE_SECRET_KEY: 'sk_live_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
        }),
      ).toThrow(/INVOICE_SUPPLIER_NAME/);
      expect(
        loadConfig({
          DATA_DIR: dataDir,
          ...PRODUCTION,
          ...SUPPLIER,
          ONLINE_CHECKOUT: 'true',
          STRIPE_SECRET_KEY: 'sk_live_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
        }).invoiceSupplier?.demo,
      ).toBe(false);
    });

    it('should refuse an incomplete supplier, a KvK number that is not 8 digits and a VAT number that is not Dutch', () => {
      const { INVOICE_SUPPLIER_CITY: _city, ...withoutCity } = SUPPLIER;
      expect(() => loadConfig({ DATA_DIR: dataDir, ...withoutCity })).toThrow(/INVOICE_SUPPLIER_CITY/);
      expect(() => loadConfig({ DATA_DIR: dataDir, INVOICE_SUPPLIER_COUNTRY: 'België' })).toThrow(
        /INVOICE_SUPPLIER_NAME/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, ...SUPPLIER, INVOICE_SUPPLIER_KVK: '1234' })).toThrow(
        /INVOICE_SUPPLIER_KVK/,
      );
      expect(() =>
        loadConfig({ DATA_DIR: dataDir, ...SUPPLIER, INVOICE_SUPPLIER_VAT_NUMBER: 'BE0123456789' }),
      ).toThrow(/INVOICE_SUPPLIER_VAT_NUMBER/);
    });
  });
});
