import type { Question, QuestionOf } from '@loop/core';
import { answerToItems } from '@loop/core/surveys/model';
import { describe, expect, it } from 'vitest';
import { resultQuestions } from '../testing/resultsTesting';
import { answerText, matchingItemKeys, searchWords } from './answerText';

const question = <T extends Question['type']>(id: string) =>
  resultQuestions().find((each) => each.id === id) as QuestionOf<T>;

describe('answerText', () => {
  it("should show Likert answers per statement in the question's order as 'stelling: label'", () => {
    const likert = question<'likert'>('lik');
    expect(answerText(likert, answerToItems(likert, { 'st-b': 1, 'st-a': 4 }))).toBe(
      'Ik heb plezier in mijn werk: Eens; Mijn team helpt mij: Helemaal oneens',
    );
  });

  it("should show choices by label in the question's order, 'anders' last, with the given separator", () => {
    const many = question<'multiple_choice'>('many');
    const items = answerToItems(many, { option_ids: ['thuis', 'lunch'], other: 'Fruit' });
    expect(answerText(many, items)).toBe('De lunch, Thuiswerken, Anders: Fruit');
    expect(answerText(many, items, '; ')).toBe('De lunch; Thuiswerken; Anders: Fruit');
    const one = question<'single_choice'>('one');
    expect(answerText(one, answerToItems(one, { option_id: 'ov' }))).toBe('Openbaar vervoer');
  });

  it('should show scores as numbers and open text as typed', () => {
    const nps = question<'nps'>('nps');
    expect(answerText(nps, answerToItems(nps, { score: 0 }))).toBe('0');
    const open = question<'open_long'>('lang');
    expect(answerText(open, answerToItems(open, { text: 'Regel\nregel' }))).toBe('Regel\nregel');
  });
});

describe('matchingItemKeys', () => {
  it('should find the items whose shown text holds the folded word', () => {
    expect(matchingItemKeys(question('one'), 'fiets')).toEqual(['fiets|1']);
    expect(matchingItemKeys(question('one'), 'anders')).toEqual(['_other|']);
    expect(matchingItemKeys(question('lik'), 'oneens')).toEqual(['st-a|1', 'st-a|2', 'st-b|1', 'st-b|2']);
    expect(matchingItemKeys(question('lik'), 'team')).toHaveLength(5);
    expect(matchingItemKeys(question('nps'), '1')).toEqual(['|1', '|10']);
    expect(matchingItemKeys(question('lang'), 'iets')).toEqual([]);
  });
});

describe('searchWords', () => {
  it('should fold like the client search and drop repeated words', () => {
    expect(searchWords('  Één  CAFÉ één ')).toEqual(['een', 'cafe']);
    expect(searchWords('   ')).toEqual([]);
  });
});
