import { describe, expect, it } from 'vitest';
import type { KpiCard, KpiHeading } from '../contract';
import {
  boardChoiceEntries,
  boardChoiceIds,
  kpiCardView,
  kpiSourceText,
  moveEntry,
  periodKeyName,
  sparklineShape,
  sparklineText,
} from './kpiBoardView';

const heading = (overrides: Partial<KpiHeading> = {}): KpiHeading => ({
  id: 5,
  name: 'Tevredenheid',
  unit: 'percentage',
  direction: 'higher',
  period_kind: 'month',
  owner: null,
  source: {
    type: 'manual',
    metric: null,
    survey_id: null,
    question_id: null,
    statement_id: null,
    survey_title: null,
  },
  state: 'ok',
  ...overrides,
});

const card = (overrides: Partial<KpiCard> = {}): KpiCard => ({
  kpi: heading(),
  current: {
    period: '2026-03',
    start: '2026-03-01',
    end: '2026-03-31',
    value: 42.5,
    target: 45,
    warning: 40,
    status: 'at_risk',
  },
  trend: {
    previous_period: '2026-02',
    previous_value: 40,
    change: 2.5,
    relative_change: 0.0625,
    direction: 'up',
    assessment: 'good',
  },
  sparkline: [
    { period: '2026-01', value: null, status: 'no_value' },
    { period: '2026-02', value: 40, status: 'at_risk' },
    { period: '2026-03', value: 42.5, status: 'at_risk' },
  ],
  ...overrides,
});

describe('kpiCardView', () => {
  it('should say value, period, target, status, trend and the sparkline in Dutch', () => {
    expect(kpiCardView(card())).toEqual({
      id: 5,
      name: 'Tevredenheid',
      value: '42,5%',
      period: 'maart 2026',
      target: 'Doel: 45%',
      status: { label: 'Risico', icon: 'warning', glyph: '!', tone: 'warning' },
      trend: {
        label: 'Gestegen, een verbetering',
        icon: 'arrow-up',
        glyph: '▲',
        tone: 'good',
        change: '+2,5 procentpunt (+6,3%)',
        against: 't.o.v. februari 2026',
      },
      source: 'Handmatig',
      state: null,
      sparklineText: 'Verloop: januari 2026: geen waarde; februari 2026: 40%; maart 2026: 42,5%.',
    });
  });

  it('should show a card without values as no value, without target or trend', () => {
    const view = kpiCardView(card({ current: null, trend: null, sparkline: [] }));
    expect(view).toMatchObject({ value: '–', period: null, target: null, trend: null });
    expect(view.status.label).toBe('Geen waarde');
    expect(view.sparklineText).toBe('Nog geen verloop.');
  });

  it('should judge a fall as good when lower is better, and leave out an unknown relative change', () => {
    const view = kpiCardView(
      card({
        kpi: heading({ unit: 'duration', direction: 'lower', period_kind: 'week' }),
        trend: {
          previous_period: '2026-W09',
          previous_value: 0,
          change: -900,
          relative_change: null,
          direction: 'down',
          assessment: 'good',
        },
      }),
    );
    expect(view.trend).toMatchObject({
      label: 'Gedaald, een verbetering',
      change: '-15 min',
      against: 't.o.v. week 9, 2026',
    });
  });

  it('should give the state text of a source that cannot compute', () => {
    const view = kpiCardView(
      card({
        kpi: heading({
          state: 'no_finance_data',
          source: { ...heading().source, type: 'finance', metric: 'revenue' },
        }),
      }),
    );
    expect(view.state).toMatch(/^Nog geen financiële gegevens/);
    expect(view.source).toBe('Financiën: Omzet');
  });
});

describe('kpiSourceText', () => {
  it('should name a survey source with its metric and survey, or say it has none', () => {
    const survey = { ...heading().source, type: 'survey' as const, metric: 'nps' as const, survey_id: 3 };
    expect(kpiSourceText({ source: { ...survey, survey_title: 'Klanten 2026' } })).toBe(
      'Survey: NPS – Klanten 2026',
    );
    expect(kpiSourceText({ source: { ...survey, survey_title: '' } })).toBe('Survey: NPS – Naamloze survey');
    expect(kpiSourceText({ source: { ...survey, survey_title: null } })).toBe('Survey: NPS');
  });
});

describe('periodKeyName', () => {
  it('should name keys of each kind and leave a foreign key as it is', () => {
    expect(periodKeyName('quarter', '2026-Q2')).toBe('Q2 2026');
    expect(periodKeyName('year', '2026')).toBe('2026');
    expect(periodKeyName('month', '2026-W05')).toBe('2026-W05');
  });
});

describe('sparklineText', () => {
  it('should write euro values in Dutch notation', () => {
    expect(sparklineText('year', 'euro', [{ period: '2025', value: 123456, status: 'on_track' }])).toBe(
      'Verloop: 2025: €\u00a01.234,56.',
    );
  });
});

describe('sparklineShape', () => {
  it('should spread the periods over the width, the highest value at the top, the lowest at the bottom', () => {
    const shape = sparklineShape([10, 20, 15], 100, 20, 0);
    expect(shape.dots).toEqual([
      { x: 0, y: 20 },
      { x: 50, y: 0 },
      { x: 100, y: 10 },
    ]);
    expect(shape.path).toBe('M0 20L50 0L100 10');
    expect(shape.last).toEqual({ x: 100, y: 10 });
  });

  it('should break the line where a period has no value', () => {
    const shape = sparklineShape([1, null, 2, 3], 30, 10, 0);
    expect(shape.path).toBe('M0 10 M20 5L30 0');
    expect(shape.dots).toHaveLength(3);
  });

  it('should draw equal values in the middle and nothing without values', () => {
    expect(sparklineShape([4, 4], 10, 8, 1).dots.map((dot) => dot.y)).toEqual([4, 4]);
    expect(sparklineShape([null, null], 10, 8)).toEqual({ path: '', dots: [], last: null });
    expect(sparklineShape([7], 10, 8).dots).toEqual([{ x: 5, y: 4 }]);
  });
});

describe('board choice', () => {
  const kpis = [
    { id: 1, name: 'Omzet' },
    { id: 2, name: 'NPS' },
    { id: 3, name: 'Kosten' },
  ];

  it('should list the chosen KPIs first in board order, then the others, skipping deleted ids', () => {
    const entries = boardChoiceEntries(kpis, [3, 9, 1]);
    expect(entries).toEqual([
      { id: 3, name: 'Kosten', chosen: true },
      { id: 1, name: 'Omzet', chosen: true },
      { id: 2, name: 'NPS', chosen: false },
    ]);
    expect(boardChoiceIds(entries)).toEqual([3, 1]);
  });

  it('should save the checked entries in their new order after a move', () => {
    const entries = boardChoiceEntries(kpis, [1, 2]);
    const moved = moveEntry(entries, 0, 2);
    expect(moved.map((entry) => entry.id)).toEqual([2, 3, 1]);
    expect(boardChoiceIds(moved)).toEqual([2, 1]);
    expect(moveEntry(entries, 0, 5)).toEqual(entries);
  });
});
