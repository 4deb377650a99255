import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'loop-config-webhooks-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  ALERT_WEBHOOK_KEY: Buffer.alloc(32, 1).toString('base64'),
};

describe('the webhook settings (WEBHOOK_*)', () => {
  it('should take WEBHOOK_SECRET_KEY, generate one outside production and demand one in production', async () => {
    const key = Buffer.alloc(32, 4);
    expect(
      loadConfig({ DATA_DIR: dataDir, WEBHOOK_SECRET_KEY: key.toString('hex') }).webhooks.secretKey,
    ).toEqual(key);
    expect(() => loadConfig({ DATA_DIR: dataDir, WEBHOOK_SECRET_KEY: 'kort' })).toThrow(
      /WEBHOOK_SECRET_KEY moet 32 bytes/,
    );
    const generated = loadConfig({ DATA_DIR: dataDir }).webhooks.secretKey;
    expect(loadConfig({ DATA_DIR: dataDir }).webhooks.secretKey).toEqual(generated);
    expect((await stat(join(dataDir, 'webhook-secret-key'))).mode & 0o777).toBe(0o600);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...PRODUCTION })).toThrow(/WEBHOOK_SECRET_KEY ontbreekt/);
  });

  it('should keep private networks closed unless allowed, and read the interval', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).webhooks).toMatchObject({
      allowPrivateNetworks: false,
      intervalSeconds: 2,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_INTERVAL_SECONDS: '7' })
        .webhooks,
    ).toMatchObject({ allowPrivateNetworks: true, intervalSeconds: 7 });
  });
});
