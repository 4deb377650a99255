import { describe, expect, it } from 'vitest';
import { countsEveryKeyFrom } from './openTextCounter';

describe('countsEveryKeyFrom', () => {
  it('should follow every key in the last tenth of the limit', () => {
    expect(countsEveryKeyFrom(500)).toBe(50);
    expect(countsEveryKeyFrom(5000)).toBe(500);
  });

  it('should round a tenth that is not whole up', () => {
    expect(countsEveryKeyFrom(255)).toBe(26);
  });

  it('should follow every key from ten characters left at least', () => {
    expect(countsEveryKeyFrom(100)).toBe(10);
    expect(countsEveryKeyFrom(50)).toBe(10);
    expect(countsEveryKeyFrom(1)).toBe(10);
  });
});
