import {
  NO_LOGIC,
  type Page,
  type Question,
  type RespondentView,
  type RespondResult,
  type Survey,
  type SurveySummary,
} from '@loop/core';
import { ANSWER_MESSAGES, answerToItems, RESPONDENT_MESSAGES } from '@loop/core/surveys/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs, branding, surveyAnswers, surveyResponses, surveys } from '../db/schema';
import { MESSAGES } from '../http/apiError';
import {
  call,
  createSurvey,
  everyTypeAnswers,
  personalLinks,
  publicToken,
  respond,
  responseSnapshot,
  view,
} from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { RESPOND_ERRORS } from './respondRoutes';
import { hashToken } from './responseTokens';

let ctx: TestContext;
let org: SurveyOrganization;
let survey: Survey;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Antwoord BV');
  await ctx.db.insert(branding).values({
    organizationId: org.organization.id,
    primaryColor: '#0f766e',
    logoPath: `${org.organization.id}/logo.png`,
    version: '1',
  });
  survey = await createSurvey(ctx, org);
});

afterAll(async () => {
  await ctx?.close();
});

const responseOf = async (token: string) => {
  const [row] = await ctx.db
    .select()
    .from(surveyResponses)
    .where(eq(surveyResponses.tokenHash, hashToken(token)));
  return row;
};

const answerRows = (responseId: number) =>
  ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.responseId, responseId));

describe('GET /respond/:token', () => {
  it('should show the survey with the organisation’s branding and nothing of the organisation else', async () => {
    const [token] = await personalLinks(ctx, org, survey.id, 1);
    const response = await view(ctx, token as string);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<RespondentView>();
    expect(body).toMatchObject({
      status: 'open',
      link_kind: 'personal',
      survey: {
        title: 'Medewerkerspeiling',
        introduction_html: '<p>Fijn dat je meedoet.</p>',
        thank_you_text: 'Dank je wel!',
        saved_answers: [],
        estimated_seconds: survey.estimated_seconds,
        logic: NO_LOGIC,
        hidden_values: {},
        language: null,
      },
      branding: {
        organization_name: 'Antwoord BV',
        primary_color: '#0f766e',
        logo_url: `/uploads/${org.organization.id}/logo.png`,
        background_url: null,
      },
    });
    expect(body.survey.questions.map((question) => question.id)).toEqual(survey.questions.map((q) => q.id));
    expect(Object.keys(body.survey).sort()).toEqual([
      'close_at',
      'description_html',
      'estimated_seconds',
      'hidden_values',
      'introduction_html',
      'language',
      'logic',
      'questions',
      'saved_answers',
      'thank_you_text',
      'title',
    ]);
    expect(Object.keys(body.branding).sort()).toEqual([
      'background_url',
      'logo_url',
      'organization_name',
      'primary_color',
    ]);
  });

  it('should answer an unknown or malformed link with 404 and the Dutch message', async () => {
    for (const token of ['onbekendTokenDatNietBestaat123', 'x', '%3Cscript%3E']) {
      const response = await view(ctx, token);
      expect(response.statusCode, token).toBe(404);
      expect(response.json(), token).toEqual({ detail: RESPONDENT_MESSAGES.unknownToken });
    }
  });

  it('should answer a draft survey’s link with 404 and a closed one with 410', async () => {
    const draft = await createSurvey(ctx, org, { title: 'Concept' }, { open: false });
    const [draftToken] = await personalLinks(ctx, org, draft.id, 1);
    const notOpen = await view(ctx, draftToken as string);
    expect(notOpen.statusCode).toBe(404);
    expect(notOpen.json()).toEqual({ detail: RESPONDENT_MESSAGES.notOpen });
    const draftPost = await respond(ctx, draftToken as string, { answers: [], final: false });
    expect(draftPost.statusCode).toBe(404);

    const closing = await createSurvey(ctx, org, { title: 'Gaat dicht' });
    const [token] = await personalLinks(ctx, org, closing.id, 1);
    const closed = await call(ctx, org, 'POST', `/surveys/${closing.id}/status`, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    const before = await responseSnapshot(ctx);
    for (const response of [
      await view(ctx, token as string),
      await respond(ctx, token as string, { answers: everyTypeAnswers(), final: true }),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toEqual({ detail: RESPONDENT_MESSAGES.closed });
    }
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should count a survey open past its close date as closed everywhere', async () => {
    const closeAt = new Date(ctx.clock.now().getTime() + 60_000).toISOString();
    const dated = await createSurvey(ctx, org, { title: 'Met sluitdatum', close_at: closeAt });
    const [token] = await personalLinks(ctx, org, dated.id, 1);
    expect((await view(ctx, token as string)).statusCode).toBe(200);
    ctx.clock.advance(61_000);

    const before = await responseSnapshot(ctx);
    const refused = await respond(ctx, token as string, { answers: everyTypeAnswers(), final: true });
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({ detail: RESPONDENT_MESSAGES.closed });
    expect((await view(ctx, token as string)).statusCode).toBe(410);
    expect(await responseSnapshot(ctx)).toEqual(before);

    const open = (await call(ctx, org, 'GET', '/surveys?status=open')).json<Page<SurveySummary>>();
    expect(open.items.map((item) => item.id)).not.toContain(dated.id);
    const closed = (await call(ctx, org, 'GET', '/surveys?status=closed')).json<Page<SurveySummary>>();
    expect(closed.items.find((item) => item.id === dated.id)).toMatchObject({
      status: 'closed',
      closed_at: closeAt,
    });
    const one = await call(ctx, org, 'GET', `/surveys/${dated.id}`);
    expect(one.json<Survey>()).toMatchObject({ status: 'closed', closed_at: closeAt });
    // Reopening needs a later close date, as for any survey that closed by its date.
    const reopen = await call(ctx, org, 'POST', `/surveys/${dated.id}/status`, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
  });
});

describe('POST /respond/:token with a personal link', () => {
  it('should save progress, resume with the saved answers and seconds, and replace answers of the same questions', async () => {
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const first = await respond(ctx, token, {
      final: false,
      answers: [
        { question_id: 'q-likert', value: { 's-plezier': 2 }, seconds_spent: 5 },
        { question_id: 'q-multi', value: { option_ids: ['o-laptop', 'o-tablet'] }, seconds_spent: 6.4 },
        { question_id: 'q-short', value: { text: '  Verkoop  ' } },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<RespondResult>()).toEqual({ status: 'in_progress', response_token: token });
    const saved = await responseOf(token);
    expect(saved).toMatchObject({ status: 'in_progress', kind: 'personal', completedAt: null });
    expect(saved?.startedAt?.toISOString()).toBe(ctx.clock.now().toISOString());
    const rows = await answerRows(saved!.id);
    expect(rows.every((row) => row.surveyId === survey.id && row.submittedAt === null)).toBe(true);

    ctx.clock.advance(5000);
    const second = await respond(ctx, token, {
      final: false,
      answers: [
        { question_id: 'q-likert', value: { 's-plezier': 3, 's-team': 4 }, seconds_spent: 9 },
        { question_id: 'q-multi', value: { option_ids: ['o-telefoon'], other: 'Pen' }, seconds_spent: 10 },
        { question_id: 'q-short', value: { text: '' } },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const resumed = (await view(ctx, token)).json<RespondentView>();
    expect(resumed.survey.saved_answers).toEqual([
      { question_id: 'q-likert', value: { 's-plezier': 3, 's-team': 4 }, seconds_spent: 9 },
      { question_id: 'q-multi', value: { option_ids: ['o-telefoon'], other: 'Pen' }, seconds_spent: 10 },
    ]);
    const after = await responseOf(token);
    expect(after?.startedAt?.toISOString()).toBe(saved?.startedAt?.toISOString());
    expect(after?.savedAt?.toISOString()).toBe(ctx.clock.now().toISOString());
  });

  it('should submit over saved and sent answers, stamp every answer row, and store one response however often it is repeated', async () => {
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const answers = everyTypeAnswers();
    // The required Likert answer is saved first; the submission leaves it out.
    await respond(ctx, token, { final: false, answers: answers.slice(0, 1) });
    ctx.clock.advance(1000);
    const submitted = await respond(ctx, token, { final: true, answers: answers.slice(1) });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<RespondResult>()).toEqual({ status: 'completed', response_token: token });
    const row = await responseOf(token);
    expect(row).toMatchObject({ status: 'completed' });
    expect(row?.completedAt?.toISOString()).toBe(ctx.clock.now().toISOString());
    const rows = await answerRows(row!.id);
    expect(new Set(rows.map((each) => each.questionId))).toEqual(
      new Set(answers.map((each) => each.question_id)),
    );
    expect(rows.every((each) => each.submittedAt?.toISOString() === ctx.clock.now().toISOString())).toBe(
      true,
    );

    const before = await responseSnapshot(ctx);
    ctx.clock.advance(1000);
    const again = await respond(ctx, token, {
      final: true,
      answers: [{ question_id: 'q-nps', value: { score: 0 } }],
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<RespondResult>()).toEqual({ status: 'completed', response_token: token });
    const save = await respond(ctx, token, { final: false, answers: [] });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toEqual({ detail: RESPONDENT_MESSAGES.alreadySubmitted });
    expect(await responseSnapshot(ctx)).toEqual(before);

    const thanks = (await view(ctx, token)).json<RespondentView>();
    expect(thanks.status).toBe('completed');
    expect(thanks.survey).toMatchObject({ questions: [], saved_answers: [], thank_you_text: 'Dank je wel!' });
  });

  it('should delete the answers of a deleted response, also when its survey is deleted', async () => {
    // Answers have no foreign key (a key check per row halved submission throughput); a trigger
    // on survey_responses removes them instead, for direct and cascaded deletes alike.
    const doomed = await createSurvey(ctx, org, { title: 'Weg ermee' });
    const [first, second] = (await personalLinks(ctx, org, doomed.id, 2)) as [string, string];
    for (const token of [first, second])
      expect((await respond(ctx, token, { final: true, answers: everyTypeAnswers() })).statusCode).toBe(200);
    const [one, two] = [(await responseOf(first))!.id, (await responseOf(second))!.id];
    expect((await answerRows(one)).length).toBeGreaterThan(0);

    await ctx.db.delete(surveyResponses).where(eq(surveyResponses.id, one));
    expect(await answerRows(one)).toEqual([]);
    expect((await answerRows(two)).length).toBeGreaterThan(0);

    await ctx.db.delete(surveys).where(eq(surveys.id, doomed.id));
    expect(await answerRows(two)).toEqual([]);
    expect(await ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.surveyId, doomed.id))).toEqual(
      [],
    );
  });

  it('should refuse a submission with required questions open, naming each, and store nothing', async () => {
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const before = await responseSnapshot(ctx);
    const response = await respond(ctx, token, {
      final: true,
      answers: [{ question_id: 'q-likert', value: { 's-plezier': 4 } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: ANSWER_MESSAGES.summary(2),
      fields: { 'answers.q-likert': ANSWER_MESSAGES.incomplete, 'answers.q-nps': ANSWER_MESSAGES.required },
    });
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should refuse wrong, out-of-range, foreign and oversized answers with Dutch messages and store nothing', async () => {
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const other = await createSurvey(ctx, org, {
      title: 'Andere',
      questions: [{ id: 'q-vreemd', type: 'nps', title: 'NPS', required: false, position: 0, settings: {} }],
    });
    expect(other.id).not.toBe(survey.id);
    await respond(ctx, token, { final: false, answers: [{ question_id: 'q-nps', value: { score: 7 } }] });
    const before = await responseSnapshot(ctx);
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        { question_id: 'q-nps', value: { score: 11 } },
        { 'answers.q-nps': ANSWER_MESSAGES.scoreRange(0, 10) },
      ],
      [{ question_id: 'q-nps', value: { text: 'tien' } }, { 'answers.q-nps': ANSWER_MESSAGES.wrongType }],
      [
        { question_id: 'q-likert', value: { 's-plezier': 6 } },
        { 'answers.q-likert': ANSWER_MESSAGES.likertRange(5) },
      ],
      [
        { question_id: 'q-single', value: { option_id: 'o-laptop' } },
        { 'answers.q-single': ANSWER_MESSAGES.unknownOption },
      ],
      [
        { question_id: 'q-vreemd', value: { score: 3 } },
        { 'answers.q-vreemd': ANSWER_MESSAGES.unknownQuestion },
      ],
      [
        { question_id: 'q-short', value: { text: 'x'.repeat(101) } },
        { 'answers.q-short': ANSWER_MESSAGES.tooLong(100) },
      ],
      [
        { question_id: 'q-long', value: { text: 'x'.repeat(5001) } },
        { 'answers.q-long': ANSWER_MESSAGES.tooLong(5000) },
      ],
      [
        { question_id: 'q-rating', value: { score: 3 }, seconds_spent: -1 },
        { 'answers.q-rating': ANSWER_MESSAGES.invalidSeconds },
      ],
    ];
    for (const [answer, fields] of cases) {
      for (const final of [false, true]) {
        const response = await respond(ctx, token, { final, answers: [answer] });
        expect(response.statusCode, JSON.stringify(answer)).toBe(400);
        expect(response.json().fields, JSON.stringify(answer)).toMatchObject(fields);
        expect(typeof response.json().detail).toBe('string');
      }
    }
    const notAList = await respond(ctx, token, { final: false, answers: { 'q-nps': 3 } });
    expect(notAList.statusCode).toBe(400);
    const noFinal = await respond(ctx, token, { answers: [] });
    expect(noFinal.statusCode).toBe(400);
    expect(noFinal.json().fields).toEqual({ final: 'Dit veld is verplicht.' });
    expect(await responseSnapshot(ctx)).toEqual(before);
  });

  it('should store one response when the same submission arrives 10 times at once', async () => {
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const answers = everyTypeAnswers();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => respond(ctx, token, { final: true, answers })),
    );
    for (const result of results) {
      expect(result.statusCode, result.body).toBe(200);
      expect(result.json<RespondResult>()).toEqual({ status: 'completed', response_token: token });
    }
    const row = await responseOf(token);
    expect(row?.status).toBe('completed');
    const rows = await answerRows(row!.id);
    const expected = answers.flatMap((answer) => {
      const question = survey.questions.find((each) => each.id === answer.question_id) as Question;
      return answerToItems(question, answer.value).map((item) => `${question.id}/${item.item_id}`);
    });
    expect(rows.map((each) => `${each.questionId}/${each.itemId}`).sort()).toEqual(expected.sort());
  });
  it('should keep a response whole when saves and submissions of it race', async () => {
    for (let round = 0; round < 3; round++) {
      const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
      const full = everyTypeAnswers();
      const withoutLong = full.filter((answer) => answer.question_id !== 'q-long');
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          index % 3 === 0
            ? respond(ctx, token, { final: true, answers: withoutLong })
            : respond(ctx, token, {
                final: false,
                answers: [
                  { question_id: 'q-long', value: { text: `Versie ${index}` }, seconds_spent: index },
                ],
              }),
        ),
      );
      for (const result of results) expect([200, 409], result.body).toContain(result.statusCode);
      const row = await responseOf(token);
      expect(row?.status).toBe('completed');
      const rows = await answerRows(row!.id);
      // Whatever was saved before the submission went in with it; nothing was left unstamped.
      expect(rows.every((each) => each.submittedAt !== null)).toBe(true);
      expect(rows.filter((each) => each.questionId === 'q-long').length).toBeLessThanOrEqual(1);
    }
  });
});

describe('POST /respond/:token with the public link', () => {
  it('should start a response of its own per visitor key and continue on its token', async () => {
    const token = await publicToken(ctx, org, survey.id);
    const page = (await view(ctx, token)).json<RespondentView>();
    expect(page).toMatchObject({ status: 'open', link_kind: 'public', survey: { saved_answers: [] } });

    const before = await responseSnapshot(ctx);
    const keyless = await respond(ctx, token, { final: false, answers: [] });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toEqual({
      detail: RESPOND_ERRORS.respondentKeyMissing,
      fields: { respondent_key: RESPOND_ERRORS.respondentKeyMissing },
    });
    const invalid = await respond(ctx, token, {
      final: true,
      respondent_key: 'bezoeker-sleutel-0001',
      answers: [{ question_id: 'q-nps', value: { score: -1 } }],
    });
    expect(invalid.statusCode).toBe(400);
    expect(await responseSnapshot(ctx)).toEqual(before);

    const key = 'bezoeker-sleutel-0001';
    const first = await respond(ctx, token, {
      final: false,
      respondent_key: key,
      answers: [{ question_id: 'q-nps', value: { score: 8 }, seconds_spent: 3 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const own = first.json<RespondResult>().response_token;
    expect(own).not.toBe(token);
    expect(own).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // A retried first save gets the same response and token.
    const retried = await respond(ctx, token, { final: false, respondent_key: key, answers: [] });
    expect(retried.json<RespondResult>().response_token).toBe(own);
    const row = await responseOf(own);
    expect(row).toMatchObject({ kind: 'public', respondentKey: key, status: 'in_progress' });

    const resumed = (await view(ctx, own)).json<RespondentView>();
    expect(resumed.link_kind).toBe('personal');
    expect(resumed.survey.saved_answers).toEqual([
      { question_id: 'q-nps', value: { score: 8 }, seconds_spent: 3 },
    ]);
    const done = await respond(ctx, own, {
      final: true,
      answers: [{ question_id: 'q-likert', value: { 's-plezier': 5, 's-team': 5 } }],
    });
    expect(done.json<RespondResult>()).toEqual({ status: 'completed', response_token: own });
    const another = await respond(ctx, token, {
      final: false,
      respondent_key: 'andere-bezoeker-0002',
      answers: [],
    });
    expect(another.json<RespondResult>().response_token).not.toBe(own);
  });

  it('should make one response when the same first submission arrives 10 times at once', async () => {
    const token = await publicToken(ctx, org, survey.id);
    const key = 'gelijktijdige-bezoeker-01';
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        respond(ctx, token, { final: true, respondent_key: key, answers: everyTypeAnswers() }),
      ),
    );
    const tokens = new Set(results.map((result) => result.json<RespondResult>().response_token));
    expect(results.map((result) => result.statusCode)).toEqual(Array(10).fill(200));
    expect(tokens.size).toBe(1);
    const rows = await ctx.db.select().from(surveyResponses).where(eq(surveyResponses.respondentKey, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('completed');
  });
});

describe('rate limiting', () => {
  it('should answer 429 with a Dutch message once an address sends too many answering requests', async () => {
    const limited = await ctx.buildApp({
      rateLimits: { respond: [{ scope: 'ip', max: 2, windowMs: 60_000 }] },
    });
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await limited.inject({ method: 'GET', url: `/api/v1/respond/${token}` });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual({ detail: MESSAGES.tooManyAttempts });
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('the application log', () => {
  it('should record the respond routes by pattern, never the token or the typed answers', async () => {
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const secret = 'Geheime-opmerking-Zwanhilde';
    await view(ctx, token);
    await respond(ctx, token, {
      final: false,
      answers: [{ question_id: 'q-long', value: { text: secret } }],
    });
    await view(ctx, `${token}x`);
    await ctx.app.appLog.flush();
    const rows = await ctx.db.select().from(appLogs);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(token);
    expect(text).not.toContain(secret);
    const routes = new Set(rows.filter((row) => row.route.includes('respond')).map((row) => row.route));
    expect([...routes]).toEqual(['/api/v1/respond/:token']);
  });
});
