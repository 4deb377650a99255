import type { PersonalLinksCreated, RespondResult, ResponseDetail, Survey, SurveyResults } from '@loop/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveyResponses } from '../db/schema';
import { callAs, organizationWithRoles, type RolesOrganization } from '../testing/respondentTesting';
import {
  createSurvey,
  everyTypeAnswers,
  publicToken,
  respond,
  responseSnapshot,
  view,
} from '../testing/responseTesting';
import { storeResponse } from '../testing/resultsTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { anonymiseExpiredResponses, startResponseRetention } from './responseRetention';

const HOUR = 3_600_000;

let ctx: TestContext;
let org: RolesOrganization;
/** Retention until 2026-03-10: a personal link, a public visitor and a link never opened. */
let byDay: Survey;
/** No retention: must never change. */
let kept: Survey;
const tokens = { jan: '', visitor: '' };
const ids = { jan: 0, visitor: 0, piet: 0, keptResponse: 0 };

const responsesOf = (surveyId: number) =>
  ctx.db
    .select()
    .from(surveyResponses)
    .where(eq(surveyResponses.surveyId, surveyId))
    .orderBy(surveyResponses.id);

const answersOf = (responseIds: readonly number[]) =>
  ctx.db
    .select()
    .from(surveyAnswers)
    .where(inArray(surveyAnswers.responseId, [...responseIds]))
    .orderBy(surveyAnswers.responseId, surveyAnswers.questionId, surveyAnswers.itemId);

const run = () => anonymiseExpiredResponses(ctx.db, ctx.clock.now());

beforeAll(async () => {
  // The fake clock starts on 2026-03-02 09:00 UTC.
  ctx = await createTestContext();
  org = await organizationWithRoles(ctx, 'Bewaar BV');
  byDay = await createSurvey(ctx, org);
  kept = await createSurvey(ctx, org, { title: 'Zonder bewaartermijn' });

  const links = await callAs(ctx, org, 'owner', 'POST', `/surveys/${byDay.id}/personal-links`, {
    count: 2,
    label: 'Jan de Vries',
  });
  const [jan, piet] = links.json<PersonalLinksCreated>().tokens as [string, string];
  tokens.jan = jan;
  expect((await respond(ctx, jan, { answers: everyTypeAnswers(), final: true })).statusCode).toBe(200);
  const visitor = await respond(ctx, await publicToken(ctx, org, byDay.id), {
    answers: [{ question_id: 'q-long', value: { text: 'Halverwege getypt' } }],
    final: false,
    respondent_key: 'bezoeker-sleutel-0123456789',
  });
  expect(visitor.statusCode, visitor.body).toBe(200);
  tokens.visitor = visitor.json<RespondResult>().response_token;
  const rows = await responsesOf(byDay.id);
  ids.jan = rows.find((row) => row.status === 'completed')?.id ?? 0;
  ids.visitor = rows.find((row) => row.kind === 'public')?.id ?? 0;
  ids.piet = rows.find((row) => row.status === 'pending')?.id ?? 0;
  expect(piet).toBeTruthy();
  ids.keptResponse = await storeResponse(ctx.db, kept, {
    submittedAt: new Date('2025-01-01T10:00:00Z'),
    answers: { 'q-long': { text: 'Blijft staan' }, 'q-nps': { score: 7 } },
    kind: 'personal',
    label: 'Karin',
  });

  const set = await callAs(ctx, org, 'owner', 'PUT', `/surveys/${byDay.id}/retention`, {
    retention_until: '2026-03-10',
    retention_months: null,
  });
  expect(set.statusCode, set.body).toBe(200);
});

afterAll(async () => {
  await ctx?.close();
});

describe('anonymiseExpiredResponses with a last day', () => {
  it('should change nothing up to and including the last day (Europe/Amsterdam)', async () => {
    const before = await responseSnapshot(ctx);
    expect(await run()).toBe(0);
    // 2026-03-10 23:30 in Amsterdam: still the last day.
    ctx.clock.advance(Date.parse('2026-03-10T22:30:00Z') - ctx.clock.now().getTime());
    expect(await run()).toBe(0);
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should blank the open texts, keep the scores and detach the links the day after', async () => {
    org = await org.relogin();
    const before = await responseSnapshot(ctx);
    const resultsBefore = (
      await callAs(ctx, org, 'viewer', 'GET', `/surveys/${byDay.id}/results`)
    ).json<SurveyResults>();
    ctx.clock.advance(HOUR); // 2026-03-11 00:30 in Amsterdam
    expect(await run()).toBe(3);
    org = await org.relogin();

    const rows = await responsesOf(byDay.id);
    for (const row of rows) {
      const old = before.responses.find((each) => each.id === row.id);
      expect(row).toMatchObject({ label: null, respondentKey: null, anonymisedAt: ctx.clock.now() });
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.tokenHash).not.toBe(old?.tokenHash);
      // Status, times and seconds stay: only what identifies or was typed goes.
      expect({ ...row, label: null, respondentKey: null, tokenHash: '', anonymisedAt: null }).toEqual({
        ...old,
        label: null,
        respondentKey: null,
        tokenHash: '',
        anonymisedAt: null,
      });
    }
    const answers = await answersOf([ids.jan, ids.visitor]);
    expect(answers.every((row) => row.textValue === null)).toBe(true);
    const oldAnswers = before.answers.filter((row) => [ids.jan, ids.visitor].includes(row.responseId));
    expect(answers).toEqual(oldAnswers.map((row) => ({ ...row, textValue: null })));
    expect(
      oldAnswers
        .filter((row) => row.textValue !== null)
        .map((row) => row.textValue)
        .sort(),
    ).toEqual(['Financiën', 'Halverwege getypt', 'Meer overleg met andere teams.', 'Whiteboard']);

    // The links no longer open the responses.
    expect((await view(ctx, tokens.jan)).statusCode).toBe(404);
    expect((await view(ctx, tokens.visitor)).statusCode).toBe(404);
    // The results count the same answers; only the texts are gone.
    const resultsAfter = (
      await callAs(ctx, org, 'viewer', 'GET', `/surveys/${byDay.id}/results`)
    ).json<SurveyResults>();
    expect(resultsAfter.responses).toEqual(resultsBefore.responses);
    expect(resultsAfter.questions.find((q) => q.question_id === 'q-nps')).toEqual(
      resultsBefore.questions.find((q) => q.question_id === 'q-nps'),
    );
    const longBefore = resultsBefore.questions.find((q) => q.question_id === 'q-long');
    expect(longBefore).toMatchObject({ answered: 1, latest: [{ text: 'Meer overleg met andere teams.' }] });
    expect(resultsAfter.questions.find((q) => q.question_id === 'q-long')).toMatchObject({
      answered: 1,
      latest: [],
    });
    // One response as the organisation sees it now.
    const detail = (
      await callAs(ctx, org, 'viewer', 'GET', `/surveys/${byDay.id}/responses/${ids.jan}`)
    ).json<ResponseDetail>();
    expect(detail).toMatchObject({ anonymised: true, label: null });
    expect(Object.fromEntries(detail.answers.map((answer) => [answer.question_id, answer.answer]))).toEqual({
      'q-likert': 'Ik heb plezier in mijn werk.: Eens; Mijn team helpt me.: Helemaal eens',
      'q-single': 'Thuis',
      'q-multi': 'Laptop, Telefoon, Anders',
      'q-short': null,
      'q-long': null,
      'q-nps': '9',
      'q-rating': '4',
    });

    // The survey without retention is untouched.
    expect(await responsesOf(kept.id)).toEqual(before.responses.filter((row) => row.surveyId === kept.id));
    expect(await answersOf([ids.keptResponse])).toEqual(
      before.answers.filter((row) => row.responseId === ids.keptResponse),
    );
  });

  it('should change nothing on a second run', async () => {
    const before = await responseSnapshot(ctx);
    ctx.clock.advance(HOUR);
    expect(await run()).toBe(0);
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should anonymise a response that arrives after the last day on the next run', async () => {
    org = await org.relogin();
    // A public visitor answering the still open survey after its retention passed.
    const late = await respond(ctx, await publicToken(ctx, org, byDay.id), {
      answers: [{ question_id: 'q-short', value: { text: 'Te laat' } }],
      final: false,
      respondent_key: 'late-bezoeker-0123456789',
    });
    expect(late.statusCode).toBe(200);
    expect(await run()).toBe(1);
    expect((await view(ctx, late.json<RespondResult>().response_token)).statusCode).toBe(404);
  });
});

describe('anonymiseExpiredResponses with months', () => {
  it('should anonymise responses whose last moment is more than the months ago, in batches', async () => {
    org = await org.relogin();
    const survey = await createSurvey(ctx, org, { title: 'Per maand' });
    const at = (iso: string, label: string) =>
      storeResponse(ctx.db, survey, {
        submittedAt: new Date(iso),
        kind: 'personal',
        label,
        answers: { 'q-short': { text: `Tekst van ${label}` }, 'q-nps': { score: 8 } },
      });
    // Now: 2026-03-11 01:30 in Amsterdam; one month back: 2026-02-11.
    const old = [
      await at('2026-01-05T10:00:00Z', 'Oud 1'),
      await at('2026-02-09T10:00:00Z', 'Oud 2'),
      await at('2026-02-10T22:59:00Z', 'Oud 3'), // 23:59 on 10 February in Amsterdam
    ];
    const recent = await at('2026-02-10T23:00:00Z', 'Recent'); // 00:00 on 11 February in Amsterdam
    const set = await callAs(ctx, org, 'manager', 'PUT', `/surveys/${survey.id}/retention`, {
      retention_until: null,
      retention_months: 1,
    });
    expect(set.statusCode).toBe(200);

    expect(await anonymiseExpiredResponses(ctx.db, ctx.clock.now(), 1)).toBe(3);
    const rows = await responsesOf(survey.id);
    expect(rows.filter((row) => row.anonymisedAt !== null).map((row) => row.id)).toEqual(old);
    expect(rows.find((row) => row.id === recent)).toMatchObject({ label: 'Recent', anonymisedAt: null });
    expect((await answersOf(old)).filter((row) => row.textValue !== null)).toEqual([]);
    expect((await answersOf([recent])).map((row) => row.textValue)).toContain('Tekst van Recent');

    ctx.clock.advance(24 * HOUR);
    expect(await run()).toBe(1);
    expect((await responsesOf(survey.id)).every((row) => row.anonymisedAt !== null)).toBe(true);
  });

  it('should anonymise each response once when two instances run at the same moment', async () => {
    org = await org.relogin();
    const survey = await createSurvey(ctx, org, { title: 'Twee servers' });
    for (let i = 0; i < 30; i++)
      await storeResponse(ctx.db, survey, {
        submittedAt: new Date('2025-06-01T10:00:00Z'),
        answers: { 'q-long': { text: `Antwoord ${i}` } },
      });
    await callAs(ctx, org, 'owner', 'PUT', `/surveys/${survey.id}/retention`, {
      retention_until: null,
      retention_months: 3,
    });
    const counts = await Promise.all([
      anonymiseExpiredResponses(ctx.db, ctx.clock.now(), 4),
      anonymiseExpiredResponses(ctx.db, ctx.clock.now(), 4),
    ]);
    expect(counts[0] + counts[1]).toBe(30);
    expect((await responsesOf(survey.id)).every((row) => row.anonymisedAt !== null)).toBe(true);
  });
});

describe('startResponseRetention', () => {
  it('should run a pass and report how many responses it anonymised', async () => {
    org = await org.relogin();
    const survey = await createSurvey(ctx, org, { title: 'Met taak' });
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2025-01-01T10:00:00Z'),
      answers: { 'q-long': { text: 'Oud' } },
    });
    await callAs(ctx, org, 'owner', 'PUT', `/surveys/${survey.id}/retention`, {
      retention_until: null,
      retention_months: 2,
    });
    const reports: string[] = [];
    const job = startResponseRetention({
      db: ctx.db,
      clock: ctx.clock,
      output: {
        info: (_details, message) => reports.push(message),
        error: (_details, message) => reports.push(message),
      },
    });
    expect(await job.runOnce()).toBe(1);
    await job.stop();
    expect(reports).toContain('Bewaartermijn: 1 reactie(s) geanonimiseerd');
  });
});
