import type { OpeningProblem, Question, Survey, SurveyNotReadyBody } from '@loop/core';
import { openingProblems, READINESS_MESSAGES, SURVEY_MESSAGES } from '@loop/core/surveys/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SurveyOrganization,
  sampleInput,
  surveyOrganization,
  surveySnapshot,
} from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { findSurvey, setSurveyStatus, updateSurveyContent } from './surveys';

/** docs/decisions/surveys.md, 'Drafts are always saved': on the server. */
let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Concept BV');
});

afterAll(async () => {
  await ctx?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, token = org.memberToken) =>
  api(ctx.app, method, path, { token, headers: org.headers, ...(payload === undefined ? {} : { payload }) });

/** Four questions as the editor adds them, nothing filled in yet, and one choice without options. */
const incompleteQuestions = (): Question[] => [
  {
    id: 'q-open',
    type: 'open_short',
    title: '',
    required: false,
    position: 0,
    settings: { max_length: 250 },
  },
  {
    id: 'q-likert',
    type: 'likert',
    title: '',
    required: false,
    position: 1,
    settings: {
      points: 5,
      labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
      neutral_middle: true,
      statements: [{ id: 's-1', text: '' }],
    },
  },
  { id: 'q-nps', type: 'nps', title: '', required: false, position: 2, settings: {} },
  {
    id: 'q-choice',
    type: 'multiple_choice',
    title: 'Afdeling',
    required: false,
    position: 3,
    settings: { options: [], allow_other: false, min_choices: 2 },
  },
];

async function incompleteDraft(title = 'Teamcheck'): Promise<Survey> {
  const created = await call('POST', '/surveys', { title: 'Nieuw' });
  expect(created.statusCode, created.body).toBe(201);
  const saved = await call('PUT', `/surveys/${created.json<Survey>().id}`, {
    ...sampleInput({ title, questions: incompleteQuestions() }),
    version: 1,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<Survey>();
}

describe('a draft survey', () => {
  it('should be stored with empty texts and too few choices, and read back as it was saved', async () => {
    const draft = await incompleteDraft('');
    expect(draft).toMatchObject({ title: '', status: 'draft', version: 2, questions: incompleteQuestions() });
    const read = await call('GET', `/surveys/${draft.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Survey>()).toEqual(draft);
    const list = await call('GET', '/surveys');
    expect(list.json<{ items: Array<{ id: number; question_count: number }> }>().items).toContainEqual(
      expect.objectContaining({ id: draft.id, question_count: 4 }),
    );
  });

  it('should be created incomplete too, from the editor or as a copy', async () => {
    const created = await call(
      'POST',
      '/surveys',
      sampleInput({ title: '', questions: incompleteQuestions() }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Survey>().questions).toEqual(incompleteQuestions());
    const copy = await call('POST', `/surveys/${created.json<Survey>().id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<Survey>()).toMatchObject({ title: '(kopie)', status: 'draft' });
    expect(copy.json<Survey>().questions.map((question) => question.title)).toEqual(['', '', '', 'Afdeling']);
  });

  it('should not open while something is left to fill in, naming each question with the reasons of core', async () => {
    const draft = await incompleteDraft();
    const before = await surveySnapshot(ctx);
    const refused = await call('POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(refused.statusCode).toBe(409);
    const body = refused.json<SurveyNotReadyBody>();
    const expected: OpeningProblem[] = openingProblems(draft);
    expect(body.problems).toEqual(expected);
    expect(body.problems.map((problem) => [problem.question_id, problem.message])).toEqual([
      ['q-open', 'Vraag 1: vul de vraagtekst in'],
      ['q-likert', 'Vraag 2: vul de vraagtekst in en vul stelling 1 in'],
      ['q-nps', 'Vraag 3: vul de vraagtekst in'],
      [
        'q-choice',
        "Vraag 4 ('Afdeling'): voeg minstens twee keuzes toe en het minimum aantal keuzes moet een heel getal van 1 tot en met 1 zijn",
      ],
    ]);
    expect(body.detail).toBe(READINESS_MESSAGES.detail(expected.map((problem) => problem.message)));
    expect(body.fields).toEqual({
      'questions.q-open': 'Vraag 1: vul de vraagtekst in',
      'questions.q-likert': 'Vraag 2: vul de vraagtekst in en vul stelling 1 in',
      'questions.q-nps': 'Vraag 3: vul de vraagtekst in',
      'questions.q-choice': expected[3]?.message,
    });
    expect(await surveySnapshot(ctx)).toEqual(before);

    const untitled = await call('PUT', `/surveys/${draft.id}`, {
      ...sampleInput({ title: ' ' }),
      version: draft.version,
    });
    expect(untitled.statusCode, untitled.body).toBe(200);
    const noTitle = await call('POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(noTitle.json<SurveyNotReadyBody>()).toMatchObject({
      fields: { title: 'Geef de survey een titel' },
      problems: [{ question_id: null, codes: ['survey_title_missing'] }],
    });

    const filled = await call('PUT', `/surveys/${draft.id}`, {
      ...sampleInput(),
      version: untitled.json<Survey>().version,
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const opened = await call('POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Survey>().status).toBe('open');
  });

  it('should still ask for a first question before anything else', async () => {
    const empty = await call('POST', '/surveys', { title: '' });
    const refused = await call('POST', `/surveys/${empty.json<Survey>().id}/status`, { status: 'open' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Voeg eerst minstens één vraag toe.' });
  });

  it('should still refuse what can never be stored, and change nothing', async () => {
    const draft = await incompleteDraft();
    const before = await surveySnapshot(ctx);
    const nps = incompleteQuestions()[2] as Question;
    const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      ['a title that is no text', { title: ['x'] }, { title: 'Dit veld moet tekst zijn.' }],
      ['a title too long', { title: 'x'.repeat(201) }, { title: SURVEY_MESSAGES.surveyTitleTooLong }],
      [
        'a question text that is no text',
        { questions: [{ ...nps, title: { toString: 'x' } }] },
        { 'questions.0.title': SURVEY_MESSAGES.textUnreadable },
      ],
      [
        'a question text too long',
        { questions: [{ ...nps, title: 'x'.repeat(301) }] },
        { 'questions.0.title': SURVEY_MESSAGES.questionTitleTooLong },
      ],
      [
        'an id that pollutes objects',
        { questions: [{ ...nps, id: '__proto__' }] },
        { 'questions.0.id': SURVEY_MESSAGES.questionIdInvalid },
      ],
      [
        'an unknown type',
        { questions: [{ ...nps, type: 'html' }] },
        { 'questions.0.type': SURVEY_MESSAGES.typeInvalid },
      ],
      [
        'options that are no list',
        { questions: [{ ...nps, type: 'single_choice', settings: { options: 'a,b', allow_other: false } }] },
        { 'questions.0.settings.options': SURVEY_MESSAGES.listUnreadable },
      ],
      [
        'an option without an id',
        {
          questions: [
            { ...nps, type: 'single_choice', settings: { options: [{ label: 'a' }], allow_other: false } },
          ],
        },
        { 'questions.0.settings.options.0': SURVEY_MESSAGES.itemIdInvalid },
      ],
      [
        'a choice limit beyond any survey',
        {
          questions: [
            {
              ...nps,
              type: 'multiple_choice',
              settings: { options: [], allow_other: false, max_choices: 1e9 },
            },
          ],
        },
        { 'questions.0.settings.max_choices': SURVEY_MESSAGES.maxChoicesInvalid(1, 1) },
      ],
      [
        'two questions with one id',
        { questions: [nps, { ...nps, position: 1 }] },
        { 'questions.1.id': SURVEY_MESSAGES.questionIdDuplicate },
      ],
    ];
    for (const [name, change, fields] of cases) {
      const response = await call('PUT', `/surveys/${draft.id}`, {
        ...sampleInput(),
        ...change,
        version: draft.version,
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().fields, name).toEqual(fields);
    }
    const tooMany = await call('PUT', `/surveys/${draft.id}`, {
      ...sampleInput({
        questions: Array.from({ length: 101 }, (_, i) => ({ ...nps, id: `q${i}`, position: i })),
      }),
      version: draft.version,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should be read without failing by every screen that shows a survey', async () => {
    const draft = await incompleteDraft('');
    const reads = [
      `/surveys/${draft.id}/results`,
      `/surveys/${draft.id}/questions/q-likert`,
      `/surveys/${draft.id}/questions/q-choice`,
      `/surveys/${draft.id}/export?format=csv`,
      `/surveys/${draft.id}/invitation-preview`,
      `/surveys/${draft.id}/links`,
      `/surveys/${draft.id}/responses`,
    ];
    for (const path of reads) {
      const response = await call('GET', path);
      expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(200);
    }
    // A template must be complete: saving one from the draft names what to fill in.
    const template = await api(ctx.app, 'POST', '/survey-templates', {
      token: org.managerToken,
      headers: org.headers,
      payload: { ...sampleInput({ questions: incompleteQuestions() }), name: 'Onaf', description: '' },
    });
    expect(template.statusCode).toBe(400);
    expect(template.json().fields).toMatchObject({
      'questions.0.title': SURVEY_MESSAGES.questionTitleMissing,
    });
  });
});

describe('an open survey', () => {
  it('should still be saved only complete', async () => {
    const created = await call('POST', '/surveys', sampleInput());
    const survey = created.json<Survey>();
    const opened = await call('POST', `/surveys/${survey.id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    const before = await surveySnapshot(ctx);
    const emptied = await call('PUT', `/surveys/${survey.id}`, {
      ...sampleInput({ title: '', questions: incompleteQuestions() }),
      version: survey.version,
    });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fields).toMatchObject({
      title: SURVEY_MESSAGES.surveyTitleMissing,
      'questions.0.title': SURVEY_MESSAGES.questionTitleMissing,
      'questions.3.settings.options': SURVEY_MESSAGES.optionsTooFew,
    });
    const closed = await call('POST', `/surveys/${survey.id}/status`, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    const whileClosed = await call('PUT', `/surveys/${survey.id}`, {
      ...sampleInput({ questions: incompleteQuestions() }),
      version: survey.version,
    });
    expect(whileClosed.statusCode).toBe(400);
    const { surveys: after } = await surveySnapshot(ctx);
    expect(after.find((row) => row.id === survey.id)?.questions).toEqual(
      before.surveys.find((row) => row.id === survey.id)?.questions,
    );
  });

  it('should never get the content of a draft save that crossed its opening', async () => {
    const created = await call('POST', '/surveys', sampleInput());
    const id = created.json<Survey>().id;
    const asDraft = await findSurvey(ctx.db, org.organization.id, id);
    if (asDraft === null) throw new Error('no survey');
    const opened = await call('POST', `/surveys/${id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    // The save was checked while the survey was a draft; by the time it is written, it is open.
    const incomplete = { ...sampleInput({ questions: incompleteQuestions() }) };
    expect(
      await updateSurveyContent(ctx.db, asDraft, asDraft.version, incomplete, ctx.clock.now()),
    ).toBeNull();
    expect((await findSurvey(ctx.db, org.organization.id, id))?.questions).toEqual(asDraft.questions);
  });

  it('should not open on content that changed after the check', async () => {
    const created = await call('POST', '/surveys', sampleInput());
    const survey = created.json<Survey>();
    const checked = await findSurvey(ctx.db, org.organization.id, survey.id);
    if (checked === null) throw new Error('no survey');
    const emptied = await call('PUT', `/surveys/${survey.id}`, {
      ...sampleInput({ questions: incompleteQuestions() }),
      version: survey.version,
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(await setSurveyStatus(ctx.db, checked, 'open', ctx.clock.now())).toBeNull();
    expect((await findSurvey(ctx.db, org.organization.id, survey.id))?.status).toBe('draft');
  });
});
