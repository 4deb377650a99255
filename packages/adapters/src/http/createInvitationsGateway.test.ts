import { describe, expect, it } from 'vitest';
import { jsonResponse, wireClient } from '../testing/wireClient';
import { createInvitationsGateway, createUnsubscribeGateway } from './createInvitationsGateway';

const SENT = { planned: 2, skipped: [], send_at: '2026-11-26T10:00:00.000Z' };

describe('createInvitationsGateway', () => {
  it('should POST the request to the survey’s invitations and read the status list with its query', async () => {
    const { client, seen } = wireClient((request) =>
      request.method === 'POST' ? jsonResponse(202, SENT) : jsonResponse(200, { items: [] }),
    );
    const gateway = createInvitationsGateway(client);
    const request = { selection: { segment_id: 3 }, send_at: null };
    expect(await gateway.send(12, request)).toEqual({ ok: true, value: SENT });
    await gateway.list(12, { status: 'failed', page: 2 });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: 'https://api.loop.test/api/v1/surveys/12/invitations',
      body: request,
    });
    expect(seen[0]?.headers.get('x-organization-id')).toBe('7');
    expect(seen[1]?.url).toBe('https://api.loop.test/api/v1/surveys/12/invitations?status=failed&page=2');
  });

  it('should PATCH reminders and the contact rule', async () => {
    const { client, seen } = wireClient(() => jsonResponse(200, {}));
    const gateway = createInvitationsGateway(client);
    await gateway.updateReminders(12, { stopped: true });
    await gateway.updateContactRules({ min_days_between: 14 });
    expect(seen.map((request) => [request.method, request.url, request.body])).toEqual([
      ['PATCH', 'https://api.loop.test/api/v1/surveys/12/reminders', { stopped: true }],
      ['PATCH', 'https://api.loop.test/api/v1/organization/contact-rules', { min_days_between: 14 }],
    ]);
  });
});

describe('createUnsubscribeGateway', () => {
  it('should call the public link with the token escaped and never refresh a session for it', async () => {
    const answers = [
      jsonResponse(200, { organization_name: 'Acme', email_hint: 'j•••@a.nl', unsubscribed: true }),
      jsonResponse(401, { detail: 'Niet ingelogd.' }),
    ];
    const { client, seen } = wireClient(() => answers.shift() ?? jsonResponse(500, {}));
    const gateway = createUnsubscribeGateway(client);
    expect(await gateway.unsubscribe('a/b')).toMatchObject({ ok: true, value: { unsubscribed: true } });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('https://api.loop.test/api/v1/unsubscribe/a%2Fb');
    expect(await gateway.preview('x')).toMatchObject({ ok: false, status: 401 });
    expect(seen).toHaveLength(2);
  });
});
