import type { Survey } from '@loop/core';
import { ALERT_RULE_MESSAGES, type SurveyAlerts, WEBHOOK_MESSAGES } from '@loop/core/surveys/alerts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responseAlertJobs, surveyAlerts, surveyResponses, surveys } from '../db/schema';
import { findRespondTarget, writeResponse } from '../responses/responses';
import { call, createSurvey, publicToken, respond } from '../testing/responseTesting';
import { type SurveyOrganization, sampleQuestions, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, TEST_ALERT_WEBHOOK_KEY, type TestContext } from '../testing/testApp';
import { ALERT_ROUTE_MESSAGES } from './alertRoutes';
import { decryptWebhookUrl } from './webhookSecret';

let ctx: TestContext;
let org: SurveyOrganization;
let other: SurveyOrganization;
let survey: Survey;

const SLACK = 'https://hooks.slack.com/services/T0001/B0001/abcdefGEHEIM';

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Meldingen BV');
  other = await surveyOrganization(ctx, 'Anders BV');
  survey = await createSurvey(ctx, org, { questions: sampleQuestions() });
});

afterAll(async () => {
  await ctx.close();
});

const asMember = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: unknown) =>
  api(ctx.app, method, path, {
    token: org.memberToken,
    headers: org.headers,
    ...(payload === undefined ? {} : { payload }),
  });
const flag = async (id: number) =>
  (await ctx.db.select({ alerts: surveys.alerts }).from(surveys).where(eq(surveys.id, id)))[0]?.alerts;

describe('a member choice (R-ALERT-1)', () => {
  it('should start with none, save each member their own choice and set the survey flag with it', async () => {
    const start = await asMember('GET', `/surveys/${survey.id}/alerts`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json<SurveyAlerts>()).toEqual({
      mine: { mode: 'none', conditions: false },
      rules: [],
      webhook: null,
    });
    expect(await flag(survey.id)).toBe(false);

    const saved = await asMember('PUT', `/surveys/${survey.id}/alerts/mine`, {
      mode: 'each',
      conditions: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ mode: 'each', conditions: true });
    expect(await flag(survey.id)).toBe(true);
    // The owner's own choice is still none.
    expect((await call(ctx, org, 'GET', `/surveys/${survey.id}/alerts`)).json<SurveyAlerts>().mine.mode).toBe(
      'none',
    );

    await asMember('PUT', `/surveys/${survey.id}/alerts/mine`, { mode: 'none', conditions: false });
    expect(await flag(survey.id)).toBe(false);
  });

  it("should refuse bad input with a Dutch 400 and another organisation's survey with 404, changing nothing", async () => {
    const bad = await asMember('PUT', `/surveys/${survey.id}/alerts/mine`, {
      mode: 'wekelijks',
      conditions: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().detail).toBe('string');
    const foreign = await api(ctx.app, 'PUT', `/surveys/${survey.id}/alerts/mine`, {
      token: other.memberToken,
      headers: other.headers,
      payload: { mode: 'each', conditions: false },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await flag(survey.id)).toBe(false);
  });
});

describe('condition alerts (R-ALERT-2)', () => {
  it('should save the rules and name an unknown question in Dutch', async () => {
    const rules = [
      {
        id: 'criticaster',
        name: 'Criticaster',
        when: {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'q-nps', operator: 'between', min: 0, max: 6 }],
        },
      },
    ];
    const saved = await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/rules`, { rules });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ rules });
    const refused = await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/rules`, {
      rules: [
        {
          ...rules[0],
          when: {
            match: 'all',
            conditions: [{ source: 'question', question_id: 'weg', operator: 'answered' }],
          },
        },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: ALERT_RULE_MESSAGES.unknownQuestion,
      fields: { 'rules.0.when.conditions.0.question_id': ALERT_RULE_MESSAGES.unknownQuestion },
    });
    expect((await call(ctx, org, 'GET', `/surveys/${survey.id}/alerts`)).json<SurveyAlerts>().rules).toEqual(
      rules,
    );
  });
});

describe('the channel address (R-ALERT-4)', () => {
  it('should refuse addresses that are not https Slack or Teams webhooks with a Dutch 400', async () => {
    for (const [url, detail] of [
      ['http://hooks.slack.com/services/T/B/x', WEBHOOK_MESSAGES.notHttps],
      ['https://example.com/services/T/B/x', WEBHOOK_MESSAGES.host],
      ['https://hooks.slack.com.example.com/services/x', WEBHOOK_MESSAGES.host],
      ['http://127.0.0.1:9/hook', WEBHOOK_MESSAGES.notHttps],
      ['geen adres', WEBHOOK_MESSAGES.urlUnreadable],
    ] as const) {
      const refused = await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/webhook`, {
        url,
        send: 'each',
      });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toEqual({ detail, fields: { url: detail } });
    }
    const [row] = await ctx.db.select().from(surveyAlerts).where(eq(surveyAlerts.surveyId, survey.id));
    expect(row?.webhookSecret ?? null).toBeNull();
  });

  it('should store the address encrypted, never hand it out, and take it out again', async () => {
    const saved = await call(ctx, org, 'PUT', `/surveys/${survey.id}/alerts/webhook`, {
      url: SLACK,
      send: 'conditions',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      kind: 'slack',
      host: 'hooks.slack.com',
      send: 'conditions',
      last_delivery_at: null,
      last_error: null,
      last_error_at: null,
      pending: 0,
    });
    const [row] = await ctx.db.select().from(surveyAlerts).where(eq(surveyAlerts.surveyId, survey.id));
    expect(row?.webhookSecret).not.toContain('GEHEIM');
    expect(row?.webhookSecret).not.toContain('hooks.slack.com');
    expect(decryptWebhookUrl(TEST_ALERT_WEBHOOK_KEY, survey.id, row?.webhookSecret as string)).toBe(SLACK);
    // Bound to its survey: the same value does not open for another one.
    expect(decryptWebhookUrl(TEST_ALERT_WEBHOOK_KEY, survey.id + 1, row?.webhookSecret as string)).toBeNull();
    expect((await call(ctx, org, 'GET', `/surveys/${survey.id}/alerts`)).body).not.toContain('GEHEIM');
    expect(await flag(survey.id)).toBe(true);

    const test = await call(ctx, org, 'POST', `/surveys/${survey.id}/alerts/webhook/test`);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ pending: 1 });

    expect((await call(ctx, org, 'DELETE', `/surveys/${survey.id}/alerts/webhook`)).statusCode).toBe(204);
    expect(await flag(survey.id)).toBe(false);
    const again = await call(ctx, org, 'POST', `/surveys/${survey.id}/alerts/webhook/test`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: ALERT_ROUTE_MESSAGES.noWebhook });
    // A viewer-level member may not set the team's channel; a member may (surveys.build).
    const member = await asMember('PUT', `/surveys/${survey.id}/alerts/webhook`, {
      url: SLACK,
      send: 'each',
    });
    expect(member.statusCode).toBe(200);
    await call(ctx, org, 'DELETE', `/surveys/${survey.id}/alerts/webhook`);
  });
});

describe('the alert job of a submission (R-ALERT-7)', () => {
  const answer = async (token: string, key: string, score: number) => {
    const sent = await respond(ctx, token, {
      final: true,
      respondent_key: key,
      answers: [{ question_id: 'q-nps', value: { score } }],
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  const jobsOf = (surveyId: number) =>
    ctx.db.select().from(responseAlertJobs).where(eq(responseAlertJobs.surveyId, surveyId));

  it('should leave a job only for a survey with alerts', async () => {
    const quiet = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await answer(await publicToken(ctx, org, quiet.id), 'stil-respondent-0001', 3);
    expect(await jobsOf(quiet.id)).toEqual([]);

    const watched = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await asMember('PUT', `/surveys/${watched.id}/alerts/mine`, { mode: 'each', conditions: false });
    const token = await publicToken(ctx, org, watched.id);
    await answer(token, 'gezien-respondent-0001', 9);
    const jobs = await jobsOf(watched.id);
    expect(jobs).toHaveLength(1);
    // Submitting again changes nothing and leaves no second job.
    await answer(token, 'gezien-respondent-0001', 9);
    expect(await jobsOf(watched.id)).toHaveLength(1);
  });

  it("should write the job in the submission's own statement: rolled back with it", async () => {
    const watched = await createSurvey(ctx, org, { questions: sampleQuestions() });
    await asMember('PUT', `/surveys/${watched.id}/alerts/mine`, { mode: 'each', conditions: false });
    const token = await publicToken(ctx, org, watched.id);
    const saved = await respond(ctx, token, {
      final: false,
      respondent_key: 'teruggedraaid-000001',
      answers: [{ question_id: 'q-nps', value: { score: 4 } }],
    });
    const responseToken = saved.json<{ response_token: string }>().response_token;
    const target = await findRespondTarget(ctx.db, responseToken);
    expect(target?.alerts).toBe(true);
    const rollback = new Error('terugdraaien');
    await expect(
      ctx.db.transaction(async (tx) => {
        const written = await writeResponse(tx, {
          response: target!.response!,
          surveyId: watched.id,
          final: true,
          now: ctx.clock.now(),
          questionIds: [],
          items: [],
          seconds: [],
          alerts: true,
        });
        expect(written).toBe(true);
        expect(
          await tx.select().from(responseAlertJobs).where(eq(responseAlertJobs.surveyId, watched.id)),
        ).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await jobsOf(watched.id)).toEqual([]);
    const [response] = await ctx.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.id, target!.response!.id));
    expect(response?.status).toBe('in_progress');
  });
});
