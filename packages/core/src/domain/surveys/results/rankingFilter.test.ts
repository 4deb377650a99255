import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { conditionOf, crosstabTargets, filterTargets } from './filterTargets';
import { describeResultsFilter, readResultsFilter, serialiseResultsFilter } from './resultsConditions';

// R-SURV-31: the results filter cuts by a ranking option's place, as a logic condition does.

const ranking: Question = {
  id: 'prio',
  type: 'ranking',
  title: 'Wat is het belangrijkst?',
  required: false,
  position: 0,
  settings: {
    options: [
      { id: 'prijs', label: 'Prijs' },
      { id: 'service', label: 'Service' },
      { id: 'snelheid', label: 'Snelheid' },
    ],
  },
};
const survey = {
  questions: [ranking],
  logic: { rules: [], end_screens: [], hidden_fields: [] },
  anonymous: false,
};

describe('results filter: a ranking option’s place (R-SURV-31)', () => {
  it('should offer one place target per option, to filter on but not to cross-tab', () => {
    const targets = filterTargets(survey).filter((target) => target.kind === 'score');
    expect(targets.map((target) => target.label)).toEqual([
      'Wat is het belangrijkst?: plaats van Prijs',
      'Wat is het belangrijkst?: plaats van Service',
      'Wat is het belangrijkst?: plaats van Snelheid',
    ]);
    expect(crosstabTargets(survey).some((target) => target.label.includes('plaats van'))).toBe(false);
    const first = targets[0];
    if (first === undefined) throw new Error('no target');
    expect(conditionOf(first, { min: '1', max: '2' })).toEqual({
      source: 'question',
      question_id: 'prio',
      option_id: 'prijs',
      operator: 'between',
      min: 1,
      max: 2,
    });
  });

  it('should round-trip through the parameter, be described in Dutch and refuse places or options it lacks', () => {
    const filter = [
      { source: 'question', question_id: 'prio', option_id: 'prijs', operator: 'between', min: 1, max: 2 },
    ] as const;
    const raw = serialiseResultsFilter(filter);
    expect(raw).toBe('q:prio.prijs:1..2');
    expect(readResultsFilter(raw, survey)).toEqual({ ok: true, value: filter });
    expect(describeResultsFilter(filter, { questions: [ranking] })).toBe(
      'Wat is het belangrijkst?: Prijs staat op plaats 1 tot en met 2',
    );
    expect(readResultsFilter('q:prio.prijs:1..4', survey)).toEqual({
      ok: false,
      message: 'Het filter noemt een score die niet bij de vraag hoort.',
    });
    expect(readResultsFilter('q:prio.weg:1', survey)).toEqual({
      ok: false,
      message: 'Het filter noemt een optie die niet bij de rangorde hoort.',
    });
    expect(readResultsFilter('q:prio:1', survey)).toEqual({
      ok: false,
      message: 'Het filter noemt een optie die niet bij de rangorde hoort.',
    });
  });
});
