import { describe, expect, it } from 'vitest';
import { NO_LOGIC, type SurveyLogic } from '../../contract';
import {
  LOGIC_EXPORT_HEADERS,
  logicExportCells,
  logicExportHeaders,
  logicHidesQuestions,
  seenView,
  surveyHasLogic,
} from './logicResults';

const RULES: SurveyLogic = {
  rules: [
    {
      id: 'r1',
      action: 'show',
      question_id: 'q2',
      when: { match: 'all', conditions: [{ source: 'language', operator: 'equals', value: 'nl' }] },
    },
  ],
  end_screens: [{ id: 'end-1', text: '  Bedankt,\n tot  ziens! ' }],
  hidden_fields: ['bron', 'afdeling'],
};

describe('logicHidesQuestions', () => {
  it('should hold only for a survey with rules', () => {
    expect(logicHidesQuestions(RULES)).toBe(true);
    expect(logicHidesQuestions(NO_LOGIC)).toBe(false);
    expect(logicHidesQuestions({ ...RULES, rules: [] })).toBe(false);
    expect(logicHidesQuestions(undefined)).toBe(false);
  });
});

describe('surveyHasLogic', () => {
  it('should hold for rules, end screens or hidden fields, and not without any', () => {
    expect(surveyHasLogic(RULES)).toBe(true);
    expect(surveyHasLogic({ ...NO_LOGIC, hidden_fields: ['bron'] })).toBe(true);
    expect(surveyHasLogic({ ...NO_LOGIC, end_screens: [{ id: 'e', text: 'Klaar' }] })).toBe(true);
    expect(surveyHasLogic(NO_LOGIC)).toBe(false);
    expect(surveyHasLogic(undefined)).toBe(false);
  });
});

describe('seenView', () => {
  it('should say how many of the respondents saw the question and what share of them answered', () => {
    expect(seenView(40, 100, 30)).toEqual({
      count: 40,
      of: 100,
      partial: true,
      text: 'Gezien door 40 van de 100 respondenten; 75% van hen gaf een antwoord.',
    });
    expect(seenView(1_200, 1_200, 1_200)).toMatchObject({
      partial: false,
      text: 'Gezien door 1.200 van de 1.200 respondenten; 100% van hen gaf een antwoord.',
    });
    expect(seenView(1, 1, 0)?.text).toBe('Gezien door 1 van 1 respondent; 0% van hen gaf een antwoord.');
  });

  it('should say nobody saw it, and nothing without respondents', () => {
    expect(seenView(0, 12, 0)).toEqual({
      count: 0,
      of: 12,
      partial: true,
      text: 'Door geen van de 12 respondenten gezien.',
    });
    expect(seenView(0, 0, 0)).toBeNull();
  });

  it('should make inconsistent counts fit: no more answers than seen, no more seen than respondents', () => {
    expect(seenView(3, 10, 5)).toMatchObject({ count: 5, text: expect.stringContaining('100% van hen') });
    expect(seenView(14, 10, 2)).toMatchObject({ count: 10, partial: false });
    expect(seenView(Number.NaN, 10, -1)).toMatchObject({ count: 0 });
  });
});

describe('logicExportHeaders', () => {
  it('should give a column per hidden field, then language and end screen, for a survey with logic', () => {
    expect(logicExportHeaders(RULES)).toEqual([
      'bron',
      'afdeling',
      LOGIC_EXPORT_HEADERS.language,
      LOGIC_EXPORT_HEADERS.endScreen,
    ]);
    expect(LOGIC_EXPORT_HEADERS).toEqual({ language: 'Taal', endScreen: 'Eindscherm' });
  });

  it('should give no columns for a survey without logic', () => {
    expect(logicExportHeaders(NO_LOGIC)).toEqual([]);
    expect(logicExportHeaders(undefined)).toEqual([]);
  });
});

describe('logicExportCells', () => {
  it('should give the hidden values, the Dutch language name and the end screen on one line', () => {
    expect(
      logicExportCells(RULES, {
        hidden_fields: { bron: 'mail', onbekend: 'x' },
        language: 'uk',
        end_screen_id: 'end-1',
      }),
    ).toEqual(['mail', null, 'Oekraïens', 'Bedankt, tot ziens!']);
  });

  it('should leave empty what was not stored, and name what is unknown by its code or id', () => {
    expect(logicExportCells(RULES, { hidden_fields: {}, language: null, end_screen_id: null })).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(
      logicExportCells(RULES, { hidden_fields: { afdeling: '' }, language: 'xx', end_screen_id: 'gone' }),
    ).toEqual([null, '', 'xx', 'gone']);
  });

  it("should not read a hidden field from the object's prototype", () => {
    const logic = { ...NO_LOGIC, hidden_fields: ['toString'] };
    expect(logicExportCells(logic, { hidden_fields: {}, language: 'nl', end_screen_id: null })).toEqual([
      null,
      'Nederlands',
      null,
    ]);
  });

  it('should give no cells for a survey without logic', () => {
    expect(
      logicExportCells(NO_LOGIC, { hidden_fields: { a: 'b' }, language: 'nl', end_screen_id: null }),
    ).toEqual([]);
  });
});
