import { formatDayKey } from './dateAnswers';

/** The Dutch texts of answer and submission errors (`answerValidation.ts`); other languages in the respondent words. */

const NUMBER = new Intl.NumberFormat('nl-NL');
const exact = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 6 }).format;
const many = (n: number, one: string, other: string) => `${NUMBER.format(n)} ${n === 1 ? one : other}`;

/** The Dutch texts of answer and submission errors. */
export const ANSWER_MESSAGES = {
  wrongType: 'Dit antwoord past niet bij deze vraag.',
  noAnswer: 'Een tekstblok heeft geen antwoord.',
  numberInvalid: 'Vul een getal in.',
  numberAmbiguous:
    'Dit getal is op twee manieren te lezen. Schrijf duizendtallen zonder scheidingsteken en decimalen met een komma: 1250 of 1250,5.',
  rankingIncomplete: 'Zet alle antwoorden in een volgorde.',
  dateInvalid: 'Vul een geldige datum in.',
  dateMin: (min: number) => `Vul een datum op of na ${formatDayKey(min)} in.`,
  dateMax: (max: number) => `Vul een datum op of voor ${formatDayKey(max)} in.`,
  numberMin: (min: number) => `Vul een getal van ${exact(min)} of meer in.`,
  numberMax: (max: number) => `Vul een getal van ${exact(max)} of minder in.`,
  numberStep: (step: number) => `Vul een getal in stappen van ${exact(step)} in.`,
  scoreRange: (min: number, max: number) => `Kies een score van ${min} tot en met ${max}.`,
  likertRange: (points: number) => `Kies bij elke stelling een waarde van 1 tot en met ${points}.`,
  unknownOption: 'Kies een van de antwoorden die bij deze vraag horen.',
  duplicateOption: 'Je hebt hetzelfde antwoord meer dan één keer gekozen.',
  unknownStatement: 'Dit antwoord hoort bij een stelling die niet in deze vraag staat.',
  otherNotAllowed: "Bij deze vraag kun je geen eigen antwoord ('anders, namelijk') geven.",
  otherMissing: "Vul bij 'anders, namelijk' in wat je bedoelt.",
  tooFewChoices: (min: number) => `Kies minstens ${many(min, 'antwoord', 'antwoorden')}.`,
  tooManyChoices: (max: number) => `Kies hoogstens ${many(max, 'antwoord', 'antwoorden')}.`,
  tooLong: (max: number) => `Je antwoord mag hoogstens ${many(max, 'teken', 'tekens')} lang zijn.`,
  unreadable: 'De antwoorden konden niet worden gelezen. Vernieuw de pagina en probeer het opnieuw.',
  tooManyAnswers: 'Er zijn meer antwoorden dan vragen in deze survey.',
  unknownQuestion: 'Dit antwoord hoort bij een vraag die niet in deze survey staat.',
  duplicateAnswer: 'Deze vraag is meer dan één keer beantwoord.',
  invalidSeconds: 'De gemeten tijd bij deze vraag is ongeldig.',
  required: 'Deze vraag is verplicht.',
  incomplete: 'Beantwoord alle stellingen van deze vraag.',
  summary: (count: number) => `${count} antwoorden zijn niet in orde. Controleer de gemarkeerde vragen.`,
} as const;
