import { describe, expect, it } from 'vitest';
import { canMoveItem, insertionIndex } from './itemListRules';

const items = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
const locked = new Set(['a', 'c']);

describe('canMoveItem', () => {
  it('should move freely while the order is not locked', () => {
    expect(canMoveItem(items, locked, false, 0, 1)).toBe(true);
    expect(canMoveItem(items, locked, false, 3, 2)).toBe(true);
  });

  it('should move neither a locked item nor another onto its place once the order is locked', () => {
    expect(canMoveItem(items, locked, true, 0, 1)).toBe(false);
    expect(canMoveItem(items, locked, true, 1, 2)).toBe(false);
    expect(canMoveItem(items, locked, true, 3, 2)).toBe(false);
    expect(canMoveItem([...items, { id: 'e' }], locked, true, 3, 4)).toBe(true);
  });

  it('should refuse places outside the list', () => {
    expect(canMoveItem(items, locked, false, 0, -1)).toBe(false);
    expect(canMoveItem(items, locked, false, 3, 4)).toBe(false);
  });
});

describe('insertionIndex', () => {
  it('should put a new item right after the one asked for', () => {
    expect(insertionIndex(items, locked, false, 0)).toBe(1);
    expect(insertionIndex(items, locked, true, 3)).toBe(4);
  });

  it('should keep a new item below the last locked one once the order is locked', () => {
    expect(insertionIndex(items, locked, true, 0)).toBe(3);
    expect(insertionIndex(items, new Set(), true, 0)).toBe(1);
  });
});
