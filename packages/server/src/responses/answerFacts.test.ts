import type { Question, QuestionOf, Survey } from '@loop/core';
import { EDIT_MESSAGES, STATUS_MESSAGES } from '@loop/core/surveys/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSurvey, everyTypeAnswers, personalLinks, respond } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization, surveySnapshot } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { answerFacts } from './answerFacts';

let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Regels BV');
});

afterAll(async () => {
  await ctx?.close();
});

/** An open survey with one submitted response (single choice: 'Thuis', multiple choice: laptop, telefoon, other). */
async function answeredSurvey(): Promise<Survey> {
  const survey = await createSurvey(ctx, org);
  const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
  const submitted = await respond(ctx, token, { final: true, answers: everyTypeAnswers() });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return (await call(ctx, org, 'GET', `/surveys/${survey.id}`)).json<Survey>();
}

const save = (survey: Survey, questions: readonly Question[]) =>
  call(ctx, org, 'PUT', `/surveys/${survey.id}`, {
    title: survey.title,
    description_html: survey.description_html,
    introduction_html: survey.introduction_html,
    thank_you_text: survey.thank_you_text,
    close_at: survey.close_at,
    questions,
    version: survey.version,
  });

const withOptions = (
  questions: readonly Question[],
  id: string,
  options: QuestionOf<'single_choice'>['settings']['options'],
) =>
  questions.map((question) =>
    question.id === id && question.type === 'single_choice'
      ? { ...question, settings: { ...question.settings, options } }
      : question,
  );

describe('answerFacts', () => {
  it('should count submitted responses and find the items the answers use', async () => {
    const survey = await answeredSurvey();
    const after = survey.questions.filter(
      (question) => question.id !== 'q-single' && question.id !== 'q-multi',
    );
    const facts = await answerFacts(ctx.db, survey.id, survey.questions, after);
    expect(facts.responseCount).toBe(1);
    expect(facts.usage?.get('q-single')).toEqual({
      optionIds: new Set(['o-thuis']),
      statementIds: new Set(['o-thuis']),
      other: false,
    });
    expect(facts.usage?.get('q-multi')?.optionIds).toEqual(new Set(['o-laptop', 'o-telefoon']));
    expect(facts.usage?.get('q-multi')?.other).toBe(true);
  });

  it('should report no responses for a survey without submissions', async () => {
    const survey = await createSurvey(ctx, org);
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    await respond(ctx, token, { final: false, answers: everyTypeAnswers() });
    expect(await answerFacts(ctx.db, survey.id, survey.questions, [])).toEqual({ responseCount: 0 });
  });
});

describe('PUT /surveys/:id with submitted responses', () => {
  it('should refuse removing an answered option with a 409 naming the question, and change nothing', async () => {
    const survey = await answeredSurvey();
    const before = await surveySnapshot(ctx);
    const response = await save(
      survey,
      withOptions(survey.questions, 'q-single', [{ id: 'o-kantoor', label: 'Op kantoor' }]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      detail: EDIT_MESSAGES.optionRemoved('Thuis'),
      fields: { 'questions.q-single': EDIT_MESSAGES.optionRemoved('Thuis') },
    });
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should accept adding an option at the end and removing an option nobody chose', async () => {
    const survey = await answeredSurvey();
    const added = await save(
      survey,
      withOptions(survey.questions, 'q-single', [
        { id: 'o-kantoor', label: 'Op kantoor' },
        { id: 'o-thuis', label: 'Thuis' },
        { id: 'o-onderweg', label: 'Onderweg' },
      ]),
    );
    expect(added.statusCode, added.body).toBe(200);
    const saved = added.json<Survey>();
    const removed = await save(
      saved,
      withOptions(saved.questions, 'q-single', [{ id: 'o-thuis', label: 'Thuis' }]),
    );
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('should refuse removing an answered question but allow it while only unsubmitted answers exist', async () => {
    const answered = await answeredSurvey();
    const refused = await save(
      answered,
      answered.questions.filter((question) => question.id !== 'q-rating'),
    );
    expect(refused.statusCode).toBe(409);
    expect(Object.keys(refused.json().fields)).toEqual(['questions.q-rating']);

    const survey = await createSurvey(ctx, org);
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    await respond(ctx, token, { final: false, answers: everyTypeAnswers() });
    const fresh = (await call(ctx, org, 'GET', `/surveys/${survey.id}`)).json<Survey>();
    const allowed = await save(
      fresh,
      fresh.questions.filter((question) => question.id !== 'q-rating'),
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('should refuse going back to draft with submitted responses', async () => {
    const survey = await answeredSurvey();
    const response = await call(ctx, org, 'POST', `/surveys/${survey.id}/status`, { status: 'draft' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: STATUS_MESSAGES.hasResponses });
  });
});
