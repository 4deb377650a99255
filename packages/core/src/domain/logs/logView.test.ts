import { describe, expect, it } from 'vitest';
import {
  formatLogTime,
  LOG_LEVELS,
  logCategoryLabel,
  logCellText,
  logCountText,
  logLevelLabel,
  logStatusTone,
  parseLogLevel,
} from './logView';

describe('LOG_LEVELS', () => {
  it('should list the levels of R-LOG-4 in filter order', () => {
    expect(LOG_LEVELS).toEqual(['info', 'warning', 'error', 'audit']);
  });
});

describe('logLevelLabel', () => {
  it('should show every level in Dutch, an unknown one as received', () => {
    expect(LOG_LEVELS.map(logLevelLabel)).toEqual(['Informatie', 'Waarschuwing', 'Fout', 'Controlespoor']);
    expect(logLevelLabel('debug')).toBe('debug');
  });
});

describe('logCategoryLabel', () => {
  it('should show the categories Loop writes in Dutch, an unknown one as received and none as -', () => {
    expect(['http', 'auth', 'admin', 'billing', 'organization', 'survey'].map(logCategoryLabel)).toEqual([
      'Verzoek',
      'Inloggen',
      'Beheer',
      'Abonnement',
      'Organisatie',
      'Survey',
    ]);
    expect(logCategoryLabel('webhook')).toBe('webhook');
    expect(logCategoryLabel(null)).toBe('-');
  });
});

describe('parseLogLevel', () => {
  it('should accept a level and read anything else as every level', () => {
    expect(parseLogLevel('audit')).toBe('audit');
    expect(parseLogLevel('')).toBe('');
    expect(parseLogLevel('ERROR')).toBe('');
    expect(parseLogLevel('debug')).toBe('');
  });
});

describe('logCountText', () => {
  it("should read 'x van y resultaten' with nl-NL numbers", () => {
    expect(logCountText(1234, 100000)).toBe('1.234 van 100.000 resultaten');
    expect(logCountText(0, 0)).toBe('0 van 0 resultaten');
    expect(logCountText(1, 1)).toBe('1 van 1 resultaten');
  });
});

describe('formatLogTime', () => {
  it('should show Amsterdam wall-clock time as dd-mm-jjjj uu:mm:ss', () => {
    expect(formatLogTime('2026-11-21T13:03:07Z')).toBe('21-11-2026 14:03:07');
    // Summer time: UTC+2.
    expect(formatLogTime('2026-07-01T22:30:00Z')).toBe('02-07-2026 00:30:00');
    expect(formatLogTime('2026-01-05T08:09:10.123+01:00')).toBe('05-01-2026 08:09:10');
  });

  it("should show '-' for a missing or unreadable time", () => {
    expect(formatLogTime(null)).toBe('-');
    expect(formatLogTime('')).toBe('-');
    expect(formatLogTime('gisteren')).toBe('-');
  });
});

describe('logCellText', () => {
  it("should show '-' for missing values only", () => {
    expect(logCellText(null)).toBe('-');
    expect(logCellText(undefined)).toBe('-');
    expect(logCellText('')).toBe('-');
    expect(logCellText(0)).toBe('0');
    expect(logCellText(7)).toBe('7');
    expect(logCellText('auth.login')).toBe('auth.login');
  });
});

describe('logStatusTone', () => {
  it('should colour 2xx green and 4xx and above red (R-LOG-2)', () => {
    expect(logStatusTone(200)).toBe('ok');
    expect(logStatusTone(204)).toBe('ok');
    expect(logStatusTone(299)).toBe('ok');
    expect(logStatusTone(400)).toBe('error');
    expect(logStatusTone(419)).toBe('error');
    expect(logStatusTone(503)).toBe('error');
  });

  it('should leave other statuses and none plain', () => {
    expect(logStatusTone(null)).toBeNull();
    expect(logStatusTone(101)).toBeNull();
    expect(logStatusTone(302)).toBeNull();
    expect(logStatusTone(399)).toBeNull();
    expect(logStatusTone(Number.NaN)).toBeNull();
  });
});
