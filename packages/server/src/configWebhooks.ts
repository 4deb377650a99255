import { dataKey } from './configAlerts';
import { type Env, flag, positiveInteger } from './configEnv';

/** Organisation webhooks (issue 28): the secrets' key, the network rule and the worker's rhythm. */
export interface WebhookSettings {
  /**
   * WEBHOOK_SECRET_KEY: the AES-256-GCM key (32 bytes) that encrypts endpoints' signing secrets at
   * rest (R-HOOK-2); outside production generated once into DATA_DIR/webhook-secret-key.
   */
  readonly secretKey: Buffer;
  /**
   * WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: endpoints may use http and point at loopback, private and
   * link-local addresses (R-HOOK-5). For tests and an on-premise server whose receivers are inside.
   */
  readonly allowPrivateNetworks: boolean;
  /** WEBHOOK_INTERVAL_SECONDS: how often the webhook worker looks for due deliveries (default 2). */
  readonly intervalSeconds: number;
}

export function webhookSettings(env: Env, dataDir: string, production: boolean): WebhookSettings {
  return {
    secretKey: dataKey(env, dataDir, production, 'WEBHOOK_SECRET_KEY', 'webhook-secret-key'),
    allowPrivateNetworks: flag(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS', false),
    intervalSeconds: positiveInteger(env, 'WEBHOOK_INTERVAL_SECONDS', 2, 3_600),
  };
}
