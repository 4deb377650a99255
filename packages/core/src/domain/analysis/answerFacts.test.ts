import { describe, expect, it } from 'vitest';
import type { Question } from '../contract';
import { organisationInput, surveyCounts } from './analysis.fixtures';
import { analysisFindings } from './analysisFindings';
import { type SurveyCounts, surveyFacts } from './analysisInput';
import { analysisPrompt, promptFacts } from './analysisPrompt';
import { builtinAnalysis } from './builtinAnalysis';

// R-ANALYSIS-16 (what the analysis reads of number, ranking, dropdown and date questions) and
// R-ANALYSIS-17 (a number's notable shift).

const WEIGHT: Question = {
  id: 'q-kg',
  type: 'number',
  title: 'Hoeveel kilo til je per dag?',
  required: false,
  position: 2,
  settings: { step: 0.5, unit: 'kg' },
};
const PRIORITIES: Question = {
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
};
const DEPARTMENT: Question = {
  id: 'q-afd',
  type: 'dropdown',
  title: 'Afdeling',
  required: false,
  position: 4,
  settings: {
    options: ['Verkoop', 'Inkoop', 'Magazijn', 'Directie'].map((label) => ({
      id: label.toLowerCase(),
      label,
    })),
  },
};
const START: Question = {
  id: 'q-start',
  type: 'date',
  title: 'Wanneer begon je?',
  required: false,
  position: 5,
  settings: {},
};

/** 20 weights (median 12,5 kg), recent 10 around 15, the 10 before around 10; rankings, groups and dates. */
function withNewTypes(overrides: Partial<SurveyCounts> = {}): SurveyCounts {
  const base = surveyCounts();
  return surveyCounts({
    questions: [...base.questions, WEIGHT, PRIORITIES, DEPARTMENT, START],
    items: [
      ...base.items,
      // Prijs first 6 times, Service 3, Snelheid 1 (10 rankings).
      { questionId: 'q-prio', itemId: 'prijs', overall: { 1: 6, 2: 2, 3: 2 }, recent: {}, previous: {} },
      { questionId: 'q-prio', itemId: 'service', overall: { 1: 3, 2: 6, 3: 1 }, recent: {}, previous: {} },
      { questionId: 'q-prio', itemId: 'snelheid', overall: { 1: 1, 2: 2, 3: 7 }, recent: {}, previous: {} },
      { questionId: 'q-afd', itemId: 'verkoop', overall: { 1: 5 }, recent: {}, previous: {} },
      { questionId: 'q-afd', itemId: 'inkoop', overall: { 1: 2 }, recent: {}, previous: {} },
      { questionId: 'q-afd', itemId: 'magazijn', overall: { 1: 12 }, recent: {}, previous: {} },
      { questionId: 'q-afd', itemId: 'directie', overall: { 1: 1 }, recent: {}, previous: {} },
    ],
    values: [
      {
        questionId: 'q-kg',
        itemId: '',
        overall: { '10': 10, '15': 10 },
        recent: { '15': 10 },
        previous: { '10': 10 },
      },
      {
        questionId: 'q-start',
        itemId: '',
        overall: { '2025-11': 3, '2026-01': 8, '2026-02': 8 },
        recent: {},
        previous: {},
      },
    ],
    ...overrides,
  });
}

describe('analysis: number, ranking, dropdown and date questions (R-ANALYSIS-16)', () => {
  const facts = surveyFacts(withNewTypes());

  it('should summarise each type as an analyst would, from counts only', () => {
    expect(facts.numbers).toEqual([
      {
        question: 'Hoeveel kilo til je per dag?',
        unit: 'kg',
        answered: 20,
        median: 12.5,
        q1: 10,
        q3: 15,
        recent: { median: 15, answered: 10 },
        previous: { median: 10, answered: 10 },
        change: 5,
        notable: true,
      },
    ]);
    const [ranking] = facts.rankings;
    expect(ranking?.answered).toBe(10);
    expect(ranking?.top).toEqual({ label: 'Prijs', first: 6, average: 1.6 });
    expect(ranking?.options.map((option) => [option.label, option.average])).toEqual([
      ['Prijs', 1.6],
      ['Service', 1.8],
      ['Snelheid', 2.6],
    ]);
    expect(facts.dropdowns).toEqual([
      {
        question: 'Afdeling',
        answered: 20,
        groups: [
          { label: 'Magazijn', count: 12 },
          { label: 'Verkoop', count: 5 },
          { label: 'Inkoop', count: 2 },
        ],
      },
    ]);
    expect(facts.dates).toEqual([
      { question: 'Wanneer begon je?', answered: 19, busiest: { month: '2026-01', count: 8 } },
    ]);
  });

  it('should read a ranking of more than ten options from its places counted apart', () => {
    const long = surveyFacts(
      withNewTypes({
        values: [
          { questionId: 'q-prio', itemId: 'prijs', overall: { '1': 1, '12': 1 }, recent: {}, previous: {} },
          { questionId: 'q-prio', itemId: 'service', overall: { '1': 1, '11': 1 }, recent: {}, previous: {} },
        ],
      }),
    );
    expect(long.rankings[0]?.options.map((option) => [option.label, option.average])).toEqual([
      ['Snelheid', 2.6],
      ['Service', 6],
      ['Prijs', 6.5],
    ]);
  });

  it('should leave out questions nobody answered and call a small shift not notable', () => {
    const quiet = surveyFacts(
      withNewTypes({
        items: surveyCounts().items,
        values: [
          {
            questionId: 'q-kg',
            itemId: '',
            overall: { '10': 10, '20': 10 },
            recent: { '10': 5, '12': 5 },
            previous: { '10': 5, '14': 5 },
          },
        ],
      }),
    );
    expect([quiet.rankings, quiet.dropdowns, quiet.dates]).toEqual([[], [], []]);
    expect(quiet.numbers[0]).toMatchObject({ change: -1, notable: false });
  });

  it('should write a line per question in the survey section and a recommendation on a notable shift', () => {
    const input = organisationInput({ surveys: [facts] });
    const report = builtinAnalysis(input).replace(/\u00a0/g, ' ');
    expect(report).toContain(
      "- Getal 'Hoeveel kilo til je per dag?': mediaan 12,5 kg (kwartielen 10 kg en 15 kg), 20 antwoorden. " +
        'Laatste drie maanden 15 kg, de drie maanden daarvoor 10 kg: een opvallende verschuiving.',
    );
    expect(report).toContain(
      "- Rangorde 'Wat is het belangrijkst?': 'Prijs' staat het vaakst op plaats 1 (60% van 10 antwoorden). " +
        "Gemiddelde plaats: 'Prijs' 1,6, 'Service' 1,8, 'Snelheid' 2,6.",
    );
    expect(report).toContain(
      "- Keuzelijst 'Afdeling': grootste groepen 'Magazijn' 60% (12), 'Verkoop' 25% (5), 'Inkoop' 10% (2) van 20 antwoorden.",
    );
    expect(report).toContain(
      "- Datum 'Wanneer begon je?': de drukste maand is januari 2026 met 8 van 19 antwoorden.",
    );
    expect(analysisFindings(input).recommendations).toContain(
      "Zoek uit waarom de mediaan van 'Hoeveel kilo til je per dag?' in 'Medewerkerstevredenheid 2026' steeg van " +
        '10 kg naar 15 kg (laatste drie maanden tegenover de drie daarvoor): een opvallende verschuiving.',
    );
  });

  it('should give the language model the same aggregates and no answer of anyone (R-ANALYSIS-14)', () => {
    const input = organisationInput({ surveys: [facts] });
    const [survey] = promptFacts(input).surveys;
    expect(survey?.getallen[0]).toMatchObject({ mediaan: 12.5, kwartielen: [10, 15], opvallend: true });
    expect(survey?.rangordes[0]?.opties[0]).toEqual({
      optie: 'Prijs',
      gemiddelde_plaats: 1.6,
      keren_op_plaats_1: 6,
    });
    expect(survey?.keuzelijsten[0]?.grootste_groepen).toEqual([
      ['Magazijn', 12],
      ['Verkoop', 5],
      ['Inkoop', 2],
    ]);
    expect(survey?.datums[0]?.drukste_maand).toEqual(['2026-01', 8]);
    expect(analysisPrompt(input).user).toContain('een opvallende verschuiving');
  });
});
