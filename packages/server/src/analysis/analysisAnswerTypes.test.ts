import type { BusinessAnalysisResponse, Question, Survey } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putOnPlan } from '../testing/billing';
import { call, createSurvey, personalLinks, respond } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';

/**
 * The business analysis reads number, ranking, dropdown and date questions (R-ANALYSIS-16), from
 * the survey counts and, for numbers, dates and rankings of more than ten options, one aggregate
 * query over just those answers.
 */

let ctx: TestContext;
let org: SurveyOrganization;
let survey: Survey;

const LONG_OPTIONS = Array.from({ length: 12 }, (_, i) => ({ id: `t${i + 1}`, label: `Thema ${i + 1}` }));

const QUESTIONS: Question[] = [
  {
    id: 'q-weight',
    type: 'number',
    title: 'Hoeveel kilo til je per dag?',
    required: false,
    position: 0,
    settings: { min: 0, max: 50_000, step: 0.5, unit: 'kg' },
  },
  {
    id: 'q-dept',
    type: 'dropdown',
    title: 'Afdeling',
    required: false,
    position: 1,
    settings: {
      options: ['Verkoop', 'Inkoop', 'Magazijn', 'Directie'].map((label) => ({
        id: label.toLowerCase(),
        label,
      })),
    },
  },
  {
    id: 'q-start',
    type: 'date',
    title: 'Wanneer begon je?',
    required: false,
    position: 2,
    settings: {},
  },
  {
    id: 'q-prio',
    type: 'ranking',
    title: 'Wat is het belangrijkst?',
    required: false,
    position: 3,
    settings: {
      options: [
        { id: 'prijs', label: 'Prijs' },
        { id: 'service', label: 'Service' },
        { id: 'snelheid', label: 'Snelheid' },
      ],
    },
  },
  {
    id: 'q-themes',
    type: 'ranking',
    title: 'Welke thema’s eerst?',
    required: false,
    position: 4,
    settings: { options: LONG_OPTIONS },
  },
];

const ANSWERS = [
  { weight: 10, dept: 'magazijn', start: '2024-03-04', prio: ['prijs', 'service', 'snelheid'], last: 't1' },
  { weight: 12, dept: 'magazijn', start: '2024-03-20', prio: ['prijs', 'snelheid', 'service'], last: 't1' },
  { weight: 14, dept: 'verkoop', start: '2025-06-01', prio: ['service', 'prijs', 'snelheid'], last: 't2' },
  { weight: 20.5, dept: 'magazijn', start: '2024-03-31', prio: ['prijs', 'service', 'snelheid'], last: 't1' },
];

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Vraagsoorten Analyse BV');
  await putOnPlan(ctx, org.organization.id, 'proloop');
  survey = await createSurvey(ctx, org, { title: 'Werkplekpeiling', questions: QUESTIONS });
  const tokens = await personalLinks(ctx, org, survey.id, ANSWERS.length);
  for (const [index, token] of tokens.entries()) {
    const given = ANSWERS[index];
    if (given === undefined) continue;
    // The long ranking puts `last` on place 12 and the other themes in order before it.
    const themes = [...LONG_OPTIONS.map((option) => option.id).filter((id) => id !== given.last), given.last];
    const sent = await respond(ctx, token, {
      final: true,
      answers: [
        { question_id: 'q-weight', value: { number: given.weight } },
        { question_id: 'q-dept', value: { option_id: given.dept } },
        { question_id: 'q-start', value: { date: given.start } },
        { question_id: 'q-prio', value: { option_ids: given.prio } },
        { question_id: 'q-themes', value: { option_ids: themes } },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('business analysis: number, ranking, dropdown and date questions (R-ANALYSIS-16)', () => {
  it('should summarise each in the survey section of the report', async () => {
    const made = await call(ctx, org, 'POST', '/organization/business-analysis');
    expect(made.statusCode, made.body).toBe(200);
    const report = made.json<BusinessAnalysisResponse>().analysis.replace(/\u00a0/g, ' ');
    expect(report).toContain('### Werkplekpeiling (open)');
    expect(report).toContain(
      "- Getal 'Hoeveel kilo til je per dag?': mediaan 13 kg (kwartielen 11,5 kg en 15,63 kg), 4 antwoorden.",
    );
    expect(report).toContain(
      "- Rangorde 'Wat is het belangrijkst?': 'Prijs' staat het vaakst op plaats 1 (75% van 4 antwoorden). " +
        "Gemiddelde plaats: 'Prijs' 1,3, 'Service' 2, 'Snelheid' 2,8.",
    );
    expect(report).toContain(
      "- Keuzelijst 'Afdeling': grootste groepen 'Magazijn' 75% (3), 'Verkoop' 25% (1) van 4 antwoorden.",
    );
    expect(report).toContain(
      "- Datum 'Wanneer begon je?': de drukste maand is maart 2024 met 3 van 4 antwoorden.",
    );
    // Places 11 and 12 are not in the survey counts; the analysis counts them apart.
    expect(report).toContain(
      "- Rangorde 'Welke thema’s eerst?': 'Thema 2' staat het vaakst op plaats 1 (75% van 4 antwoorden). " +
        "Gemiddelde plaats: 'Thema 3' 2, 'Thema 4' 3, 'Thema 2' 3,8, 'Thema 5' 4,",
    );
    expect(report).toContain("'Thema 10' 9, 'Thema 1' 9,3, 'Thema 11' 10, 'Thema 12' 11.");
  });
});
