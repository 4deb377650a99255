import { WEBHOOK_EVENT_TYPES } from '@loop/core/webhooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../results/resultsSql';
import {
  addContact,
  alignClockWithNow,
  as,
  type Caller,
  callAs,
  deliverDueMail,
  linkTokenOf,
  openSurvey,
  unsubscribeTokenOf,
} from '../testing/invitationTesting';
import { createKpi } from '../testing/kpiTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext, uniqueEmail } from '../testing/testApp';
import { queueResponseWebhooks } from './webhookResponseJobs';

/** Where each event is made (R-HOOK-3) and what it carries (R-HOOK-4); delivering is webhookDelivery.test.ts's. */
let ctx: TestContext;
let team: TestTeam;
let owner: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  alignClockWithNow(ctx);
  team = await createTeam(ctx, 'Gebeurtenissen BV');
  owner = as(team);
  const created = await callAs(ctx, owner, 'POST', '/webhooks', {
    url: 'https://93.184.216.34/loop',
    events: WEBHOOK_EVENT_TYPES,
  });
  expect(created.statusCode, created.body).toBe(201);
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.db.execute(sql`delete from webhook_deliveries`);
  await ctx.db.execute(sql`delete from webhook_response_jobs`);
});

// Submissions leave jobs (R-HOOK-3); the delivery pass turns them into deliveries first.
async function events() {
  await queueResponseWebhooks(ctx.db);
  const rows = await queryRows<{ type: string; subject: string; body: string; message_id: string }>(
    ctx.db,
    sql`select type, subject, body, message_id from webhook_deliveries order by id`,
  );
  return rows.map((row) => ({
    ...row,
    body: JSON.parse(row.body) as { type: string; data: Record<string, unknown> },
  }));
}

const dataOf = async (type: string) =>
  (await events()).filter((e) => e.type === type).map((e) => e.body.data);

async function invitedAnswer(anonymous: boolean) {
  const survey = await openSurvey(ctx, owner, anonymous ? 'Anoniem' : 'Persoonlijk');
  if (anonymous)
    expect(
      (await callAs(ctx, owner, 'PUT', `/surveys/${survey.id}/anonymity`, { anonymous: true })).statusCode,
    ).toBe(200);
  const contact = await addContact(ctx, owner, { name: 'Nina Vos', email: uniqueEmail('nina') });
  await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/invitations`, { selection: { ids: [contact.id] } });
  await deliverDueMail(ctx);
  const mail = ctx.mailer.to(contact.email)[0];
  const sent = await api(ctx.app, 'POST', `/respond/${linkTokenOf(mail?.text ?? '')}`, {
    payload: { final: true, answers: [] },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return { survey, contact, mail };
}

describe('events at their places', () => {
  it('tells of an invitation sent, its response with the contact, and an unsubscribe once', async () => {
    const { survey, contact, mail } = await invitedAnswer(false);
    const [invitation] = await dataOf('invitation.sent');
    expect(invitation).toEqual({
      survey_id: survey.id,
      invitation_id: expect.any(Number),
      contact_id: contact.id,
      reminder: false,
    });
    expect(await dataOf('response.completed')).toEqual([
      expect.objectContaining({ survey_id: survey.id, contact_id: contact.id }),
    ]);
    const token = unsubscribeTokenOf(mail?.text ?? '');
    for (let i = 0; i < 2; i++) {
      const answer = await api(ctx.app, 'POST', `/unsubscribe/${token}`);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect(await dataOf('contact.unsubscribed')).toEqual([{ contact_id: contact.id }]);
  });

  it("names no contact in an anonymous survey's response", async () => {
    const { survey } = await invitedAnswer(true);
    const [completed] = await dataOf('response.completed');
    expect(completed).toEqual({
      survey_id: survey.id,
      response_id: expect.any(Number),
      contact_id: null,
      completed_at: expect.any(String),
    });
    const body = (await events()).find((e) => e.type === 'response.completed')?.body;
    expect(JSON.stringify(body)).not.toMatch(/email|respondent|@/);
  });

  it('tells of each KPI value that changed, with the one before', async () => {
    const kpi = await createKpi(ctx, team);
    const put = async (value: number) => {
      const answer = await callAs(ctx, owner, 'PUT', `/kpis/${kpi.id}/values/2026-01`, { value, note: '' });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer;
    };
    expect((await put(10)).statusCode).toBe(200);
    expect((await put(12)).statusCode).toBe(200);
    expect((await put(12)).statusCode).toBe(200);
    expect((await callAs(ctx, owner, 'DELETE', `/kpis/${kpi.id}/values/2026-01`)).statusCode).toBe(204);
    expect(await dataOf('kpi.value_changed')).toEqual([
      { kpi_id: kpi.id, period: '2026-01', value: 10, previous_value: null },
      { kpi_id: kpi.id, period: '2026-01', value: 12, previous_value: 10 },
      { kpi_id: kpi.id, period: '2026-01', value: null, previous_value: 12 },
    ]);
    const rows = await events();
    expect(new Set(rows.map((row) => row.subject))).toEqual(new Set([`kpi:${kpi.id}`]));
    expect(new Set(rows.map((row) => row.message_id)).size).toBe(3);
  });

  it('tells of a business analysis made', async () => {
    const kpi = await createKpi(ctx, team);
    await callAs(ctx, owner, 'PUT', `/kpis/${kpi.id}/values/2026-02`, { value: 5, note: '' });
    const made = await callAs(ctx, owner, 'POST', '/organization/business-analysis', {});
    expect(made.statusCode, made.body).toBe(200);
    const [analysis] = await dataOf('analysis.completed');
    expect(analysis).toEqual({ analysis_id: expect.any(Number) });
  });
});
