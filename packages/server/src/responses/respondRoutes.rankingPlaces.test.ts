import type { Question, Survey, SurveyLogic, SurveyResults } from '@loop/core';
import { LOGIC_INPUT_MESSAGES, PATH_MESSAGES } from '@loop/core/surveys/logic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createSurvey, publicToken, respond } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';

/**
 * A condition on a ranking option's place on the server (R-SURV-29, R-SURV-31): stored with the
 * survey, checked by the same engine on a submission, and cut by in the results.
 */

let ctx: TestContext;
let org: SurveyOrganization;
let survey: Survey;
let token: string;

const QUESTIONS: Question[] = [
  {
    id: 'q-prio',
    type: 'ranking',
    title: 'Wat is het belangrijkst?',
    required: true,
    position: 0,
    settings: {
      options: [
        { id: 'prijs', label: 'Prijs' },
        { id: 'service', label: 'Service' },
        { id: 'snelheid', label: 'Snelheid' },
      ],
    },
  },
  {
    id: 'q-why',
    type: 'open_short',
    title: 'Waarom is de prijs zo belangrijk?',
    required: false,
    position: 1,
    settings: { max_length: 200 },
  },
];

/** Ask why only when 'Prijs' stands on place 1 or 2. */
const LOGIC: SurveyLogic = {
  rules: [
    {
      id: 'r-prijs',
      action: 'show',
      question_id: 'q-why',
      when: {
        match: 'all',
        conditions: [
          { source: 'question', question_id: 'q-prio', option_id: 'prijs', operator: 'less', value: 3 },
        ],
      },
    },
  ],
  end_screens: [],
  hidden_fields: [],
};

let visitors = 0;
const submit = (order: string[], why?: string) =>
  respond(ctx, token, {
    final: true,
    respondent_key: `bezoeker-plaats-${String(++visitors).padStart(8, '0')}`,
    answers: [
      { question_id: 'q-prio', value: { option_ids: order } },
      ...(why === undefined ? [] : [{ question_id: 'q-why', value: { text: why } }]),
    ],
  });

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Plaatsen BV');
  survey = await createSurvey(ctx, org, { questions: QUESTIONS, logic: LOGIC });
  token = await publicToken(ctx, org, survey.id);
});

afterAll(async () => {
  await ctx?.close();
});

describe('a condition on a ranking option’s place (R-SURV-29)', () => {
  it('should store the condition with its option and open the survey', () => {
    expect(survey.status).toBe('open');
    expect(survey.logic).toEqual(LOGIC);
  });

  it('should show the question on the path only while the option stands on a matching place', async () => {
    const shown = await submit(['service', 'prijs', 'snelheid'], 'Het budget is krap');
    expect(shown.statusCode, shown.body).toBe(200);
    const forged = await submit(['service', 'snelheid', 'prijs'], 'Niet gevraagd');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({
      detail: PATH_MESSAGES.notShown,
      fields: { 'answers.q-why': PATH_MESSAGES.notShown },
    });
    const off = await submit(['service', 'snelheid', 'prijs']);
    expect(off.statusCode, off.body).toBe(200);
  });

  it('should refuse an option id that is none with a Dutch 400', async () => {
    const bad = {
      ...LOGIC.rules[0],
      when: { match: 'all', conditions: [{ ...LOGIC.rules[0]?.when.conditions[0], option_id: '' }] },
    };
    const draft = await createSurvey(ctx, org, { questions: QUESTIONS }, { open: false });
    const refused = await call(ctx, org, 'PUT', `/surveys/${draft.id}`, {
      title: draft.title,
      description_html: draft.description_html,
      introduction_html: draft.introduction_html,
      thank_you_text: draft.thank_you_text,
      close_at: draft.close_at,
      questions: draft.questions,
      version: draft.version,
      logic: { ...LOGIC, rules: [bad] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      'logic.rules.0.when.conditions.0.option_id': LOGIC_INPUT_MESSAGES.optionInvalid,
    });
  });

  it('should cut the results by an option’s place (R-SURV-31)', async () => {
    const results = async (filter: string) => {
      const response = await call(
        ctx,
        org,
        'GET',
        `/surveys/${survey.id}/results?filter=${encodeURIComponent(filter)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SurveyResults>().responses.completed;
    };
    expect(await results('q:q-prio.prijs:1..2')).toBe(1);
    expect(await results('q:q-prio.prijs:3')).toBe(1);
    expect(await results('q:q-prio.service:1')).toBe(2);
    const refused = await call(
      ctx,
      org,
      'GET',
      `/surveys/${survey.id}/results?filter=${encodeURIComponent('q:q-prio.weg:1')}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('Het filter noemt een optie die niet bij de rangorde hoort.');
  });
});
