import { describe, expect, it } from 'vitest';
import { CONTACT_LANGUAGES, type Question } from '../../../../domain/contract';
import { QUOTA_MESSAGES } from '../../../../domain/surveys/logic';
import { RESPONDENT_MESSAGES } from '../../../../domain/surveys/model';
import { RESPONDENT_SESSION_MESSAGES } from '../respondentState';
import {
  answerText,
  knownText,
  loadedWords,
  loadRespondentWords,
  questionErrorText,
  quotaScreenText,
  wordsLanguage,
} from './respondentCatalogue';
import { DUTCH_WORDS, type RespondentWords } from './respondentWords';

/** Every key of a catalogue with the kind of its value, nested groups flattened ('answer.required'). */
function shape(words: object, prefix = ''): string[] {
  return Object.entries(words)
    .flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? shape(value, `${prefix}${key}.`)
        : [`${prefix}${key}:${typeof value}`],
    )
    .sort();
}

/** Every text a catalogue gives, its functions called with numbers that need different plural forms. */
function texts(words: object): string[] {
  return Object.values(words).flatMap((value): string[] => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') return [0, 1, 2, 3, 5, 11, 22, 100].map((n) => value(n, n + 1, n + 2));
    return typeof value === 'object' && value !== null ? texts(value) : [];
  });
}

const ALL = Promise.all(CONTACT_LANGUAGES.map((language) => loadRespondentWords(language)));

const open = (max: number): Question => ({
  id: 'q1',
  type: 'open_short',
  title: 'Naam',
  description: '',
  required: true,
  position: 0,
  settings: { max_length: max },
});

describe('respondent catalogues (R-RESP-10)', () => {
  it('should hold every key of the Dutch catalogue in each of the eight languages, and no other', async () => {
    const catalogues = await ALL;
    expect(catalogues.map((words) => words.language)).toEqual([...CONTACT_LANGUAGES]);
    for (const words of catalogues) expect(shape(words)).toEqual(shape(DUTCH_WORDS));
  });

  it('should give a non-empty text for every key and number, without a leftover placeholder', async () => {
    for (const words of await ALL) {
      for (const text of texts(words)) {
        expect(text.trim()).not.toBe('');
        expect(text).not.toMatch(/undefined|NaN|\$\{/);
      }
    }
  });

  it("should keep the Dutch catalogue's texts the page and the server have always shown", () => {
    expect(DUTCH_WORDS.access).toBe(RESPONDENT_MESSAGES);
    expect(DUTCH_WORDS.session).toBe(RESPONDENT_SESSION_MESSAGES);
    expect(DUTCH_WORDS.progress(3, 8)).toBe('Vraag 3 van 8');
    expect(DUTCH_WORDS.minutes(1)).toBe('± 1 minuut');
    expect(DUTCH_WORDS.questions(2)).toBe('2 vragen');
  });

  it('should load a catalogue once and answer Dutch for an unknown language', async () => {
    expect(loadedWords('nl')).toBe(DUTCH_WORDS);
    const english = await loadRespondentWords('en');
    expect(loadedWords('en')).toBe(english);
    expect(await loadRespondentWords('en')).toBe(english);
    expect(await loadRespondentWords('xx')).toBe(DUTCH_WORDS);
    expect(wordsLanguage('sv')).toBe('nl');
    expect(wordsLanguage('uk')).toBe('uk');
  });
});

describe('plural forms', () => {
  const words = async (language: string): Promise<RespondentWords> => loadRespondentWords(language);

  it('should count Polish questions and minutes in one, few and many', async () => {
    const pl = await words('pl');
    expect([1, 2, 4, 5, 12, 22, 25].map(pl.questions)).toEqual([
      '1 pytanie',
      '2 pytania',
      '4 pytania',
      '5 pytań',
      '12 pytań',
      '22 pytania',
      '25 pytań',
    ]);
    expect([1, 3, 5].map(pl.minutes)).toEqual(['± 1 minuta', '± 3 minuty', '± 5 minut']);
  });

  it('should count Ukrainian minutes in one, few and many (21 like 1, 11 like 5)', async () => {
    const uk = await words('uk');
    expect([1, 2, 5, 11, 21, 24].map(uk.minutes)).toEqual([
      '± 1 хвилина',
      '± 2 хвилини',
      '± 5 хвилин',
      '± 11 хвилин',
      '± 21 хвилина',
      '± 24 хвилини',
    ]);
  });

  it('should keep the Turkish noun singular after a number', async () => {
    const tr = await words('tr');
    expect([1, 5].map(tr.questions)).toEqual(['1 soru', '5 soru']);
    expect(tr.minutes(3)).toBe('± 3 dakika');
  });

  it('should count Arabic questions in its one, two, few, many and other forms', async () => {
    const ar = await words('ar');
    expect([1, 2, 3, 11, 100].map(ar.questions)).toEqual([
      'سؤال واحد',
      'سؤالان',
      '3 أسئلة',
      '11 سؤالًا',
      '100 سؤال',
    ]);
  });

  it('should say singular and plural in English, German and French', async () => {
    const [en, de, fr] = await Promise.all([words('en'), words('de'), words('fr')]);
    expect([en.questions(1), en.questions(2), de.stars(1), de.stars(4)]).toEqual([
      '1 question',
      '2 questions',
      '1 Stern',
      '4 Sterne',
    ]);
    expect(fr.answer.tooLong(1000)).toBe('Votre réponse ne peut pas dépasser 1\u202f000 caractères.');
  });
});

describe('questionErrorText', () => {
  it('should say the check of the answer on screen in English, numbers included', async () => {
    const en = await loadRespondentWords('en');
    expect(questionErrorText(en, open(200), undefined, 'Deze vraag is verplicht.')).toBe(
      'This question is required.',
    );
    const tooLong = { text: 'x'.repeat(11) };
    expect(questionErrorText(en, open(10), tooLong, 'Je antwoord mag hoogstens 10 tekens lang zijn.')).toBe(
      'Your answer can be at most 10 characters long.',
    );
  });

  it("should keep a server's text it has no code for, and translate a fixed one", async () => {
    const en = await loadRespondentWords('en');
    expect(questionErrorText(en, open(10), { text: 'ok' }, 'Iets anders ging mis.')).toBe(
      'Iets anders ging mis.',
    );
    expect(knownText(en, RESPONDENT_MESSAGES.closed)).toBe(en.access.closed);
    // A full quota without its own text: the server's Dutch default in the page's language (R-SURV-25).
    expect(DUTCH_WORDS.quotaFullText).toBe(QUOTA_MESSAGES.quotaFull);
    expect(quotaScreenText(en, QUOTA_MESSAGES.quotaFull)).toBe(en.quotaFullText);
    expect(quotaScreenText(en, 'Enough from Sales.')).toBe('Enough from Sales.');
    expect(knownText(en, RESPONDENT_SESSION_MESSAGES.saveFailed)).toBe(en.session.saveFailed);
    expect(questionErrorText(DUTCH_WORDS, open(10), undefined, 'Deze vraag is verplicht.')).toBe(
      'Deze vraag is verplicht.',
    );
  });

  it('should fill in the numbers of a phrase', async () => {
    const de = await loadRespondentWords('de');
    expect(answerText(de, { key: 'scoreRange', args: [0, 10] })).toBe('Wählen Sie einen Wert von 0 bis 10.');
  });
});
