import { NO_LOGIC } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { everyTypeQuestions } from '../testing/everyTypeQuestions';
import { englishOf } from '../testing/translationTesting';
import {
  checkedLanguages,
  completeLanguages,
  remapTranslations,
  TRANSLATION_ERRORS,
} from './surveyTranslations';

const survey = {
  title: 'Peiling',
  description_html: '',
  introduction_html: '<p>Welkom</p>',
  thank_you_text: '',
  questions: everyTypeQuestions(),
  logic: NO_LOGIC,
};

describe('remapTranslations', () => {
  it('should move question keys to the new ids and leave the other keys and unknown ids alone', () => {
    const remapped = remapTranslations(
      {
        en: {
          texts: {
            title: 'Survey',
            'questions.q-single.options.o-thuis': 'Home',
            'questions.q-x.title': 'X',
          },
          source_fingerprints: { 'questions.q-single.options.o-thuis': '0123abcd' },
        },
      },
      new Map([['q-single', 'q-new']]),
    );
    expect(remapped).toEqual({
      en: {
        texts: { title: 'Survey', 'questions.q-new.options.o-thuis': 'Home', 'questions.q-x.title': 'X' },
        source_fingerprints: { 'questions.q-new.options.o-thuis': '0123abcd' },
      },
    });
  });
});

describe('checkedLanguages', () => {
  it('should answer null for a survey without languages that sends none', () => {
    expect(checkedLanguages(survey, {}, null)).toBeNull();
  });

  it('should keep the stored translations of listed languages, pruned, when none are sent', () => {
    const stored = {
      languages: ['en', 'de'],
      translations: {
        en: { texts: { title: 'Survey', 'questions.q-gone.title': 'Gone' } },
        fr: { texts: {} },
      },
    };
    expect(checkedLanguages(survey, { languages: ['en'] }, stored)).toEqual({
      languages: ['en'],
      translations: { en: { texts: { title: 'Survey' } } },
    });
  });

  it('should name unreadable input in Dutch per field', () => {
    expect(() => checkedLanguages(survey, { languages: 'en' }, null)).toThrow(
      TRANSLATION_ERRORS.languagesUnreadable,
    );
    expect(() =>
      checkedLanguages(survey, { languages: ['en'], translations: { en: { texts: { title: 3 } } } }, null),
    ).toThrow(TRANSLATION_ERRORS.textUnreadable);
  });
});

describe('completeLanguages', () => {
  it('should list only the languages with every text translated, in the survey order', () => {
    const { 'questions.q-nps.title': _left, ...partial } = englishOf(survey).texts;
    expect(
      completeLanguages(survey, {
        languages: ['de', 'fr', 'en'],
        translations: { en: englishOf(survey), de: englishOf(survey), fr: { texts: partial } },
      }),
    ).toEqual(['de', 'en']);
  });
});
