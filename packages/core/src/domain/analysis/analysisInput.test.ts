import { describe, expect, it } from 'vitest';
import { definition, surveyCounts, valuesOf, WINDOW } from './analysis.fixtures';
import { ANALYSIS_MIN_ANSWERS, kpiFacts, surveyFacts } from './analysisInput';

describe('kpiFacts', () => {
  it('should give status and trend as the board does: the newest value against its target and the period before', () => {
    const facts = kpiFacts(definition(), WINDOW, valuesOf({ '2026-02': 880_000, '2026-03': 700_000 }));
    expect(facts.current).toMatchObject({
      period: '2026-03',
      value: 700_000,
      target: 1_000_000,
      status: 'off_track',
    });
    expect(facts.trend).toMatchObject({ previous_period: '2026-02', change: -180_000, assessment: 'bad' });
    expect(facts.points.map((point) => point.period)).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(facts.points.at(-2)).toMatchObject({ value: 880_000, status: 'off_track' });
    expect(facts.source).toBe('Handmatig');
  });

  it('should read lower-is-better mirrored and use a period target over the standing one', () => {
    const facts = kpiFacts(
      definition({
        name: 'Verzuim',
        unit: 'percentage',
        direction: 'lower',
        target: 4,
        warning: 5,
        periodTargets: [{ period: '2026-03', target: 6, warning: null }],
      }),
      WINDOW,
      valuesOf({ '2026-02': 5.5, '2026-03': 5 }),
    );
    expect(facts.current).toMatchObject({ target: 6, status: 'on_track' });
    expect(facts.points.at(-2)).toMatchObject({ target: 4, status: 'off_track' });
    expect(facts.trend?.assessment).toBe('good');
  });

  it('should have no current value and no trend without values', () => {
    const facts = kpiFacts(definition(), WINDOW, new Map());
    expect(facts.current).toBeNull();
    expect(facts.trend).toBeNull();
  });
});

describe('surveyFacts', () => {
  it('should score NPS and Likert statements with the results pages’ rules, over all time and per window', () => {
    const facts = surveyFacts(surveyCounts());
    expect(facts.nps).toEqual([
      {
        question: 'Hoe waarschijnlijk is het dat je ons aanbeveelt?',
        overall: { score: 30, answered: 20 },
        previous: { score: 0, answered: 10 },
        recent: { score: 60, answered: 10 },
        change: 60,
      },
    ]);
    const [werkdruk, team] = facts.statements;
    expect(werkdruk).toMatchObject({
      statement: 'Mijn werkdruk is goed te doen',
      points: 5,
      mean: 1.8,
      overall: { score: 20, answered: 20 },
      previous: { score: 37.5 },
      change: -32.5,
    });
    expect(werkdruk?.recent.score).toBeCloseTo(5);
    expect(team?.overall.score).toBeCloseTo(93.75);
    expect(facts.responseRate).toBe(12.5);
    expect(facts.completed).toBe(20);
  });

  it('should compare windows only when both have enough answers', () => {
    const few = ANALYSIS_MIN_ANSWERS - 1;
    const facts = surveyFacts(
      surveyCounts({
        items: [
          { questionId: 'q-nps', itemId: '', overall: { 10: 20 }, previous: { 0: few }, recent: { 10: 10 } },
        ],
      }),
    );
    expect(facts.nps[0]?.change).toBeNull();
    expect(facts.nps[0]?.overall.score).toBe(100);
  });

  it('should leave out questions and statements without answers, and the rate without personal links', () => {
    const facts = surveyFacts(surveyCounts({ items: [], personalLinks: 0, completedPersonal: 0 }));
    expect(facts.nps).toEqual([]);
    expect(facts.statements).toEqual([]);
    expect(facts.responseRate).toBeNull();
  });
});
