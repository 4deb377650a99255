import { describe, expect, it } from 'vitest';
import type { Question, Quota } from '../../contract';
import { sourceTexts, type TranslatableSurvey } from './translationSources';
import { translatedSurvey, translationStatus, translationStatusMessage } from './translationStatus';
import { readXliff, toXliff } from './xliff';

// R-SURV-25 (a quota's end screen) and R-SURV-26 (a number's unit) are texts to translate.

const KILO: Question = {
  id: 'q_kilo',
  type: 'number',
  title: 'Hoeveel kilo?',
  required: false,
  position: 0,
  settings: { min: 0, step: 0.5, unit: 'kg' },
};

const BARE: Question = { ...KILO, id: 'q_bare', position: 1, settings: { step: 1 } };

const quota = (id: string, end_screen_text: string): Quota => ({
  id,
  name: id === 'sales' ? 'Verkoop' : 'Rest',
  when: { match: 'all', conditions: [{ source: 'language', operator: 'equals', value: 'en' }] },
  max: 50,
  end_screen_text,
});

const SURVEY: TranslatableSurvey = {
  title: 'Peiling',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  questions: [KILO, BARE],
  quotas: [quota('sales', 'Er zijn genoeg antwoorden van Verkoop.'), quota('rest', '  ')],
};

describe('quota end screens and number units as sources', () => {
  it('should list the unit with its question and each quota text after the thank-you, blank ones left out', () => {
    const sources = sourceTexts(SURVEY);
    expect(sources.map((source) => source.key)).toEqual([
      'title',
      'questions.q_kilo.title',
      'questions.q_kilo.unit',
      'questions.q_bare.title',
      'thank_you_text',
      'quotas.sales.end_screen_text',
    ]);
    expect(sources.find((source) => source.key === 'questions.q_kilo.unit')).toEqual({
      key: 'questions.q_kilo.unit',
      text: 'kg',
      kind: 'plain',
      max_length: 20,
      label: "Vraag 1 ('Hoeveel kilo?'): de eenheid",
    });
    expect(sources.at(-1)).toMatchObject({
      max_length: 2000,
      label: "Quotum 'Verkoop': de tekst van het eindscherm",
    });
  });

  it('should count them in completeness and name the first one missing', () => {
    const sources = sourceTexts(SURVEY);
    const texts = { title: 'Survey', 'questions.q_kilo.title': 'How many kilos?', thank_you_text: 'Thanks' };
    const status = translationStatus(sources, { texts: { ...texts, 'questions.q_bare.title': 'Bare' } });
    expect(status.missing).toEqual(['questions.q_kilo.unit', 'quotas.sales.end_screen_text']);
    expect(translationStatusMessage('en', sources, status)).toBe(
      "Engels: 2 teksten ontbreken, o.a. Vraag 1 ('Hoeveel kilo?'): de eenheid.",
    );
  });

  it('should translate the unit and the quota text, and keep Dutch where a translation has none', () => {
    const english = translatedSurvey(SURVEY, {
      texts: { 'questions.q_kilo.unit': 'kilograms', 'quotas.sales.end_screen_text': 'Enough from Sales.' },
    });
    const kilo = english.questions[0];
    expect(kilo?.type === 'number' ? kilo.settings : null).toEqual({ min: 0, step: 0.5, unit: 'kilograms' });
    expect(english.questions[1]).toEqual(BARE);
    expect(english.quotas?.map((each) => each.end_screen_text)).toEqual(['Enough from Sales.', '  ']);
    expect(english.quotas?.[0]).toMatchObject({ id: 'sales', max: 50, when: SURVEY.quotas?.[0]?.when });
    expect(translatedSurvey(SURVEY, { texts: {} }).quotas?.[0]?.end_screen_text).toBe(
      'Er zijn genoeg antwoorden van Verkoop.',
    );
  });

  it('should carry both through an XLIFF file and back', () => {
    const sources = sourceTexts(SURVEY);
    const file = toXliff(sources, 'de', undefined);
    expect(file).toContain('id="quotas.sales.end_screen_text"');
    expect(file).toContain('id="questions.q_kilo.unit"');
    const read = readXliff(
      file.replace('<source>kg</source>', '<source>kg</source><target>Kilo</target>'),
      'de',
    );
    expect(read.ok && read.units.find((unit) => unit.id === 'questions.q_kilo.unit')?.target).toBe('Kilo');
  });
});
