import { describe, expect, it } from 'vitest';
import { jsonResponse, wireClient } from '../testing/wireClient';
import { createAlertsGateway } from './createAlertsGateway';

const RULE = { id: 'c', name: 'Criticaster', when: { match: 'all' as const, conditions: [] } };

describe('createAlertsGateway', () => {
  it("should read and write a survey's alerts under its address, with the organisation header", async () => {
    const { client, seen } = wireClient((request) =>
      request.url.endsWith('/rules') ? jsonResponse(200, { rules: [RULE] }) : jsonResponse(200, {}),
    );
    const gateway = createAlertsGateway(client);
    await gateway.get(12);
    await gateway.saveMine(12, { mode: 'digest', conditions: true });
    expect(await gateway.saveRules(12, [RULE])).toEqual({ ok: true, value: [RULE] });
    await gateway.saveWebhook(12, { url: 'https://hooks.slack.com/services/x', send: 'each' });
    await gateway.testWebhook(12);
    await gateway.removeWebhook(12);
    expect(
      seen.map((request) => [
        request.method,
        request.url.replace('https://api.loop.test/api/v1', ''),
        request.body,
      ]),
    ).toEqual([
      ['GET', '/surveys/12/alerts', undefined],
      ['PUT', '/surveys/12/alerts/mine', { mode: 'digest', conditions: true }],
      ['PUT', '/surveys/12/alerts/rules', { rules: [RULE] }],
      ['PUT', '/surveys/12/alerts/webhook', { url: 'https://hooks.slack.com/services/x', send: 'each' }],
      ['POST', '/surveys/12/alerts/webhook/test', undefined],
      ['DELETE', '/surveys/12/alerts/webhook', undefined],
    ]);
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
  });

  it("should hand a refusal back as the server's Dutch detail", async () => {
    const { client } = wireClient(() =>
      jsonResponse(400, { detail: 'Het webhook-adres moet met https:// beginnen.' }),
    );
    expect(await createAlertsGateway(client).saveRules(1, [])).toMatchObject({
      ok: false,
      status: 400,
      detail: 'Het webhook-adres moet met https:// beginnen.',
    });
  });
});
