import type { Survey } from '@loop/core';
import type { SurveyAlerts } from '@loop/core/surveys/alerts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alertWebhookDeliveries, responseAlertJobs } from '../db/schema';
import { createOutbox } from '../outbox/outbox';
import {
  type FakeWebhookReceiver,
  outboxRows,
  startFakeWebhookReceiver,
  teamAddresses,
} from '../testing/alertTesting';
import { call, createSurvey, publicToken, respond } from '../testing/responseTesting';
import { type SurveyOrganization, sampleQuestions, surveyOrganization } from '../testing/surveyTesting';
import {
  api,
  createTestContext,
  TEST_ALERT_WEBHOOK_KEY,
  type TestContext,
  testConfig,
} from '../testing/testApp';
import { sendDigests } from './alertDigests';
import { runAlertJobs } from './alertJobs';
import { deliverWebhooks } from './webhookDelivery';

let ctx: TestContext;
let org: SurveyOrganization;
let receiver: FakeWebhookReceiver;
let deps: Parameters<typeof runAlertJobs>[0] & Parameters<typeof sendDigests>[0];
let team: Awaited<ReturnType<typeof teamAddresses>>;

const CRITICASTER = {
  id: 'criticaster',
  name: 'Criticaster',
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: 'q-nps', operator: 'between', min: 0, max: 6 }],
  },
};

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver();
  const alerts = {
    webhookKey: TEST_ALERT_WEBHOOK_KEY,
    webhookTestOrigins: [receiver.origin],
    intervalSeconds: 5,
  };
  ctx = await createTestContext({ config: { alerts } });
  org = await surveyOrganization(ctx, 'Afleveren BV');
  team = await teamAddresses(ctx.db, org.organization.id);
  const config = testConfig(ctx.dataDir, { alerts });
  deps = { db: ctx.db, config, outbox: createOutbox(config), clock: ctx.clock };
});

afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(200);
});

const asMember = (method: 'PUT' | 'GET', path: string, payload?: unknown) =>
  api(ctx.app, method, path, {
    token: org.memberToken,
    headers: org.headers,
    ...(payload === undefined ? {} : { payload }),
  });

/** A survey with the criticaster rule; the member gets condition alerts, the owner `ownerMode`. */
async function watchedSurvey(ownerMode: 'each' | 'digest' | 'none', overrides: Partial<Survey> = {}) {
  const survey = await createSurvey(ctx, org, { questions: sampleQuestions(), ...overrides });
  expect(
    (await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/rules`, { rules: [CRITICASTER] })).statusCode,
  ).toBe(200);
  expect(
    (await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/mine`, { mode: ownerMode, conditions: false }))
      .statusCode,
  ).toBe(200);
  expect(
    (await asMember('PUT', `/surveys/${survey.id}/alerts/mine`, { mode: 'none', conditions: true }))
      .statusCode,
  ).toBe(200);
  return survey;
}

const submit = async (token: string, key: string, score: number, text?: string) => {
  const sent = await respond(ctx, token, {
    final: true,
    ...(key === '' ? {} : { respondent_key: key }),
    answers: [
      { question_id: 'q-nps', value: { score } },
      ...(text === undefined ? [] : [{ question_id: 'q-open', value: { text } }]),
    ],
  });
  expect(sent.statusCode, sent.body).toBe(200);
};

describe('alert e-mails (R-ALERT-1, R-ALERT-2)', () => {
  it('should give a job up after its last attempt, reported with ids only, and leave the next ones (R-ALERT-7)', async () => {
    const survey = await watchedSurvey('each');
    const token = await publicToken(ctx, org, survey.id);
    await submit(token, 'onbestelbaar-respondent-1', 2, 'Niets werkt');
    await ctx.db
      .update(responseAlertJobs)
      .set({ attempts: 4 })
      .where(eq(responseAlertJobs.surveyId, survey.id));
    const reported: Array<{ details: object; message: string }> = [];
    const failing = {
      ...deps,
      outbox: {
        ...deps.outbox,
        enqueueMany: async () => {
          throw new Error('de uitgaande post is dicht');
        },
      },
      output: { error: (details: object, message: string) => reported.push({ details, message }) },
    };
    expect(await runAlertJobs(failing)).toBe(1);
    expect(
      await ctx.db.select().from(responseAlertJobs).where(eq(responseAlertJobs.surveyId, survey.id)),
    ).toEqual([]);
    expect(reported).toHaveLength(1);
    expect(reported[0]!.message).toBe('Meldingen voor een reactie opgegeven na de laatste poging');
    expect(reported[0]!.details).toEqual({
      survey_id: survey.id,
      response_id: expect.any(Number),
      attempts: 5,
    });
    expect(JSON.stringify(reported)).not.toContain('Niets werkt');
  });

  it('should mail every response to a member who chose so, and a criticaster only to the member with condition alerts', async () => {
    const survey = await watchedSurvey('each');
    const token = await publicToken(ctx, org, survey.id);
    await submit(token, 'promotor-respondent-01', 9, 'Prima service');
    await submit(token, 'criticus-respondent-01', 3, 'Veel te traag');
    expect(await runAlertJobs(deps)).toBe(2);
    expect(
      await ctx.db.select().from(responseAlertJobs).where(eq(responseAlertJobs.surveyId, survey.id)),
    ).toEqual([]);
    const mails = await outboxRows(ctx.db, org.organization.id, 'alert:');
    const about = mails.filter((mail) => mail.subject.includes(survey.title));
    expect(about.map((mail) => [mail.recipient, mail.subject])).toEqual([
      [team.owner.email, `Nieuwe reactie op '${survey.title}'`],
      [team.owner.email, `Melding 'Criticaster': nieuwe reactie op '${survey.title}'`],
      [team.member.email, `Melding 'Criticaster': nieuwe reactie op '${survey.title}'`],
    ]);
    const critic = about[2]!;
    expect(critic.kind).toBe('response-alert');
    expect(critic.text).toContain('(Reactie 2)');
    expect(critic.text).toContain('- Hoe waarschijnlijk is het dat je ons aanbeveelt?: 3');
    expect(critic.text).toContain('- Wat kan beter?: Veel te traag');
    expect(critic.text).toContain(`http://loop.test/survey/${survey.id}/edit#meldingen`);
    expect(critic.html).toContain('<li>Wat kan beter?: Veel te traag</li>');
    // A second pass finds nothing to do: each alert once.
    expect(await runAlertJobs(deps)).toBe(0);
  });

  it('should never name or link the respondent of an anonymous survey, and name them otherwise (R-ALERT-3)', async () => {
    for (const anonymous of [false, true]) {
      const survey = await watchedSurvey('each');
      if (anonymous)
        expect(
          (await call(ctx, org, 'PUT', `/surveys/${survey.id}/anonymity`, { anonymous: true })).statusCode,
        ).toBe(200);
      const links = await call(ctx, org, 'POST', `/surveys/${survey.id}/personal-links`, {
        count: 1,
        label: 'Jan Jansen',
      });
      const [token] = links.json<{ tokens: string[] }>().tokens;
      await submit(token as string, '', 2, 'Ik ben boos');
      await runAlertJobs(deps);
      const mails = (await outboxRows(ctx.db, org.organization.id, 'alert:')).filter((mail) =>
        mail.text.includes(`/survey/${survey.id}`),
      );
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(mail.text.includes('Jan Jansen'), `anonymous: ${anonymous}`).toBe(!anonymous);
        expect(mail.html.includes('Jan Jansen')).toBe(!anonymous);
        expect(mail.text).not.toContain('/respond/');
        expect(mail.text.includes('Deze survey is anoniem')).toBe(anonymous);
      }
    }
  });
});

describe('channel deliveries (R-ALERT-6)', () => {
  const view = async (surveyId: number) =>
    (await call(ctx, org, 'GET', `/surveys/${surveyId}/alerts`)).json<SurveyAlerts>().webhook;
  const dueNow = (surveyId: number) =>
    ctx.db.execute(sql`update alert_webhook_deliveries set not_before = now() where survey_id = ${surveyId}`);

  it('should deliver the test message and a response alert to the receiver and show the last delivery', async () => {
    const survey = await watchedSurvey('none');
    const set = await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/webhook`, {
      url: receiver.url,
      send: 'conditions',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ kind: 'test', host: '127.0.0.1' });
    await call(ctx, org, 'POST', `/surveys/${survey.id}/alerts/webhook/test`);
    expect(await deliverWebhooks(deps)).toBe(1);
    expect(receiver.received).toEqual([
      { text: `Testbericht van Loop: meldingen van de survey '${survey.title}' komen in dit kanaal binnen.` },
    ]);
    const token = await publicToken(ctx, org, survey.id);
    await submit(token, 'kanaal-promotor-00001', 10);
    await submit(token, 'kanaal-criticus-00001', 1, 'Slecht');
    await runAlertJobs(deps);
    expect(await deliverWebhooks(deps)).toBe(1);
    const text = (receiver.received[1] as { text: string }).text;
    expect(text).toContain(`Melding 'Criticaster': nieuwe reactie op '${survey.title}'`);
    expect(text).toContain('- Wat kan beter?: Slecht');
    expect(await view(survey.id)).toMatchObject({ last_error: null, pending: 0 });
    expect((await view(survey.id))?.last_delivery_at).not.toBeNull();
  });

  it('should give claimed messages back unposted, their attempt not counted, when the server stops (R-CLUSTER-2)', async () => {
    const survey = await watchedSurvey('none');
    await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/webhook`, { url: receiver.url, send: 'each' });
    await call(ctx, org, 'POST', `/surveys/${survey.id}/alerts/webhook/test`);
    await call(ctx, org, 'POST', `/surveys/${survey.id}/alerts/webhook/test`);
    // A pass that starts as the server stops claims the due messages and posts none of them.
    expect(await deliverWebhooks(deps, { signal: AbortSignal.abort() })).toBe(0);
    expect(receiver.received).toEqual([]);
    const rows = await ctx.db
      .select()
      .from(alertWebhookDeliveries)
      .where(eq(alertWebhookDeliveries.surveyId, survey.id));
    expect(
      rows.map(({ state, attempts, claimedBy, leaseUntil }) => ({ state, attempts, claimedBy, leaseUntil })),
    ).toEqual([1, 2].map(() => ({ state: 'queued', attempts: 0, claimedBy: null, leaseUntil: null })));
    // The next pass (another server's, say) posts them.
    expect(await deliverWebhooks(deps)).toBe(2);
  });

  it('should show a receiver 5xx or 4xx as the last error and try again later with back-off, then give up', async () => {
    const survey = await watchedSurvey('none');
    await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/webhook`, { url: receiver.url, send: 'each' });
    await call(ctx, org, 'POST', `/surveys/${survey.id}/alerts/webhook/test`);
    receiver.answer(500, 'boom');
    expect(await deliverWebhooks(deps, { random: () => 0.5 })).toBe(0);
    const [row] = await ctx.db
      .select()
      .from(alertWebhookDeliveries)
      .where(eq(alertWebhookDeliveries.surveyId, survey.id));
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    const wait = (row?.notBefore.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(15_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(await view(survey.id)).toMatchObject({
      last_error: 'Poging 1 van 8 mislukt (HTTP 500: boom); nieuwe poging over 1 minuut.',
      pending: 1,
    });
    // Not due yet: nothing is sent.
    expect(await deliverWebhooks(deps)).toBe(0);
    receiver.answer(200);
    await dueNow(survey.id);
    expect(await deliverWebhooks(deps)).toBe(1);
    expect(receiver.received).toHaveLength(1);
    expect(await view(survey.id)).toMatchObject({ pending: 0 });

    // A 404 on the last attempt: given up, and the reason stays visible.
    await call(ctx, org, 'POST', `/surveys/${survey.id}/alerts/webhook/test`);
    await ctx.db.execute(
      sql`update alert_webhook_deliveries set attempts = 7 where survey_id = ${survey.id} and state = 'queued'`,
    );
    receiver.answer(404, 'no_service');
    expect(await deliverWebhooks(deps)).toBe(0);
    expect(await view(survey.id)).toMatchObject({
      last_error: 'Niet afgeleverd na 8 pogingen; laatste antwoord: HTTP 404: no_service',
      pending: 0,
    });
  });
});

describe('daily digests (R-ALERT-5)', () => {
  it('should send one digest per member and day, also with two workers at once and after a restart', async () => {
    const survey = await watchedSurvey('digest');
    const token = await publicToken(ctx, org, survey.id);
    await submit(token, 'overzicht-respondent-1', 4);
    await submit(token, 'overzicht-respondent-2', 10);
    const digests = async () =>
      (await outboxRows(ctx.db, org.organization.id, `digest:${survey.id}:`)).map((mail) => mail.reference);
    // The fake clock stands at 2 March, 10:00 in the Netherlands: that day's digest covers 1 March, empty.
    expect(await sendDigests(deps)).toBe(0);
    // The next morning at 06:30 nothing yet; at 07:30 (06:30 UTC) two workers at once send one digest.
    // (Last in the file: the moved clock ends the test sessions.)
    ctx.clock.advance(20.5 * 3600_000);
    expect(await sendDigests(deps)).toBe(0);
    ctx.clock.advance(3600_000);
    const [first, second] = await Promise.all([sendDigests(deps), sendDigests(deps)]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    expect(await digests()).toEqual([`digest:${survey.id}:${team.owner.id}:2026-03-03`]);
    const [mail] = await outboxRows(ctx.db, org.organization.id, `digest:${survey.id}:`);
    expect(mail?.subject).toBe(`Dagelijks overzicht van '${survey.title}': 2 nieuwe reacties`);
    expect(mail?.text).toContain('- Criticaster: 1');
    // Later that day, or a restarted server: nothing again.
    ctx.clock.advance(3600_000);
    expect(await sendDigests(deps)).toBe(0);
    expect(await digests()).toHaveLength(1);
  });
});
