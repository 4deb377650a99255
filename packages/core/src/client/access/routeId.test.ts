import { describe, expect, it } from 'vitest';
import { parseRouteId } from './routeId';

describe('parseRouteId', () => {
  it('should read a positive whole number', () => {
    expect(parseRouteId('1')).toBe(1);
    expect(parseRouteId('9007199254740991')).toBe(9007199254740991);
  });

  it.each([
    undefined,
    '',
    '0',
    '01',
    '-1',
    '1.5',
    '1e3',
    ' 1',
    'abc',
    '9007199254740993',
    '12345678901234567',
  ])('should refuse %j', (raw) => {
    expect(parseRouteId(raw)).toBeNull();
  });
});
