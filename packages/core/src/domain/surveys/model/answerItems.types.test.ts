import { describe, expect, it } from 'vitest';
import { answerFromItems, answerToItems } from './answerItems';
import { DEPARTMENT, PRIORITIES, START, TEXT_BLOCK, WEIGHT } from './questionTypes.fixtures';

describe('answerItems: text block', () => {
  it('should store no rows for a text block and read none back', () => {
    expect(answerToItems(TEXT_BLOCK, { text: 'x' } as never)).toEqual([]);
    expect(answerFromItems(TEXT_BLOCK, [])).toBeNull();
  });
});

describe('answerItems: number', () => {
  it('should store a number as text in one row and read it back the same', () => {
    for (const number of [0, 40_000.5, -12, 0.5]) {
      const items = answerToItems(WEIGHT, { number });
      expect(items).toEqual([{ item_id: '', num_value: null, text_value: String(number) }]);
      expect(answerFromItems(WEIGHT, items)).toEqual({ number });
    }
  });
});

describe('answerItems: dropdown', () => {
  it('should store the chosen option as its one row and read it back', () => {
    const items = answerToItems(DEPARTMENT, { option_id: 'd42' });
    expect(items).toEqual([{ item_id: 'd42', num_value: 1, text_value: null }]);
    expect(answerFromItems(DEPARTMENT, items)).toEqual({ option_id: 'd42' });
  });
});

describe('answerItems: date', () => {
  it('should store a day as text in one row and read it back', () => {
    const items = answerToItems(START, { date: '2026-03-15' });
    expect(items).toEqual([{ item_id: '', num_value: null, text_value: '2026-03-15' }]);
    expect(answerFromItems(START, items)).toEqual({ date: '2026-03-15' });
  });
});

describe('answerItems: ranking', () => {
  it('should store a row per option with its position, and read the order back', () => {
    const items = answerToItems(PRIORITIES, { option_ids: ['snelheid', 'prijs', 'service'] });
    expect(items).toEqual([
      { item_id: '', num_value: null, text_value: null },
      { item_id: 'snelheid', num_value: 1, text_value: null },
      { item_id: 'prijs', num_value: 2, text_value: null },
      { item_id: 'service', num_value: 3, text_value: null },
    ]);
    expect(answerFromItems(PRIORITIES, [...items].reverse())).toEqual({
      option_ids: ['snelheid', 'prijs', 'service'],
    });
  });
});
