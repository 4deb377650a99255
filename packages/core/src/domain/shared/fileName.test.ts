import { describe, expect, it } from 'vitest';
import { fileNameDate, fileNamePart } from './fileName';

describe('fileNamePart', () => {
  it('should drop accents, lower-case and turn every other run of characters into one hyphen', () => {
    expect(fileNamePart('Bèta Bouw B.V.', 'organisatie')).toBe('beta-bouw-b-v');
    expect(fileNamePart('Zorg & Welzijn / Noord', 'organisatie')).toBe('zorg-welzijn-noord');
    expect(fileNamePart('  ../../etc/passwd ', 'organisatie')).toBe('etc-passwd');
    expect(fileNamePart('Ĳsselmeer Çafé Ñoño', 'organisatie')).toBe('ijsselmeer-cafe-nono');
  });

  it('should use the fallback when nothing is left, and cut long names at a word gap', () => {
    expect(fileNamePart('', 'organisatie')).toBe('organisatie');
    expect(fileNamePart('😀 / ***', 'export')).toBe('export');
    const long = fileNamePart(`${'woord '.repeat(20)}eind`, 'x');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
  });
});

describe('fileNameDate', () => {
  it('should give the Dutch calendar day, also just after midnight in Amsterdam', () => {
    expect(fileNameDate(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-24');
    expect(fileNameDate(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(fileNameDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
