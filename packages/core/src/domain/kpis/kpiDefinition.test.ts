import { describe, expect, it } from 'vitest';
import type { KpiInput, KpiSourceInput, Question } from '../contract';
import { KPI_MESSAGES as M, validateKpiInput } from './kpiDefinition';
import { surveySourceState } from './kpiMetrics';

const MANUAL: KpiSourceInput = {
  type: 'manual',
  metric: null,
  survey_id: null,
  question_id: null,
  statement_id: null,
};

const input = (overrides: Partial<KpiInput> = {}): KpiInput => ({
  name: 'Omzet per maand',
  description: '',
  unit: 'euro',
  direction: 'higher',
  period_kind: 'month',
  target: 1_000_000,
  warning: 800_000,
  period_targets: [],
  owner_id: 1,
  source: MANUAL,
  ...overrides,
});

const QUESTIONS: Question[] = [
  { id: 'nps', type: 'nps', title: 'Aanbevelen?', required: true, position: 0, settings: {} },
  {
    id: 'werk',
    type: 'likert',
    title: 'Werk',
    required: true,
    position: 1,
    settings: {
      points: 5,
      labels: ['a', 'b', 'c', 'd', 'e'],
      neutral_middle: true,
      statements: [{ id: 's1', text: 'Ik heb plezier' }],
    },
  },
  {
    id: 'ster',
    type: 'rating',
    title: 'Cijfer',
    required: false,
    position: 2,
    settings: { scale: 5, style: 'stars' },
  },
];

const survey = (overrides: Partial<KpiSourceInput>): KpiSourceInput => ({
  type: 'survey',
  metric: 'nps',
  survey_id: 7,
  question_id: 'nps',
  statement_id: null,
  ...overrides,
});

const fieldsOf = (result: ReturnType<typeof validateKpiInput>) => (result.ok ? {} : result.fields);

describe('validateKpiInput', () => {
  it('should accept a sound definition and normalise it', () => {
    const result = validateKpiInput(
      input({
        name: '  Omzet  ',
        period_targets: [
          { period: '2026-04', target: 1_200_000, warning: null },
          { period: '2026-03', target: 1_100_000, warning: 900_000 },
        ],
        source: { ...MANUAL, survey_id: 3, question_id: 'x' },
      }),
      { survey: null },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.name).toBe('Omzet');
    expect(result.value.source).toEqual(MANUAL);
    expect(result.value.period_targets.map((each) => each.period)).toEqual(['2026-03', '2026-04']);
  });

  it('should name every field with a problem at once', () => {
    const fields = fieldsOf(
      validateKpiInput(
        input({ name: ' ', unit: 'kilo' as never, direction: 'beter' as never, period_kind: 'dag' as never }),
        { survey: null },
      ),
    );
    expect(fields).toMatchObject({
      name: M.nameRequired,
      unit: M.unit,
      direction: M.direction,
      period_kind: M.periodKind,
    });
  });

  it('should refuse a percentage target outside 0–100 and a euro target with three decimals', () => {
    expect(
      fieldsOf(validateKpiInput(input({ unit: 'percentage', target: 120, warning: null }), { survey: null })),
    ).toEqual({
      target: 'Doel: een percentage ligt tussen 0 en 100.',
    });
    // 12,345 euro is 1234.5 cents.
    expect(fieldsOf(validateKpiInput(input({ target: 1234.5, warning: null }), { survey: null }))).toEqual({
      target: 'Doel: een bedrag heeft hoogstens twee decimalen.',
    });
  });

  it('should refuse a band on the wrong side of the target, either direction', () => {
    expect(fieldsOf(validateKpiInput(input({ target: 100, warning: 120 }), { survey: null }))).toEqual({
      warning: M.warningHigher,
    });
    expect(fieldsOf(validateKpiInput(input({ target: 100, warning: 100 }), { survey: null }))).toEqual({
      warning: M.warningHigher,
    });
    expect(
      fieldsOf(validateKpiInput(input({ direction: 'lower', target: 100, warning: 80 }), { survey: null })),
    ).toEqual({ warning: M.warningLower });
    expect(fieldsOf(validateKpiInput(input({ target: null, warning: 80 }), { survey: null }))).toEqual({
      warning: M.warningWithoutTarget,
    });
  });

  it('should check targets per period: key of the kind, once each, value and band', () => {
    const fields = fieldsOf(
      validateKpiInput(
        input({
          period_targets: [
            { period: '2026-13', target: 100, warning: null },
            { period: '2026-03', target: 100, warning: 150 },
            { period: '2026-03', target: 200, warning: null },
            { period: '2026-05', target: 10.001, warning: null },
          ],
        }),
        { survey: null },
      ),
    );
    expect(fields).toEqual({
      'period_targets.0.period': "'2026-13' is geen maand (bijvoorbeeld 2026-03).",
      'period_targets.1.warning': M.warningHigher,
      'period_targets.2.period': 'Voor maart 2026 staat al een doel.',
      'period_targets.3.target': 'Doel voor mei 2026: een bedrag heeft hoogstens twee decimalen.',
    });
    expect(
      fieldsOf(
        validateKpiInput(
          input({ period_kind: 'week', period_targets: [{ period: '2026-W54', target: 1, warning: null }] }),
          {
            survey: null,
          },
        ),
      ),
    ).toEqual({ 'period_targets.0.period': "'2026-W54' is geen week (bijvoorbeeld 2026-W05)." });
  });

  it('should check a survey source against the survey: question, type and statement', () => {
    const nps = input({ unit: 'number', target: 30, warning: 10, source: survey({}) });
    expect(validateKpiInput(nps, { survey: { questions: QUESTIONS } }).ok).toBe(true);
    expect(fieldsOf(validateKpiInput(nps, { survey: null }))).toEqual({
      'source.survey_id': M.surveyUnknown,
    });
    expect(
      fieldsOf(
        validateKpiInput(
          { ...nps, source: survey({ question_id: 'werk' }) },
          { survey: { questions: QUESTIONS } },
        ),
      ),
    ).toEqual({ 'source.question_id': 'Kies een NPS-vraag.' });
    expect(
      fieldsOf(
        validateKpiInput(
          { ...nps, source: survey({ question_id: 'weg' }) },
          { survey: { questions: QUESTIONS } },
        ),
      ),
    ).toEqual({ 'source.question_id': M.questionUnknown });
    const likert = input({
      unit: 'percentage',
      target: 70,
      warning: 60,
      source: survey({ metric: 'likert_top2', question_id: 'werk', statement_id: 's9' }),
    });
    expect(fieldsOf(validateKpiInput(likert, { survey: { questions: QUESTIONS } }))).toEqual({
      'source.statement_id': M.statementUnknown,
    });
    const noSurvey = input({
      unit: 'number',
      source: survey({ survey_id: null, metric: 'tevredenheid' as never }),
    });
    expect(fieldsOf(validateKpiInput(noSurvey, { survey: null }))).toMatchObject({
      'source.survey_id': M.surveyRequired,
      'source.metric': M.surveyMetric,
    });
  });

  it('should refuse a unit that does not fit the metric, and a target the metric cannot reach', () => {
    expect(
      fieldsOf(
        validateKpiInput(input({ unit: 'percentage', target: 30, warning: null, source: survey({}) }), {
          survey: { questions: QUESTIONS },
        }),
      ),
    ).toEqual({ unit: 'Eenheid: NPS is een getal.' });
    expect(
      fieldsOf(
        validateKpiInput(input({ unit: 'number', target: 150, warning: null, source: survey({}) }), {
          survey: { questions: QUESTIONS },
        }),
      ),
    ).toEqual({ target: 'Doel: NPS ligt tussen -100 en 100.' });
    const finance = { ...MANUAL, type: 'finance' as const, metric: 'margin' as const };
    expect(fieldsOf(validateKpiInput(input({ source: finance }), { survey: null }))).toMatchObject({
      unit: 'Eenheid: Marge is een percentage.',
    });
    expect(
      fieldsOf(
        validateKpiInput(input({ source: { ...finance, metric: 'winst' as never } }), { survey: null }),
      ),
    ).toEqual({ 'source.metric': M.financeMetric });
  });

  it('should keep only the fields a source uses', () => {
    const result = validateKpiInput(
      input({
        unit: 'number',
        target: null,
        warning: null,
        source: survey({ metric: 'completed_responses', statement_id: 's1' }),
      }),
      { survey: { questions: QUESTIONS } },
    );
    expect(result.ok && result.value.source).toEqual({
      type: 'survey',
      metric: 'completed_responses',
      survey_id: 7,
      question_id: null,
      statement_id: null,
    });
  });
});

describe('surveySourceState', () => {
  it('should say what is gone: the survey, the question, the statement', () => {
    expect(surveySourceState(survey({}), null)).toBe('survey_deleted');
    expect(surveySourceState(survey({}), { questions: QUESTIONS })).toBe('ok');
    expect(surveySourceState(survey({}), { questions: QUESTIONS.slice(1) })).toBe('question_deleted');
    const likert = survey({ metric: 'likert_mean', question_id: 'werk', statement_id: 's1' });
    expect(surveySourceState(likert, { questions: QUESTIONS })).toBe('ok');
    expect(surveySourceState({ ...likert, statement_id: 's2' }, { questions: QUESTIONS })).toBe(
      'statement_deleted',
    );
    expect(surveySourceState(survey({ metric: 'response_rate', question_id: null }), { questions: [] })).toBe(
      'ok',
    );
    expect(surveySourceState(MANUAL, null)).toBe('ok');
  });
});
