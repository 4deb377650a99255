import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'loop-config-alerts-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };

describe('the alert settings (ALERT_*)', () => {
  it('should take ALERT_WEBHOOK_KEY as base64 or hex of 32 bytes and refuse anything else', () => {
    const key = Buffer.alloc(32, 9);
    expect(
      loadConfig({ DATA_DIR: dataDir, ALERT_WEBHOOK_KEY: key.toString('base64') }).alerts.webhookKey,
    ).toEqual(key);
    expect(
      loadConfig({ DATA_DIR: dataDir, ALERT_WEBHOOK_KEY: key.toString('hex') }).alerts.webhookKey,
    ).toEqual(key);
    for (const bad of ['kort', Buffer.alloc(16).toString('base64'), 'g'.repeat(64)])
      expect(() => loadConfig({ DATA_DIR: dataDir, ALERT_WEBHOOK_KEY: bad })).toThrow(
        /ALERT_WEBHOOK_KEY moet 32 bytes/,
      );
  });

  it('should generate a key once into DATA_DIR outside production and demand one in production', async () => {
    const first = loadConfig({ DATA_DIR: dataDir }).alerts.webhookKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dataDir }).alerts.webhookKey).toEqual(first);
    expect((await stat(join(dataDir, 'alert-webhook-key'))).mode & 0o777).toBe(0o600);
    expect((await readFile(join(dataDir, 'alert-webhook-key'), 'utf8')).trim()).toBe(
      first.toString('base64'),
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PRODUCTION })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PRODUCTION })).toThrow(/ALERT_WEBHOOK_KEY ontbreekt/);
  });

  it('should take exact test origins only outside production, and the interval', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ALERT_TEST_ORIGINS: 'http://127.0.0.1:4555, http://localhost:9000',
      ALERT_INTERVAL_SECONDS: '2',
    }).alerts;
    expect(config.webhookTestOrigins).toEqual(['http://127.0.0.1:4555', 'http://localhost:9000']);
    expect(config.intervalSeconds).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir }).alerts).toMatchObject({
      webhookTestOrigins: [],
      intervalSeconds: 5,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir, ALERT_TEST_ORIGINS: 'http://127.0.0.1:4555/pad' })).toThrow(
      /exacte origins/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        ...PRODUCTION,
        ALERT_WEBHOOK_KEY: Buffer.alloc(32).toString('base64'),
        ALERT_TEST_ORIGINS: 'http://127.0.0.1:4555',
      }),
    ).toThrow(/alleen voor tests/);
  });
});
