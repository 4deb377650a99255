import { STORAGE_KEYS } from '@loop/adapters';
import type { MemberRole, Survey, SurveyInvitations } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, choose, click, render, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./InvitationsScreen');
});

const SURVEY: Survey = {
  id: 12,
  organization_id: 7,
  title: 'Klanttevredenheid 2026',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  status: 'open',
  close_at: null,
  created_at: '2026-10-01T08:00:00Z',
  updated_at: '2026-10-01T08:00:00Z',
  published_at: '2026-10-01T08:00:00Z',
  closed_at: null,
  questions: [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 0, settings: {} },
  ],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 3,
  estimated_seconds: 60,
  retention_until: null,
  retention_months: null,
  anonymous: false,
};

const LIST: SurveyInvitations = {
  items: [
    {
      id: 1,
      contact_id: 5,
      name: 'Jan Jansen',
      email: 'jan@voorbeeld.nl',
      status: 'failed',
      failure: '550 5.1.1 Mailbox unknown',
      planned_at: '2026-11-20T08:00:00Z',
      sent_at: null,
      opened_at: null,
      completed_at: null,
      reminders_sent: 0,
      last_mail_at: null,
    },
    {
      id: 2,
      contact_id: 6,
      name: 'Els de Vries',
      email: 'els@voorbeeld.nl',
      status: 'completed',
      failure: null,
      planned_at: '2026-11-20T08:00:00Z',
      sent_at: '2026-11-20T08:00:05Z',
      opened_at: '2026-11-20T09:00:00Z',
      completed_at: '2026-11-20T09:05:00Z',
      reminders_sent: 1,
      last_mail_at: '2026-11-23T08:00:00Z',
    },
  ],
  total: 2,
  page: 1,
  page_size: 50,
  counts: { planned: 0, sent: 0, failed: 1, opened: 0, completed: 1, cancelled: 0 },
  sending: 0,
  reminders: { after_days: 3, max_reminders: 1, stopped: false },
};

/** Anna's invitation, planned and due (its mail on its way), or sent. */
const anna = (sent: boolean): SurveyInvitations => ({
  ...LIST,
  items: [
    {
      id: 3,
      contact_id: 7,
      name: 'Anna Bakker',
      email: 'anna@voorbeeld.nl',
      status: sent ? 'sent' : 'planned',
      failure: null,
      planned_at: '2026-11-26T10:00:00Z',
      sent_at: sent ? '2026-11-26T10:00:01Z' : null,
      opened_at: null,
      completed_at: null,
      reminders_sent: 0,
      last_mail_at: '2026-11-26T10:00:00Z',
    },
  ],
  total: 1,
  counts: { planned: sent ? 0 : 1, sent: sent ? 1 : 0, failed: 0, opened: 0, completed: 0, cancelled: 0 },
  sending: sent ? 0 : 1,
});

function app(
  role: MemberRole,
  send: (request: SeenRequest) => Response = () => json(202, {}),
  lists: SurveyInvitations[] = [LIST],
) {
  // The screen's timers, run when a test says so.
  const timers: { ms: number; task: () => void }[] = [];
  const test = createSignedInApp({
    role: role,
    path: '/survey/12/uitnodigen',
    storage: { [STORAGE_KEYS.currentOrgId]: '7' },
    routes: {
      'GET /surveys/12': () => json(200, SURVEY),
      'GET /surveys/12/invitations': () => json(200, lists.length > 1 ? lists.shift() : lists[0]),
      'GET /surveys/12/rounds': () => json(200, { schedule: null, rounds: [] }),
      'GET /contacts/segments': () =>
        json(200, [
          {
            id: 3,
            name: 'Regio Noord',
            filter: { tags: ['noord'] },
            contact_count: 120,
            created_at: '2026-11-01T08:00:00Z',
            updated_at: '2026-11-01T08:00:00Z',
          },
        ]),
      'GET /contacts/facets': () =>
        json(200, { tags: [{ tag: 'noord', count: 120 }], attribute_keys: [], total: 200 }),
      'POST /surveys/12/invitations/preview': () =>
        json(200, {
          recipients: 118,
          skipped: [
            {
              contact_id: 9,
              name: 'Piet Post',
              email: 'piet@voorbeeld.nl',
              reason: 'unsubscribed',
              detail: 'Afgemeld voor uitnodigingen van deze organisatie.',
            },
          ],
          sample: {
            to: 'Anna Bakker <anna@voorbeeld.nl>',
            from: 'Demo BV via Loop <no-reply@loop.local>',
            subject: 'Uitnodiging: Klanttevredenheid 2026',
            html: '<p>Hallo Anna,</p>',
            text: 'Hallo Anna,',
          },
        }),
      'POST /surveys/12/invitations': send,
      'PATCH /surveys/12/reminders': (request) =>
        json(200, { ...LIST.reminders, ...(request.body as object) }),
    },
    overrides: {
      Timer: {
        after: (ms, task) => {
          const entry = { ms, task };
          timers.push(entry);
          return () => timers.splice(timers.indexOf(entry) >>> 0, 1);
        },
      },
    },
  });
  return { ...test, timers };
}

describe('InvitationsScreen', () => {
  it('should preview a segment with who is left out and why, then send it', async () => {
    const test = app('member', () =>
      json(202, { planned: 118, skipped: [], send_at: '2026-11-26T10:00:00.000Z' }),
    );
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain('Uitnodigen: Klanttevredenheid 2026'));
    await waitFor(() =>
      expect(container.querySelector('option[value="3"]')?.textContent).toBe('Regio Noord (120)'),
    );

    await click(button(container, 'Voorbeeld bekijken'));
    await waitFor(() => expect(container.textContent).toContain('Kies een segment.'));
    expect(test.api.seen.some((request) => request.path.endsWith('/preview'))).toBe(false);

    const select = container.querySelector('select') as HTMLSelectElement;
    await choose(select, '3');
    await click(button(container, 'Voorbeeld bekijken'));
    await waitFor(() => expect(container.textContent).toContain('118 contacten krijgen een uitnodiging'));
    expect(container.textContent).toContain(
      'Piet Post (piet@voorbeeld.nl): Afgemeld voor uitnodigingen van deze organisatie.',
    );
    expect(container.textContent).toContain('Uitnodiging: Klanttevredenheid 2026');
    expect(container.querySelector('iframe')?.getAttribute('sandbox')).toBe('');

    await click(button(container, '118 uitnodigingen versturen'));
    await waitFor(() =>
      expect(
        test.api.seen.some(
          (request) => request.method === 'POST' && request.path === '/surveys/12/invitations',
        ),
      ).toBe(true),
    );
    const sent = test.api.seen.find(
      (request) => request.method === 'POST' && request.path === '/surveys/12/invitations',
    );
    expect(sent?.body).toEqual({ selection: { segment_id: 3 }, send_at: null });
  });

  it('should show each contact’s status with the mail server’s reason, and save the reminders', async () => {
    const test = app('manager');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBe(2));
    const rows = [...container.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows[0]).toContain('Jan Jansen');
    expect(rows[0]).toContain('Mislukt');
    expect(rows[0]).toContain('550 5.1.1 Mailbox unknown');
    expect(rows[1]).toContain('Ingevuld');
    expect(container.textContent).toContain('Mislukt 1');

    await click(container.querySelector('input[type="checkbox"]'));
    await click(button(container, 'Herinneringen opslaan'));
    await waitFor(() => expect(test.api.seen.some((request) => request.method === 'PATCH')).toBe(true));
    const patch = test.api.seen.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ after_days: 3, max_reminders: 1, stopped: true });
  });

  it("should turn 'Gepland' into 'Verstuurd' once the mail went, without a reload", async () => {
    const test = app('member', undefined, [anna(false), anna(true)]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('tbody tr')?.textContent).toContain('Gepland'));
    expect(container.textContent).toContain(
      '1 uitnodiging wordt nu verstuurd; de status werkt zichzelf bij.',
    );
    // The list asks again in two seconds (the session's own refresh timer, hours away, is not the list's).
    const listTimers = () => test.timers.filter((timer) => timer.ms <= 60_000);
    expect(listTimers().map((timer) => timer.ms)).toEqual([2_000]);
    await act(async () => listTimers()[0]?.task());
    await waitFor(() => expect(container.querySelector('tbody tr')?.textContent).toContain('Verstuurd'));
    expect(container.textContent).toContain('Verstuurd 1');
    expect(container.textContent).not.toContain('wordt nu verstuurd');
    expect(listTimers()).toEqual([]);
  });

  it('should tell a viewer why and ask nothing about contacts', async () => {
    const test = app('viewer');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(container.textContent).toContain('Met de rol Lezer kun je geen contacten bekijken of beheren'),
    );
    expect(test.api.seen.some((request) => request.path.startsWith('/contacts'))).toBe(false);
    expect(test.api.seen.some((request) => request.path.includes('/invitations'))).toBe(false);
  });
});
