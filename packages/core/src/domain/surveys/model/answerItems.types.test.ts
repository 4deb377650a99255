import { describe, expect, it } from 'vitest';
import { answerFromItems, answerToItems } from './answerItems';
import { TEXT_BLOCK } from './questionTypes.fixtures';

describe('answerItems: text block', () => {
  it('should store no rows for a text block and read none back', () => {
    expect(answerToItems(TEXT_BLOCK, { text: 'x' } as never)).toEqual([]);
    expect(answerFromItems(TEXT_BLOCK, [])).toBeNull();
  });
});
