import { describe, expect, it } from 'vitest';
import { CONTACT_LANGUAGES } from '../contract';
import { INVITATION_MAIL_WORDS, type InvitationMailWords, invitationMailWords } from './invitationMailWords';

const CLOSE = new Date('2030-03-01T16:00:00Z');

/** Every text one catalogue gives, its functions called with example values. */
const textsOf = (words: InvitationMailWords): Record<string, string> => ({
  subject: words.subject('T'),
  reminderSubject: words.reminderSubject('T'),
  greeting: words.greeting('Anna'),
  greetingNoName: words.greeting(undefined),
  invited: words.invited('Org', 'T'),
  reminded: words.reminded('Org', 'T'),
  duration: words.duration(150),
  closes: words.closes(CLOSE),
  button: words.button,
  fallback: words.fallback,
  personal: words.personal,
  footer: words.footer('Org'),
  unsubscribe: words.unsubscribe('Org'),
  unsubscribeLink: words.unsubscribeLink,
});

/** Texts that may read the same as in Dutch ('Hallo' in German). */
const SAME_AS_DUTCH = new Set(['de.greeting', 'de.greetingNoName']);

describe('INVITATION_MAIL_WORDS', () => {
  it('should hold every key in each of the eight contact languages', () => {
    const keys = Object.keys(INVITATION_MAIL_WORDS.nl).sort();
    expect(Object.keys(INVITATION_MAIL_WORDS).sort()).toEqual([...CONTACT_LANGUAGES].sort());
    for (const language of CONTACT_LANGUAGES) {
      const words: InvitationMailWords = INVITATION_MAIL_WORDS[language];
      expect(Object.keys(words).sort(), language).toEqual(keys);
      for (const key of keys) {
        const dutch = INVITATION_MAIL_WORDS.nl[key as keyof InvitationMailWords];
        expect(typeof words[key as keyof InvitationMailWords], `${language}.${key}`).toBe(typeof dutch);
      }
      expect(words.language).toBe(language);
      expect(words.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    }
  });

  it('should say every text in its own language, filled in, never the Dutch one', () => {
    const dutch = textsOf(INVITATION_MAIL_WORDS.nl);
    for (const language of CONTACT_LANGUAGES) {
      const texts = textsOf(INVITATION_MAIL_WORDS[language]);
      for (const [key, text] of Object.entries(texts)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(text, `${language}.${key}`).not.toMatch(/undefined|NaN|\[object/);
        if (language !== 'nl' && !SAME_AS_DUTCH.has(`${language}.${key}`)) {
          expect(text, `${language}.${key}`).not.toBe(dutch[key]);
        }
      }
      expect(texts.invited, language).toContain('Org');
      expect(texts.invited, language).toContain('T');
      expect(texts.footer, language).toContain('Org');
    }
  });

  it('should keep the Dutch texts the mail has always had', () => {
    const nl = INVITATION_MAIL_WORDS.nl;
    expect(nl.subject('Klantpeiling')).toBe('Uitnodiging: Klantpeiling');
    expect(nl.duration(150)).toBe('Invullen duurt ± 3 minuten.');
    expect(nl.duration(20)).toBe('Invullen duurt ± 1 minuut.');
    expect(nl.closes(CLOSE)).toBe('Je kunt antwoorden tot 1 maart 2030 om 17:00.');
    expect(nl.button).toBe('Survey invullen');
  });

  it('should count minutes in each language’s plural forms', () => {
    const minutes = (language: keyof typeof INVITATION_MAIL_WORDS, counts: number[]) =>
      counts.map((count) => INVITATION_MAIL_WORDS[language].duration(count * 60));
    expect(minutes('pl', [1, 3, 5, 22])).toEqual([
      'Czas wypełnienia: ± 1 minuta.',
      'Czas wypełnienia: ± 3 minuty.',
      'Czas wypełnienia: ± 5 minut.',
      'Czas wypełnienia: ± 22 minuty.',
    ]);
    expect(minutes('uk', [1, 2, 5, 11, 21])).toEqual([
      'Орієнтовний час заповнення: ± 1 хвилина.',
      'Орієнтовний час заповнення: ± 2 хвилини.',
      'Орієнтовний час заповнення: ± 5 хвилин.',
      'Орієнтовний час заповнення: ± 11 хвилин.',
      'Орієнтовний час заповнення: ± 21 хвилина.',
    ]);
    expect(minutes('ar', [1, 2, 3, 11])).toEqual([
      'الوقت المقدّر لملء الاستبيان: ± دقيقة واحدة.',
      'الوقت المقدّر لملء الاستبيان: ± دقيقتان.',
      'الوقت المقدّر لملء الاستبيان: ± 3 دقائق.',
      'الوقت المقدّر لملء الاستبيان: ± 11 دقيقة.',
    ]);
    expect(minutes('tr', [1, 5])).toEqual([
      'Anketi doldurmak ± 1 dakika sürer.',
      'Anketi doldurmak ± 5 dakika sürer.',
    ]);
    expect(minutes('en', [1, 2])).toEqual([
      'It takes ± 1 minute to fill in.',
      'It takes ± 2 minutes to fill in.',
    ]);
  });

  it('should write the close date by the language’s conventions in the Netherlands’ time zone', () => {
    expect(INVITATION_MAIL_WORDS.en.closes(CLOSE)).toBe('You can respond until 1 March 2030 at 17:00.');
    expect(INVITATION_MAIL_WORDS.de.closes(CLOSE)).toBe(
      'Sie können bis zum 1. März 2030 um 17:00 antworten.',
    );
    // Arabic with Western digits, as the answering page writes numbers.
    expect(INVITATION_MAIL_WORDS.ar.closes(CLOSE)).toMatch(/^يمكنك الإجابة حتى 1 مارس 2030 /);
  });
});

describe('invitationMailWords', () => {
  it('should give the catalogue of a contact language, else Dutch', () => {
    expect(invitationMailWords('en')).toBe(INVITATION_MAIL_WORDS.en);
    expect(invitationMailWords('ar').dir).toBe('rtl');
    expect(invitationMailWords(undefined)).toBe(INVITATION_MAIL_WORDS.nl);
    expect(invitationMailWords('es')).toBe(INVITATION_MAIL_WORDS.nl);
  });
});
