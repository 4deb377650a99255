import type { ContactLanguage } from '../../contract';
import { estimateAr } from './estimates/ar';
import { estimateDe } from './estimates/de';
import { estimateEn } from './estimates/en';
import { estimateFr } from './estimates/fr';
import { estimatePl } from './estimates/pl';
import { estimateTr } from './estimates/tr';
import { estimateUk } from './estimates/uk';

type Minutes = (minutes: number) => string;

/** The time estimate in Dutch, the main language: '± 1 minuut', '± 3 minuten'. */
export const estimateNl: Minutes = (minutes) => (minutes === 1 ? '± 1 minuut' : `± ${minutes} minuten`);

/**
 * The time estimate in whole minutes (at least 1) as respondents read it, per language: '± 3
 * minuten', '± 3 minutes', '± 3 minuty'. The answering page (R-RESP-10) and the invitation mail
 * (R-INV-5) say the same words. Each other language is a module of its own (`estimates/`), which
 * the answering page's catalogue of that language imports, so the page loads only its own.
 */
export const ESTIMATE_WORDS: Readonly<Record<ContactLanguage, Minutes>> = {
  nl: estimateNl,
  en: estimateEn,
  de: estimateDe,
  fr: estimateFr,
  pl: estimatePl,
  tr: estimateTr,
  ar: estimateAr,
  uk: estimateUk,
};
