import { describe, expect, it } from 'vitest';
import type { Kpi, Question } from '../contract';
import { KPI_MESSAGES } from './kpiDefinition';
import {
  EMPTY_KPI_FORM,
  type KpiFormValues,
  keptPeriodTargets,
  kpiFormFromKpi,
  kpiFormOtherErrors,
  kpiFormUnit,
  kpiInputFromForm,
  kpiMetricChoices,
  kpiQuestionChoices,
  kpiStatementChoices,
  kpiValueFromForm,
  kpiValuePeriods,
} from './kpiForm';
import { KPI_VALUE_MESSAGES } from './kpiValues';

const QUESTIONS: Question[] = [
  { id: 'open', type: 'open_short', title: 'Naam', required: false, position: 0, settings: {} as never },
  { id: 'nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 1, settings: {} },
  {
    id: 'werk',
    type: 'likert',
    title: 'Werk',
    required: true,
    position: 2,
    settings: {
      points: 5,
      labels: ['a', 'b', 'c', 'd', 'e'],
      neutral_middle: true,
      statements: [
        { id: 's1', text: 'Ik heb plezier' },
        { id: 's2', text: ' ' },
      ],
    },
  },
];

const form = (overrides: Partial<KpiFormValues>): KpiFormValues => ({
  ...EMPTY_KPI_FORM,
  name: 'Omzet',
  ...overrides,
});

describe('kpiInputFromForm', () => {
  it('should read a euro target and warning in Dutch notation as cents', () => {
    const checked = kpiInputFromForm(
      form({ unit: 'euro', target: '€ 12.500', warning: '10.000,50', owner_id: '4' }),
      null,
    );
    expect(checked).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: 'Omzet',
        unit: 'euro',
        target: 1_250_000,
        warning: 1_000_050,
        owner_id: 4,
        source: { type: 'manual', metric: null, survey_id: null, question_id: null, statement_id: null },
      }),
    });
  });

  it('should leave empty targets null and trim the name', () => {
    const checked = kpiInputFromForm(form({ name: '  NPS team  ' }), null);
    expect(checked.ok && checked.value).toMatchObject({ name: 'NPS team', target: null, warning: null });
  });

  it('should name the field of an unreadable target, together with the definition errors', () => {
    const checked = kpiInputFromForm(form({ name: '', unit: 'percentage', target: '12.5' }), null);
    expect(checked).toEqual({
      ok: false,
      fields: {
        name: KPI_MESSAGES.nameRequired,
        target: `Doel: ${KPI_VALUE_MESSAGES.dutchNumber}.`,
      },
    });
  });

  it('should refuse a warning on the wrong side of the target', () => {
    const checked = kpiInputFromForm(form({ target: '50', warning: '60' }), null);
    expect(checked).toEqual({ ok: false, fields: { warning: KPI_MESSAGES.warningHigher } });
  });

  it('should give a survey KPI the unit of its metric and check its question against the survey', () => {
    const values = form({
      unit: 'euro',
      source_type: 'survey',
      metric: 'nps',
      survey_id: '7',
      question_id: 'nps',
      target: '30',
    });
    expect(kpiFormUnit(values)).toBe('number');
    const checked = kpiInputFromForm(values, { questions: QUESTIONS });
    expect(checked.ok && checked.value).toMatchObject({
      unit: 'number',
      target: 30,
      source: { type: 'survey', metric: 'nps', survey_id: 7, question_id: 'nps', statement_id: null },
    });
    expect(kpiInputFromForm({ ...values, question_id: 'werk' }, { questions: QUESTIONS })).toEqual({
      ok: false,
      fields: { 'source.question_id': 'Kies een NPS-vraag.' },
    });
  });

  it('should ask for a survey, a metric and a question when they are missing', () => {
    const checked = kpiInputFromForm(form({ source_type: 'survey' }), null);
    expect(checked).toEqual({
      ok: false,
      fields: { 'source.metric': KPI_MESSAGES.surveyMetric, 'source.survey_id': KPI_MESSAGES.surveyRequired },
    });
  });

  it('should keep the targets per period it does not show, while the period kind stays', () => {
    const own = [{ period: '2026-03', target: 5, warning: null }];
    const checked = kpiInputFromForm(form({}), null, own);
    expect(checked.ok && checked.value.period_targets).toEqual(own);
    const weekly = kpiInputFromForm(form({ period_kind: 'week' }), null, own);
    expect(weekly.ok && weekly.value.period_targets).toEqual([]);
  });

  it('should drop only the targets of another period kind', () => {
    const targets = [
      { period: '2026-Q1', target: 5, warning: null },
      { period: '2026-03', target: 6, warning: null },
    ];
    expect(keptPeriodTargets('quarter', targets)).toEqual([targets[0]]);
    expect(keptPeriodTargets('year', targets)).toEqual([]);
  });

  it('should gather the errors of fields the form has no control for', () => {
    expect(kpiFormOtherErrors({ name: 'Geef de KPI een naam.' })).toBeNull();
    expect(
      kpiFormOtherErrors({
        name: 'x',
        'period_targets.0.target': 'Doel voor Q1 2026: te hoog.',
        owner_id: 'y',
      }),
    ).toBe('Doel voor Q1 2026: te hoog.');
  });
});

describe('kpiFormFromKpi', () => {
  it('should write targets back in the notation the form reads, round trip', () => {
    const kpi: Kpi = {
      id: 3,
      name: 'Omzet',
      description: 'Per maand',
      unit: 'euro',
      direction: 'higher',
      period_kind: 'quarter',
      target: 1_234_56,
      warning: null,
      period_targets: [],
      owner: { id: 9, name: 'An' },
      source: {
        type: 'manual',
        metric: null,
        survey_id: null,
        question_id: null,
        statement_id: null,
        survey_title: null,
      },
      state: 'ok',
      created_at: '',
      updated_at: '',
    };
    const values = kpiFormFromKpi(kpi);
    expect(values).toMatchObject({ target: '1.234,56', warning: '', owner_id: '9', period_kind: 'quarter' });
    const checked = kpiInputFromForm(values, null);
    expect(checked.ok && checked.value.target).toBe(1_234_56);
  });
});

describe('choices', () => {
  it('should offer the metrics of a source with their labels', () => {
    expect(kpiMetricChoices('manual')).toEqual([]);
    expect(kpiMetricChoices('finance').map((c) => c.label)).toEqual([
      'Omzet',
      'Kosten',
      'Resultaat',
      'Marge',
    ]);
    expect(kpiMetricChoices('survey')[0]).toEqual({ value: 'nps', label: 'NPS' });
  });

  it('should offer only the questions of the metric’s type, numbered as in the survey', () => {
    expect(kpiQuestionChoices('nps', QUESTIONS)).toEqual([
      { value: 'nps', label: '2. Zou je ons aanbevelen?' },
    ]);
    expect(kpiQuestionChoices('likert_mean', QUESTIONS).map((c) => c.value)).toEqual(['werk']);
    expect(kpiQuestionChoices('completed_responses', QUESTIONS)).toEqual([]);
  });

  it('should offer a Likert question’s statements only for statement metrics', () => {
    expect(kpiStatementChoices('likert_top2', QUESTIONS, 'werk')).toEqual([
      { value: 's1', label: 'Ik heb plezier' },
      { value: 's2', label: 'Stelling 2' },
    ]);
    expect(kpiStatementChoices('nps', QUESTIONS, 'werk')).toEqual([]);
    expect(kpiStatementChoices('likert_mean', QUESTIONS, 'nps')).toEqual([]);
  });
});

describe('kpiValueFromForm', () => {
  it('should read a Dutch value and trim the note', () => {
    expect(kpiValueFromForm('percentage', '45,5%', '  na de actie ')).toEqual({
      ok: true,
      value: { value: 45.5, note: 'na de actie' },
    });
  });

  it('should name the value field with core’s Dutch reason', () => {
    expect(kpiValueFromForm('euro', '12.5', '')).toEqual({
      ok: false,
      fields: { value: `Waarde: ${KPI_VALUE_MESSAGES.dutchNumber}.` },
    });
    expect(kpiValueFromForm('number', '', 'x'.repeat(1001))).toEqual({
      ok: false,
      fields: { value: `Waarde: ${KPI_VALUE_MESSAGES.empty}.`, note: KPI_MESSAGES.noteTooLong },
    });
  });
});

describe('kpiValuePeriods', () => {
  it('should offer the running period first, marked, then the ones before it', () => {
    const periods = kpiValuePeriods('month', '2026-01-15', 3);
    expect(periods).toEqual([
      { value: '2026-01', label: 'januari 2026 (lopend)' },
      { value: '2025-12', label: 'december 2025' },
      { value: '2025-11', label: 'november 2025' },
    ]);
    expect(kpiValuePeriods('week', '2026-01-01', 1)[0]?.value).toBe('2026-W01');
  });
});
