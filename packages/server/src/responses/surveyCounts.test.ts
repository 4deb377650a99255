import type { Survey } from '@loop/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { surveyAnswerCounts, surveyResponseCounts } from '../db/schema';
import {
  call,
  createSurvey,
  everyTypeAnswers,
  personalLinks,
  publicToken,
  respond,
} from '../testing/responseTesting';
import type { SurveyOrganization } from '../testing/surveyTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, login, type TestContext } from '../testing/testApp';
import { rebuildSurveyCounts } from './surveyCounts';

let ctx: TestContext;
let team: TestTeam;
let org: SurveyOrganization;

/** The team's owner as the survey helpers' organisation, with a token signed now. */
async function signIn(): Promise<SurveyOrganization> {
  const token = (await login(ctx.app, team.owner)).access_token;
  return { organization: team.organization, managerToken: token, memberToken: token, headers: team.headers };
}

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Telling BV');
  org = await signIn();
});

afterAll(async () => {
  await ctx?.close();
});

/**
 * A key's rows summed over their shards (R-RESP-16), without the shard: what a reader sees. The rows
 * come ordered by key, so a key's shards are next to each other.
 */
function summedShards<T extends { readonly shard: number }>(rows: readonly T[]): Array<Omit<T, 'shard'>> {
  const summed = new Map<string, Record<string, unknown>>();
  for (const { shard: _shard, ...row } of rows) {
    const counts = Object.entries(row).filter(([key]) => /^c\d+$|^completed|^personal/.test(key));
    const key = JSON.stringify(
      Object.entries(row).filter(([name]) => !counts.some(([count]) => count === name)),
    );
    const kept = summed.get(key);
    if (kept === undefined) summed.set(key, { ...row });
    else for (const [name, value] of counts) kept[name] = Number(kept[name]) + Number(value);
  }
  return [...summed.values()] as Array<Omit<T, 'shard'>>;
}

/** The counts of a survey as rows, in a stable order, each key's shards summed. */
async function countsOf(surveyId: number, db: Queryable = ctx.db) {
  const answers = await db
    .select()
    .from(surveyAnswerCounts)
    .where(eq(surveyAnswerCounts.surveyId, surveyId))
    .orderBy(
      surveyAnswerCounts.questionId,
      surveyAnswerCounts.itemId,
      surveyAnswerCounts.grain,
      surveyAnswerCounts.bucket,
    );
  const responses = await db
    .select()
    .from(surveyResponseCounts)
    .where(eq(surveyResponseCounts.surveyId, surveyId))
    .orderBy(surveyResponseCounts.grain, surveyResponseCounts.bucket);
  const nonZero = (row: Record<string, unknown>) =>
    Object.entries(row).some(([key, value]) => /^c\d+$|^completed|^personal/.test(key) && value !== 0);
  return {
    answers: summedShards(answers).filter(nonZero),
    responses: summedShards(responses).filter(nonZero),
  };
}

/** What a rebuild from the answers and responses gives, without keeping it. */
async function rebuilt(surveyId: number) {
  let result: Awaited<ReturnType<typeof countsOf>> | undefined;
  await ctx.db
    .transaction(async (tx) => {
      await rebuildSurveyCounts(tx, [surveyId]);
      result = await countsOf(surveyId, tx);
      tx.rollback();
    })
    .catch(() => undefined);
  return result;
}

const answersWith = (nps: number, plezier: number) =>
  everyTypeAnswers().map((answer) =>
    answer.question_id === 'q-nps'
      ? { ...answer, value: { score: nps } }
      : answer.question_id === 'q-likert'
        ? { ...answer, value: { 's-plezier': plezier, 's-team': 5 } }
        : answer,
  );

describe('the survey counts per week and month', () => {
  it('should follow submissions, personal links and erasures exactly as a rebuild counts them', async () => {
    const survey: Survey = await createSurvey(ctx, org);
    const links = await personalLinks(ctx, org, survey.id, 3);
    const publicLink = await publicToken(ctx, org, survey.id);

    // A public visitor submits at once; a personal link saves first and submits later.
    expect(
      (
        await respond(ctx, publicLink, {
          final: true,
          respondent_key: 'bezoeker-0000000001',
          answers: answersWith(10, 5),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await respond(ctx, links[0]!, { final: false, answers: answersWith(3, 2).slice(0, 2) })).statusCode,
    ).toBe(200);
    const afterSave = await countsOf(survey.id);
    expect(afterSave).toEqual(await rebuilt(survey.id));
    expect(
      afterSave.responses.map((row) => [row.grain, row.completed, row.completedPersonal, row.personalLinks]),
    ).toEqual([
      ['month', 1, 0, 3],
      ['week', 1, 0, 3],
    ]);
    // A new week, and the save is submitted with a changed NPS.
    ctx.clock.advance(7 * 24 * 3600_000);
    org = await signIn();
    expect(
      (await respond(ctx, links[0]!, { final: true, answers: answersWith(3, 2).slice(2) })).statusCode,
    ).toBe(200);
    // Submitting again changes nothing.
    expect(
      (await respond(ctx, links[0]!, { final: true, answers: answersWith(3, 2).slice(2) })).statusCode,
    ).toBe(200);

    const counted = await countsOf(survey.id);
    expect(counted).toEqual(await rebuilt(survey.id));
    // The two submitting statements added to shards of their own: the month's count is in two rows.
    const monthRows = await ctx.db
      .select()
      .from(surveyResponseCounts)
      .where(and(eq(surveyResponseCounts.surveyId, survey.id), eq(surveyResponseCounts.grain, 'month')));
    expect(monthRows.filter((row) => row.completed > 0)).toHaveLength(2);
    const npsWeeks = counted.answers.filter((row) => row.questionId === 'q-nps' && row.grain === 'week');
    expect(npsWeeks.map((row) => [row.bucket, row.c10, row.c3])).toEqual([
      ['2026-03-02', 1, 0],
      ['2026-03-09', 0, 1],
    ]);
    const plezier = counted.answers.filter((row) => row.itemId === 's-plezier' && row.grain === 'month');
    expect(plezier.map((row) => [row.c2, row.c5])).toEqual([[1, 1]]);
    expect(counted.responses.find((row) => row.grain === 'month')).toMatchObject({
      bucket: '2026-03-01',
      completed: 2,
      completedPersonal: 1,
      personalLinks: 3,
    });

    // Erasing the personal response lowers everything it added.
    const responses = await call(ctx, org, 'GET', `/surveys/${survey.id}/responses`);
    expect(responses.statusCode, responses.body).toBe(200);
    const personal = responses
      .json<{ items: Array<{ id: number; kind: string }> }>()
      .items.find((row) => row.kind === 'personal');
    expect(
      (await call(ctx, org, 'DELETE', `/surveys/${survey.id}/responses/${personal!.id}`)).statusCode,
    ).toBe(204);
    const erased = await countsOf(survey.id);
    expect(erased).toEqual(await rebuilt(survey.id));
    expect(erased.answers.some((row) => row.questionId === 'q-nps' && row.c3 > 0)).toBe(false);
    expect(erased.responses.find((row) => row.grain === 'month')).toMatchObject({
      completed: 1,
      personalLinks: 2,
    });

    // Deleting the survey takes its counts along.
    expect((await call(ctx, org, 'DELETE', `/surveys/${survey.id}`)).statusCode).toBe(204);
    expect(await ctx.db.$count(surveyAnswerCounts, eq(surveyAnswerCounts.surveyId, survey.id))).toBe(0);
    expect(await ctx.db.$count(surveyResponseCounts, eq(surveyResponseCounts.surveyId, survey.id))).toBe(0);
  });
});
