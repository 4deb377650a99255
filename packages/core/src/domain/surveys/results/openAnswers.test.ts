import { describe, expect, it } from 'vitest';
import { foldForSearch, openAnswerMatcher, searchOpenAnswers } from './openAnswers';

const answers = [
  { id: 1, text: 'Het café was te koud.' },
  { id: 2, text: 'Meer koffie graag' },
  { id: 3, text: 'Één ding: de KOFFIE in het Café is top' },
];
const found = (query: string) => searchOpenAnswers(answers, query, (a) => a.text).map((a) => a.id);

describe('foldForSearch', () => {
  it('should lower-case and drop accents', () => {
    expect(foldForSearch('Één Café CRÈME')).toBe('een cafe creme');
  });
});

describe('searchOpenAnswers', () => {
  it('should ignore case and accents in both directions', () => {
    expect(found('cafe')).toEqual([1, 3]);
    expect(found('CAFÉ')).toEqual([1, 3]);
    expect(found('een')).toEqual([3]);
  });

  it('should want every word, in any order', () => {
    expect(found('koffie cafe')).toEqual([3]);
    expect(found('  koffie  ')).toEqual([2, 3]);
  });

  it('should return everything for an empty query and nothing for a miss', () => {
    expect(found('')).toEqual([1, 2, 3]);
    expect(found('   ')).toEqual([1, 2, 3]);
    expect(found('thee')).toEqual([]);
  });
});

describe('openAnswerMatcher', () => {
  it('should be reusable for many texts', () => {
    const matches = openAnswerMatcher('koud');
    expect(['Koud!', 'warm'].map(matches)).toEqual([true, false]);
  });
});
