import { describe, expect, it } from 'vitest';
import { pageCount } from './paging';

describe('pageCount', () => {
  it('should count one page for an empty list', () => {
    expect(pageCount(0, 20)).toBe(1);
  });

  it('should count one page for fewer items than a page holds', () => {
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(19, 20)).toBe(1);
  });

  it('should count exact multiples of the page size as full pages only', () => {
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(100, 50)).toBe(2);
  });

  it('should start a new page for one item past a full page', () => {
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(101, 50)).toBe(3);
  });
});
