import { READINESS_MESSAGES } from '../model';
import type { ConditionOperator } from './logicTypes';

/**
 * The Dutch texts of `checkLogic` (R-SURV-12). Each names where the problem is first, the way
 * `openingProblems` does ("Vraag 4 ('Afdeling'): …"), then what is wrong and, where it helps, why.
 */

/** 'Vraag 4' or "Vraag 4 ('Afdeling')", as the list of what a draft lacks names a question. */
export const questionName = READINESS_MESSAGES.question;

/** The operators as the editor offers them. */
export const OPERATOR_LABELS: Readonly<Record<ConditionOperator, string>> = {
  equals: 'is',
  not_equals: 'is niet',
  one_of: 'is een van',
  none_of: 'is geen van',
  greater: 'hoger dan',
  less: 'lager dan',
  between: 'van … tot en met',
  contains: 'bevat',
  answered: 'beantwoord',
  not_answered: 'niet beantwoord',
};

/**
 * The operators of a condition on a ranking option's place, as the editor offers them
 * ("'Prijs' staat op plaats 1 tot en met 3", R-SURV-29).
 */
export const PLACE_OPERATOR_LABELS: Readonly<Record<ConditionOperator, string>> = {
  equals: 'staat op plaats',
  not_equals: 'staat niet op plaats',
  one_of: 'staat op een van de plaatsen',
  none_of: 'staat op geen van de plaatsen',
  greater: 'staat na plaats',
  less: 'staat vóór plaats',
  between: 'staat op plaats … tot en met',
  contains: 'bevat',
  answered: 'beantwoord',
  not_answered: 'niet beantwoord',
};

const EARLIER = 'Een voorwaarde kan alleen over een eerdere vraag gaan.';
const FORWARD = 'Een sprong kan alleen naar een latere vraag.';

export const LOGIC_MESSAGES = {
  ruleQuestionMissing: 'Een regel gaat over een vraag die niet meer bestaat.',
  noConditions: (at: string) => `${at}: een regel heeft geen voorwaarden.`,
  jumpSelf: (at: string) => `${at}: een sprong gaat naar dezelfde vraag. ${FORWARD}`,
  jumpBackward: (at: string, to: string) => `${at}: een sprong gaat terug naar ${to}. ${FORWARD}`,
  jumpQuestionMissing: (at: string) => `${at}: een sprong gaat naar een vraag die niet meer bestaat.`,
  jumpEndScreenMissing: (at: string) => `${at}: een sprong gaat naar een eindscherm dat niet meer bestaat.`,
  conditionSelf: (at: string) => `${at}: een voorwaarde gaat over deze vraag zelf. ${EARLIER}`,
  conditionLater: (at: string, on: string) =>
    `${at}: een voorwaarde gaat over ${on}, die later komt. ${EARLIER}`,
  conditionQuestionMissing: (at: string) =>
    `${at}: een voorwaarde gaat over een vraag die niet meer bestaat.`,
  choiceMissing: (at: string, on: string) =>
    `${at}: een voorwaarde gaat over een antwoord dat niet (meer) bij ${on} hoort.`,
  statementMissing: (at: string, on: string) =>
    `${at}: een voorwaarde gaat over een stelling die niet (meer) bij ${on} hoort.`,
  statementNeeded: (at: string, on: string) => `${at}: kies bij de voorwaarde over ${on} een stelling.`,
  noOrder: (at: string, on: string) =>
    `${at}: de antwoorden op ${on} hebben geen volgorde, dus 'hoger dan', 'lager dan' en 'tussen' passen er niet bij.`,
  operatorUnfit: (at: string, on: string, operator: string) => `${at}: '${operator}' past niet bij ${on}.`,
  valueInvalid: (at: string, on: string) => `${at}: een voorwaarde over ${on} heeft geen geldige waarde.`,
  valueRange: (at: string, on: string, min: number, max: number) =>
    `${at}: een voorwaarde over ${on} moet een waarde van ${min} tot en met ${max} hebben.`,
  placeRange: (at: string, on: string, places: number) =>
    `${at}: een voorwaarde over ${on} moet een plaats van 1 tot en met ${places} noemen.`,
  hiddenFieldUnknown: (at: string, name: string) =>
    `${at}: een voorwaarde gaat over het verborgen veld '${name}', dat deze survey niet heeft.`,
  hiddenFieldOperatorUnfit: (at: string, operator: string) =>
    `${at}: '${operator}' past niet bij een verborgen veld.`,
  hiddenFieldValueInvalid: (at: string, name: string) =>
    `${at}: een voorwaarde over het verborgen veld '${name}' heeft geen geldige waarde.`,
  languageOperatorUnfit: (at: string, operator: string) => `${at}: '${operator}' past niet bij de taal.`,
  languageUnknown: (at: string, code: string, known: readonly string[]) =>
    `${at}: '${code}' is geen taal die Loop kent; kies uit ${known.join(', ')}.`,
  cycle: (names: readonly string[]) => `De regels draaien in een kring: ${names.join(' → ')}.`,
  /** 'Eindscherm 2' or "Eindscherm 2 ('Bedankt')", named as a question is. */
  endScreenName: (number: number, text: string) => questionName(number, text).replace(/^Vraag/, 'Eindscherm'),
  redirectInvalid: (screen: string) => `${screen}: het doorstuuradres moet beginnen met http:// of https://.`,
  /**
   * Why rules and hidden fields no longer change once a survey has answers (end screens' texts and
   * addresses still may): who saw which question must stay comparable across its responses.
   */
  locked:
    'De regels en verborgen velden liggen vast zodra de survey antwoorden heeft: anders is niet meer te vergelijken wie welke vragen zag. De teksten en doorstuuradressen van eindschermen kun je nog aanpassen. Wil je andere regels, maak dan een kopie van de survey.',
} as const;

/** The label of an operator, or the raw value when it is not one (from untrusted JSON). */
export const operatorLabel = (operator: string): string =>
  Object.hasOwn(OPERATOR_LABELS, operator) ? OPERATOR_LABELS[operator as ConditionOperator] : operator;
