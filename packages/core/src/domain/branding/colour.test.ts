import { describe, expect, it } from 'vitest';
import {
  BRANDING_UPLOAD_MAX_BYTES,
  BRANDING_UPLOAD_TOO_LARGE,
  BRANDING_UPLOAD_TYPES,
  BRANDING_UPLOAD_WRONG_TYPE,
  DEFAULT_PRIMARY_COLOR,
  primaryColorError,
} from './colour';

const COLOUR_MESSAGE = 'Kies een kleur in de vorm #rrggbb, bijvoorbeeld #2563eb.';

describe('primaryColorError', () => {
  it.each(['#2563eb', '#ABCDEF', '#000000', '#a1B2c3'])('should accept %s', (value) => {
    expect(primaryColorError(value)).toBeNull();
  });

  it('should accept null (back to the default colour)', () => {
    expect(primaryColorError(null)).toBeNull();
  });

  it('should accept its own default', () => {
    expect(primaryColorError(DEFAULT_PRIMARY_COLOR)).toBeNull();
  });

  it.each([
    '#fff',
    '2563eb',
    '#2563eg',
    '#2563eb0',
    ' #2563eb',
    'red',
    'rgb(0,0,0)',
    '',
    '#2563eb;background:url(x)',
  ])('should refuse %j with the Dutch message', (value) => {
    expect(primaryColorError(value)).toBe(COLOUR_MESSAGE);
  });

  it.each([undefined, 123, {}])('should refuse the non-string %j', (value) => {
    expect(primaryColorError(value)).toBe(COLOUR_MESSAGE);
  });
});

describe('branding upload rules', () => {
  it('should allow PNG, JPEG, WebP and GIF up to 2 MB', () => {
    expect([...BRANDING_UPLOAD_TYPES]).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
    expect(BRANDING_UPLOAD_MAX_BYTES).toBe(2 * 1024 * 1024);
  });

  it('should explain both refusals in Dutch', () => {
    expect(BRANDING_UPLOAD_TOO_LARGE).toBe('Het bestand is te groot (maximaal 2 MB).');
    expect(BRANDING_UPLOAD_WRONG_TYPE).toBe('Alleen PNG-, JPEG-, WebP- of GIF-afbeeldingen zijn toegestaan.');
  });
});
