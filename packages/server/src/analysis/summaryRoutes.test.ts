import { ANALYSIS_MESSAGES, SUMMARY_MESSAGES, type Survey } from '@loop/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs, surveyAnswers } from '../db/schema';
import { ORGANIZATION_NOT_FOUND } from '../organizations/memberships';
import { RESULT_MESSAGES } from '../results/resultRoutes';
import { RANGE_MESSAGES } from '../results/resultsRange';
import { SURVEY_ERRORS } from '../surveys/surveys';
import {
  OPEN_ANSWERS,
  PERSONAL_IN_ANSWERS,
  summarise,
  summaryOf,
  summaryTeam,
} from '../testing/summaryTesting';
import type { TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { type Analyst, builtinAnalyst } from './analyst';

let ctx: TestContext;
let team: TestTeam;
let survey: Survey;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ team, survey } = await summaryTeam(ctx, 'Samenvatting BV'));
});

afterAll(async () => {
  await ctx?.close();
});

const audits = async () => {
  await ctx.app.appLog.flush();
  return ctx.db.select().from(appLogs).where(eq(appLogs.action, 'survey.answers_summarised'));
};

describe('POST /surveys/:id/questions/:questionId/summary', () => {
  it("should give the answers' themes with counts and scrubbed quotes, and audit it without any text", async () => {
    const response = await summarise(ctx.app, team, survey);
    expect(response.statusCode, response.body).toBe(200);
    const summary = summaryOf(response);
    expect(summary).toEqual({
      survey_id: survey.id,
      question_id: 'lang',
      analyst: 'builtin',
      answers_total: 9,
      answers_considered: 9,
      themes: [
        {
          label: 'Laptop',
          count: 3,
          quotes: [
            'Betere laptops voor iedereen.',
            'Een trage laptop kost me elke dag tijd.',
            'Mijn laptop is traag en videobellen loopt vast.',
          ],
        },
        {
          label: 'Werkdruk',
          count: 3,
          quotes: [
            'De werkdruk in ons team is structureel te hoog.',
            'De werkdruk is te hoog, zeker aan het eind van het kwartaal.',
            'Werkdruk!',
          ],
        },
        {
          label: 'Vergaderingen',
          count: 2,
          quotes: ['Minder vergaderingen graag.', 'Te veel vergaderingen op maandag.'],
        },
      ],
      other_count: 1,
      too_few: false,
      generated_at: ctx.clock.now().toISOString(),
    });
    for (const secret of PERSONAL_IN_ANSWERS) expect(response.body).not.toContain(secret);

    const [audit] = await audits();
    expect(audit).toMatchObject({
      level: 'audit',
      category: 'survey',
      orgId: team.organization.id,
      route: '/api/v1/surveys/:id/questions/:questionId/summary',
      message: `Open antwoorden van survey ${survey.id} samengevat (vraag lang, 9 antwoorden, 3 thema's, analist builtin)`,
    });
  });

  it('should summarise only the answers of the period, and refuse a period that is no period', async () => {
    const early = summaryOf(await summarise(ctx.app, team, survey, 'lang', { query: '?to=2026-02-03' }));
    expect([early.answers_total, early.too_few, early.themes]).toEqual([3, false, []]);
    const late = summaryOf(await summarise(ctx.app, team, survey, 'lang', { query: '?from=2026-02-04' }));
    expect(late.answers_total).toBe(6);
    const bad = await summarise(ctx.app, team, survey, 'lang', { query: '?from=2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ detail: RANGE_MESSAGES.from });
  });

  it('should leave out texts the retention period wiped', async () => {
    const other = await summaryTeam(ctx, 'Bewaartermijn BV');
    await ctx.db
      .update(surveyAnswers)
      .set({ textValue: null })
      .where(and(eq(surveyAnswers.surveyId, other.survey.id), eq(surveyAnswers.questionId, 'lang')));
    const wiped = summaryOf(await summarise(ctx.app, other.team, other.survey));
    expect(wiped).toMatchObject({ answers_total: 0, answers_considered: 0, themes: [], too_few: true });
  });

  it('should answer too few answers with an empty summary, without asking the analyst', async () => {
    const counting = { summarise: 0 };
    const app = await ctx.buildApp({
      analyst: {
        ...builtinAnalyst,
        summarise: (input, signal) => {
          counting.summarise += 1;
          return builtinAnalyst.summarise(input, signal);
        },
      },
    });
    const response = await summarise(app, team, survey, 'kort');
    expect(summaryOf(response)).toMatchObject({
      question_id: 'kort',
      answers_total: 2,
      answers_considered: 2,
      themes: [],
      other_count: 2,
      too_few: true,
    });
    expect(counting.summarise).toBe(0);
    expect((await summarise(app, team, survey)).statusCode).toBe(200);
    expect(counting.summarise).toBe(1);
  });

  it('should refuse a question that is not open (400) and an unknown one (404), in Dutch', async () => {
    const nps = await summarise(ctx.app, team, survey, 'nps');
    expect(nps.statusCode).toBe(400);
    expect(nps.json()).toEqual({ detail: SUMMARY_MESSAGES.notOpen });
    const unknown = await summarise(ctx.app, team, survey, 'bestaat-niet');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: RESULT_MESSAGES.questionNotFound });
  });

  it('should let every role of the organisation summarise, and refuse without a login', async () => {
    for (const member of team.all) {
      const response = await summarise(ctx.app, team, survey, 'lang', { token: member.token });
      expect(response.statusCode, member.role).toBe(200);
    }
    const anonymous = await api(ctx.app, 'POST', `/surveys/${survey.id}/questions/lang/summary`);
    expect(anonymous.statusCode).toBe(401);
  });

  it("should answer 403 with a Dutch text without the plan feature 'ai'", async () => {
    const smart = await summaryTeam(ctx, 'Slim BV', 'smartloop');
    for (const questionId of ['lang', 'nps', 'bestaat-niet']) {
      const response = await summarise(ctx.app, smart.team, smart.survey, questionId);
      expect(response.statusCode, questionId).toBe(403);
      expect(response.json()).toEqual({ detail: 'AI-inzichten zijn niet beschikbaar voor dit abonnement.' });
    }
    // This organisation's own audits: another test's summary may still be landing in the log.
    const ours = (await audits()).filter((row) => row.orgId === smart.team.organization.id);
    expect(ours).toEqual([]);
  });

  it("should answer 404 for another organisation's survey, before any plan check, and summarise nothing", async () => {
    const intruder = await summaryTeam(ctx, 'Nieuwsgierig BV');
    const basic = await summaryTeam(ctx, 'Basis BV', 'basicloop');
    const before = (await audits()).length;
    for (const other of [intruder.team, basic.team]) {
      for (const path of [
        `/surveys/${survey.id}/questions/lang/summary`,
        `/surveys/${survey.id}/questions/nps/summary`,
        `/surveys/${survey.id}/questions/lang/summary?from=nooit`,
        '/surveys/0/questions/lang/summary',
        '/surveys/abc/questions/lang/summary',
      ]) {
        const response = await api(ctx.app, 'POST', path, {
          token: other.owner.token,
          headers: other.headers,
        });
        expect(response.statusCode, path).toBe(404);
        expect(response.json(), path).toEqual({ detail: SURVEY_ERRORS.notFound });
      }
      // Naming the first organisation in the header: not a member, so 404 as a whole.
      const wrongHeader = await api(ctx.app, 'POST', `/surveys/${survey.id}/questions/lang/summary`, {
        token: other.owner.token,
        headers: team.headers,
      });
      expect(wrongHeader.statusCode).toBe(404);
      expect(wrongHeader.json()).toEqual({ detail: ORGANIZATION_NOT_FOUND });
    }
    expect((await audits()).length).toBe(before);
  });

  it("should answer 504 with the analysis's time-out text when the analyst runs out of time, and abort it", async () => {
    const state = { aborted: false };
    const slow: Analyst = {
      ...builtinAnalyst,
      summarise: (_input, signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            state.aborted = true;
            reject(signal.reason);
          });
        }),
    };
    const app = await ctx.buildApp({ analyst: slow, config: { analysisTimeoutMs: 150 } });
    const response = await summarise(app, team, survey);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ detail: ANALYSIS_MESSAGES.timeout });
    expect(state.aborted).toBe(true);
  });

  it('should limit summaries per organisation with a Dutch 429', async () => {
    const app = await ctx.buildApp({
      rateLimits: {
        openAnswerSummary: [
          { scope: 'organization', max: 2, windowMs: 60_000, detail: SUMMARY_MESSAGES.tooMany },
        ],
      },
    });
    const busy = await summaryTeam(ctx, 'Druk BV');
    expect((await summarise(app, busy.team, busy.survey)).statusCode).toBe(200);
    expect(
      (await summarise(app, busy.team, busy.survey, 'kort', { token: busy.team.member.token })).statusCode,
    ).toBe(200);
    const third = await summarise(app, busy.team, busy.survey);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: SUMMARY_MESSAGES.tooMany });
    expect((await summarise(app, team, survey)).statusCode).toBe(200);
  });

  it('should quote only what respondents wrote', async () => {
    const summary = summaryOf(await summarise(ctx.app, team, survey));
    for (const quote of summary.themes.flatMap((theme) => theme.quotes))
      expect(OPEN_ANSWERS.some((answer) => answer.includes(quote))).toBe(true);
  });
});
