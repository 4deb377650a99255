import { describe, expect, it } from 'vitest';
import { sourceTexts } from '../../../domain/surveys/translations';
import { SURVEY } from './SurveyEditor.fixtures';
import { surveyContent } from './surveyEditorState';
import {
  problemLanguage,
  textDirection,
  translationOpeningProblems,
  translationRows,
  translationsView,
  withText,
  xliffFileName,
} from './surveyEditorTranslations';

describe('surveyEditorTranslations', () => {
  it('should offer every other language while a survey has none, and check no texts', () => {
    const view = translationsView(surveyContent(SURVEY));
    expect(view).toEqual({
      sources: [],
      languages: [],
      available: ['en', 'de', 'fr', 'pl', 'tr', 'ar', 'uk'],
    });
    expect(translationOpeningProblems(view)).toEqual([]);
  });

  it('should name one opening problem per incomplete language, keyed by the language', () => {
    const sources = sourceTexts(SURVEY);
    const complete = Object.fromEntries(sources.map((source) => [source.key, `x ${source.key}`]));
    const draft = {
      ...surveyContent(SURVEY),
      languages: ['en', 'uk'],
      translations: { en: { texts: complete }, uk: { texts: { title: 'Опитування' } } },
    };
    const problems = translationOpeningProblems(translationsView(draft));
    expect(problems).toEqual([
      {
        question_id: null,
        question_number: null,
        codes: ['translation_incomplete'],
        fields: ['translations.uk'],
        reason: 'Oekraïens: 10 teksten ontbreken, o.a. De introductie van de survey.',
        message: 'Oekraïens: 10 teksten ontbreken, o.a. De introductie van de survey.',
      },
    ]);
    expect(problems[0] && problemLanguage(problems[0])).toBe('uk');
    expect(problemLanguage({ fields: ['logic.rules.r1'] })).toBeNull();
    const rows = translationRows(translationsView(draft), draft, 'uk');
    expect(rows[0]).toMatchObject({ text: 'Опитування', missing: false, stale: false });
    expect(rows.filter((row) => row.missing)).toHaveLength(10);
  });

  it('should name the file after the survey without accents or slashes, and write Arabic right to left', () => {
    expect(xliffFileName('Tevredenheid bèta / 2026', 'en')).toBe('survey-tevredenheid-beta-2026-en.xlf');
    expect(xliffFileName('  ', 'de')).toBe('survey-naamloos-de.xlf');
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('tr')).toBe('ltr');
  });

  it('should remove a blank text with its fingerprint and keep the others', () => {
    const [title] = sourceTexts(SURVEY);
    if (title === undefined) throw new Error('no title');
    const set = withText({ texts: { other: 'x' }, source_fingerprints: { other: '1' } }, title, 'Survey');
    expect(Object.keys(set.texts)).toEqual(['other', 'title']);
    expect(withText(set, title, '')).toEqual({ texts: { other: 'x' }, source_fingerprints: { other: '1' } });
  });

  it("should put a quota's end-screen text in the table, so 'Talen' translates it (R-SURV-25)", () => {
    const quota = {
      id: 'sales',
      name: 'Verkoop',
      when: { match: 'all' as const, conditions: [] },
      max: 10,
      end_screen_text: 'Genoeg van Verkoop.',
    };
    const draft = { ...surveyContent(SURVEY), quotas: [quota], languages: ['en'], translations: {} };
    const rows = translationRows(translationsView(draft), draft, 'en');
    expect(rows.at(-1)).toMatchObject({
      source: { key: 'quotas.sales.end_screen_text', label: "Quotum 'Verkoop': de tekst van het eindscherm" },
      text: '',
      missing: true,
    });
  });
});
