import { describe, expect, it } from 'vitest';
import type { QuestionOf } from '../../contract';
import { questionResultView } from '../results';
import { layoutResultsPdf } from './layoutResultsPdf';
import { allTexts, pdfInput, viewOf } from './resultsPdf.fixtures';

const WEIGHT: QuestionOf<'number'> = {
  id: 'q-weight',
  type: 'number',
  title: 'Kilo per dag',
  required: false,
  position: 0,
  settings: { step: 0.5, unit: 'kg' },
};

describe('layoutResultsPdf: number', () => {
  it('should give a number question its median, quartiles, mean, extremes and a bar per value', () => {
    const view = {
      ...viewOf([]),
      questions: [
        questionResultView(WEIGHT, {
          question_id: WEIGHT.id,
          type: 'number',
          answered: 4,
          seen_count: 4,
          by_value: { '10': 2, '12.5': 1, '2.5': 1 },
        }),
      ],
    };
    const texts = allTexts(layoutResultsPdf(pdfInput({ view })));
    expect(texts).toContain('1. Kilo per dag');
    expect(texts).toContain('Getal · 4 antwoorden');
    expect(texts).toContain('Mediaan: 10 kg');
    expect(texts).toContain('Laagste en hoogste: 2,5 kg en 12,5 kg');
    expect(texts).toContain('10 kg');
    expect(texts).toContain('2 (50%)');
  });
});

describe('layoutResultsPdf: date', () => {
  it('should give a date question a bar per month', () => {
    const start: QuestionOf<'date'> = {
      id: 'q-start',
      type: 'date',
      title: 'Startdatum',
      required: false,
      position: 0,
      settings: {},
    };
    const view = {
      ...viewOf([]),
      questions: [
        questionResultView(start, {
          question_id: start.id,
          type: 'date',
          answered: 2,
          seen_count: 2,
          by_month: { '2026-03': 2 },
        }),
      ],
    };
    const texts = allTexts(layoutResultsPdf(pdfInput({ view })));
    expect(texts).toContain('Datum · 2 antwoorden');
    expect(texts).toContain('maart 2026');
    expect(texts).toContain('2 (100%)');
  });
});

describe('layoutResultsPdf: ranking', () => {
  it('should give a ranking its options by average position with their share ranked first', () => {
    const prio: QuestionOf<'ranking'> = {
      id: 'q-prio',
      type: 'ranking',
      title: 'Belangrijkst',
      required: false,
      position: 0,
      settings: {
        options: [
          { id: 'prijs', label: 'Prijs' },
          { id: 'service', label: 'Service' },
        ],
      },
    };
    const view = {
      ...viewOf([]),
      questions: [
        questionResultView(prio, {
          question_id: prio.id,
          type: 'ranking',
          answered: 2,
          seen_count: 2,
          by_position: { prijs: { '1': 2, '2': 0 }, service: { '1': 0, '2': 2 } },
        }),
      ],
    };
    const texts = allTexts(layoutResultsPdf(pdfInput({ view })));
    expect(texts).toContain('Rangorde · 2 antwoorden');
    expect(texts).toContain('gemiddeld 1,0e · 100% als eerste');
  });
});
