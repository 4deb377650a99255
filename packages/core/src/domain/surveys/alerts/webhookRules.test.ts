import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_BASE_MS,
  WEBHOOK_RETRY_MAX_MS,
  webhookBody,
  webhookFailure,
  webhookRetryDelay,
} from './webhookRules';

const M = WEBHOOK_MESSAGES;

describe('webhook addresses (R-ALERT-4)', () => {
  it('should take https addresses of Slack and Teams and say which kind they are', () => {
    expect(checkWebhookUrl(' https://hooks.slack.com/services/T0/B0/xyz ')).toEqual({
      ok: true,
      url: 'https://hooks.slack.com/services/T0/B0/xyz',
      host: 'hooks.slack.com',
      kind: 'slack',
    });
    expect(checkWebhookUrl('https://contoso.webhook.office.com/webhookb2/abc')).toMatchObject({
      ok: true,
      kind: 'teams',
    });
    expect(
      checkWebhookUrl(
        'https://prod-12.westeurope.logic.azure.com/workflows/1/triggers/manual/paths/invoke?sig=x',
      ),
    ).toMatchObject({ ok: true, kind: 'workflow' });
  });

  it('should refuse every other address with a Dutch reason', () => {
    expect(checkWebhookUrl('')).toEqual({ ok: false, detail: M.urlMissing });
    expect(checkWebhookUrl('geen adres')).toEqual({ ok: false, detail: M.urlUnreadable });
    expect(checkWebhookUrl('http://hooks.slack.com/services/x')).toEqual({ ok: false, detail: M.notHttps });
    expect(checkWebhookUrl('https://hooks.slack.com:8443/services/x')).toEqual({ ok: false, detail: M.port });
    expect(checkWebhookUrl('https://a:b@hooks.slack.com/services/x')).toEqual({
      ok: false,
      detail: M.credentials,
    });
    expect(checkWebhookUrl('https://evil.example/hooks.slack.com')).toEqual({ ok: false, detail: M.host });
    expect(checkWebhookUrl('https://hooks.slack.com.evil.example/services/x')).toEqual({
      ok: false,
      detail: M.host,
    });
    expect(checkWebhookUrl('https://webhook.office.com/webhookb2/x')).toEqual({ ok: false, detail: M.host });
    expect(checkWebhookUrl('https://hooks.slack.com/')).toEqual({ ok: false, detail: M.host });
    expect(checkWebhookUrl(`https://hooks.slack.com/${'x'.repeat(2000)}`)).toEqual({
      ok: false,
      detail: M.urlTooLong,
    });
  });

  it('should take an injected exact origin (a local test receiver) and nothing near it', () => {
    const extra = ['http://127.0.0.1:4555'];
    expect(checkWebhookUrl('http://127.0.0.1:4555/hook', extra)).toMatchObject({ ok: true, kind: 'test' });
    expect(checkWebhookUrl('http://127.0.0.1:4556/hook', extra)).toEqual({ ok: false, detail: M.notHttps });
  });
});

describe('webhook deliveries (R-ALERT-6)', () => {
  it('should wait exponentially longer after each failure, with jitter, at most an hour', () => {
    expect(webhookRetryDelay(1, 0)).toBe(WEBHOOK_RETRY_BASE_MS / 2);
    expect(webhookRetryDelay(1, 0.999_999)).toBeCloseTo(WEBHOOK_RETRY_BASE_MS, -1);
    expect(webhookRetryDelay(3, 0.5)).toBe(WEBHOOK_RETRY_BASE_MS * 4 * 0.75);
    expect(webhookRetryDelay(20, 1)).toBe(WEBHOOK_RETRY_MAX_MS);
    const spread = new Set([0.1, 0.4, 0.7].map((random) => webhookRetryDelay(4, random)));
    expect(spread.size).toBe(3);
  });

  it('should send Slack and Teams a text and a Teams workflow an Adaptive Card', () => {
    expect(webhookBody('slack', 'Hallo')).toEqual({ text: 'Hallo' });
    expect(webhookBody('teams', 'Hallo')).toEqual({ text: 'Hallo' });
    const card = webhookBody('workflow', 'Eén\n\nTwee') as {
      attachments: Array<{ content: { body: unknown[] } }>;
    };
    expect(card.attachments[0]?.content.body).toHaveLength(2);
  });

  it('should say in Dutch what failed and when it is tried again, or that it was given up', () => {
    expect(webhookFailure(2, 'HTTP 500: boom', 120_000)).toBe(
      'Poging 2 van 8 mislukt (HTTP 500: boom); nieuwe poging over 2 minuten.',
    );
    expect(webhookFailure(8, 'HTTP 404: no_service', null)).toBe(
      'Niet afgeleverd na 8 pogingen; laatste antwoord: HTTP 404: no_service',
    );
  });
});
