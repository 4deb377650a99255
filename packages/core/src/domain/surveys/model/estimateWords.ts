import type { ContactLanguage } from '../../contract';
import { pluralOf } from '../../format';

type Minutes = (minutes: number) => string;

/** 1 minuta, 2–4 minuty (22–24, …), 5–21 minut (25–31, …); Ukrainian alike (11–14 like 5). */
const slavic = (locale: string, one: string, few: string, many: string): Minutes => {
  const number = new Intl.NumberFormat(locale).format;
  const plural = pluralOf(locale);
  return (n) => `± ${number(n)} ${plural(n, { one, few, many, other: few })}`;
};

/** Singular for 1 (French also for 0), plural else. */
const twoForms = (
  locale: string,
  one: string,
  other: string,
  singular: (n: number) => boolean = (n) => n === 1,
): Minutes => {
  const number = new Intl.NumberFormat(locale).format;
  return (n) => `± ${number(n)} ${singular(n) ? one : other}`;
};

/** Western digits, as on the answering page's score buttons. */
const arabicNumber = new Intl.NumberFormat('ar-u-nu-latn').format;
const arabicPlural = pluralOf('ar');
/**
 * Arabic counts in six forms: one and two without the number (دقيقة واحدة، دقيقتان), 3–10 with a
 * plural (3 دقائق), 11 and on with a singular (11 دقيقة).
 */
const arabic: Minutes = (n) => {
  const s = arabicNumber(n);
  return `± ${arabicPlural(n, { one: 'دقيقة واحدة', two: 'دقيقتان', few: `${s} دقائق`, many: `${s} دقيقة`, other: `${s} دقيقة` })}`;
};

/**
 * The time estimate in whole minutes (at least 1) as respondents read it, per language: '± 3
 * minuten', '± 3 minutes', '± 3 minuty'. The answering page (R-RESP-10) and the invitation mail
 * (R-INV-5) say the same words; Turkish keeps the noun singular after a number.
 */
export const ESTIMATE_WORDS: Readonly<Record<ContactLanguage, Minutes>> = {
  nl: (minutes) => (minutes === 1 ? '± 1 minuut' : `± ${minutes} minuten`),
  en: twoForms('en-GB', 'minute', 'minutes'),
  de: twoForms('de-DE', 'Minute', 'Minuten'),
  fr: twoForms('fr-FR', 'minute', 'minutes', (n) => n <= 1),
  pl: slavic('pl-PL', 'minuta', 'minuty', 'minut'),
  tr: (minutes) => `± ${new Intl.NumberFormat('tr-TR').format(minutes)} dakika`,
  ar: arabic,
  uk: slavic('uk-UA', 'хвилина', 'хвилини', 'хвилин'),
};
