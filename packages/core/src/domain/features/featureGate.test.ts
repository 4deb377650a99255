import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS, hasFeature, parseFeatureList } from './featureGate';

describe('hasFeature', () => {
  it('should allow a feature whose key is in the list', () => {
    expect(hasFeature(['core', 'business'], 'business')).toBe(true);
  });

  it('should refuse a feature whose key is absent', () => {
    expect(hasFeature(['core', 'ai'], 'business')).toBe(false);
  });

  it('should refuse every feature for an empty list', () => {
    expect(hasFeature([], 'core')).toBe(false);
  });

  it('should refuse every feature when the list is null or undefined', () => {
    expect(hasFeature(null, 'core')).toBe(false);
    expect(hasFeature(undefined, 'core')).toBe(false);
  });

  it('should match keys exactly (no prefix or case folding)', () => {
    expect(hasFeature(['Business', 'business-plus'], 'business')).toBe(false);
  });
});

describe('FEATURE_KEYS', () => {
  it('should hold the keys of R-BILL-12 and business', () => {
    expect([...FEATURE_KEYS].sort()).toEqual(['ai', 'analytics', 'branding', 'business', 'core', 'export']);
  });
});

describe('parseFeatureList', () => {
  it('should keep a list of strings as it is', () => {
    expect(parseFeatureList(['core', 'ai'])).toEqual(['core', 'ai']);
  });

  it('should drop entries that are not strings', () => {
    expect(parseFeatureList(['core', 1, null, { key: 'ai' }, ['x'], true, 'business'])).toEqual([
      'core',
      'business',
    ]);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'core,ai'],
    ['an object', { 0: 'core', length: 1 }],
    ['a number', 3],
  ])('should turn %s into an empty list', (_label, raw) => {
    expect(parseFeatureList(raw)).toEqual([]);
  });
});
