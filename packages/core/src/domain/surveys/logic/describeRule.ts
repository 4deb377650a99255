import { CONTACT_LANGUAGE_NAMES, type Question } from '../../contract';
import { formatDayKey } from '../model';
import { OTHER_CHOICE } from './logicKinds';
import type { Condition, EndScreen, LogicRule, LogicValue, QuestionCondition } from './logicTypes';

/**
 * A rule in one Dutch sentence, as the editor lists it under its question: "Toon als 'Afdeling' is
 * 'Verkoop'", "Ga naar 'Eindscherm: bedankt' als 'Hoe tevreden ben je?' lager is dan 7". Conditions
 * join with 'en' (all must hold) or 'of' (one is enough). What was deleted is said so, never hidden.
 */

const NUMBER = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

/** The languages by code, as a sentence names them: the contact languages' Dutch names. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = CONTACT_LANGUAGE_NAMES;

export const DESCRIBE_WORDS = {
  deletedQuestion: 'een verwijderde vraag',
  deletedStatement: 'een verwijderde stelling',
  deletedChoice: 'een verwijderd antwoord',
  deletedOption: 'een verwijderde optie',
  deletedEndScreen: 'een verwijderd eindscherm',
  other: "'anders, namelijk'",
  unknownCondition: 'een onbekende voorwaarde geldt',
} as const;

/** A text in quotes, on one line, at most 60 characters. */
function quoted(text: string): string {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  return `'${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat}'`;
}

/** 'a', 'a en b', 'a, b en c'. */
function list(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} en ${parts.at(-1)}`;
}

const valuesOf = (condition: Condition): readonly LogicValue[] =>
  condition.operator === 'one_of' || condition.operator === 'none_of'
    ? condition.values
    : condition.operator === 'equals' || condition.operator === 'not_equals'
      ? [condition.value]
      : [];

/** 'is X' / 'is niet X' / 'is een van X en Y' / 'is geen van X en Y' (`verb` 'omvat' for multiple choice). */
function choicePhrase(condition: Condition, verb: string, named: readonly string[]): string {
  switch (condition.operator) {
    case 'equals':
      return `${verb} ${named[0] ?? ''}`;
    case 'not_equals':
      return `${verb} niet ${named[0] ?? ''}`;
    case 'one_of':
      return named.length === 1 ? `${verb} ${named[0]}` : `${verb} een van ${list(named)}`;
    default:
      return named.length === 1 ? `${verb} niet ${named[0]}` : `${verb} geen van ${list(named)}`;
  }
}

const plain = (value: LogicValue) => (typeof value === 'number' ? NUMBER.format(value) : quoted(value));

/**
 * A condition on a ranking option's place (R-SURV-29): "'Prijs' staat op plaats 1–3 bij 'Wat is
 * het belangrijkst?'"; null for any other condition.
 */
function describePlace(condition: QuestionCondition, question: Question | undefined): string | null {
  if (question?.type !== 'ranking' || condition.option_id === undefined) return null;
  const found = question.settings.options.find((item) => item.id === condition.option_id);
  const option = found ? quoted(found.label) : DESCRIBE_WORDS.deletedOption;
  const at = ` bij ${quoted(question.title)}`;
  const place = (value: LogicValue) => plain(value);
  const places = (values: readonly LogicValue[]) =>
    values.length === 1 ? `plaats ${place(values[0] as LogicValue)}` : `plaats ${orList(values.map(place))}`;
  switch (condition.operator) {
    case 'answered':
      return `${quoted(question.title)} is beantwoord`;
    case 'not_answered':
      return `${quoted(question.title)} is niet beantwoord`;
    case 'equals':
      return `${option} staat op plaats ${place(condition.value)}${at}`;
    case 'not_equals':
      return `${option} staat niet op plaats ${place(condition.value)}${at}`;
    case 'one_of':
      return `${option} staat op ${places(condition.values)}${at}`;
    case 'none_of':
      return `${option} staat niet op ${places(condition.values)}${at}`;
    case 'less':
      return `${option} staat vóór plaats ${place(condition.value)}${at}`;
    case 'greater':
      return `${option} staat na plaats ${place(condition.value)}${at}`;
    case 'between':
      return `${option} staat op plaats ${place(condition.min)}–${place(condition.max)}${at}`;
    default:
      return `${option}${at}: ${DESCRIBE_WORDS.unknownCondition}`;
  }
}

/** 'a', 'a of b', 'a, b of c'. */
function orList(parts: readonly string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} of ${parts.at(-1)}`;
}

function describeQuestionCondition(condition: QuestionCondition, questions: readonly Question[]): string {
  const question = questions.find((item) => item.id === condition.question_id);
  const place = describePlace(condition, question);
  if (place !== null) return place;
  let subject = question === undefined ? DESCRIBE_WORDS.deletedQuestion : quoted(question.title);
  if (question?.type === 'likert' && condition.statement_id !== undefined) {
    const statement = question.settings.statements.find((item) => item.id === condition.statement_id);
    subject += ` bij ${statement ? quoted(statement.text) : DESCRIBE_WORDS.deletedStatement}`;
  }
  // A date's day is named as a day: its key 20260315 as '15 maart 2026' (R-SURV-24).
  const date = question?.type === 'date';
  const number = (value: LogicValue) =>
    date && typeof value === 'number' ? formatDayKey(value) : plain(value);
  switch (condition.operator) {
    case 'answered':
      return `${subject} is beantwoord`;
    case 'not_answered':
      return `${subject} is niet beantwoord`;
    case 'contains':
      return `${subject} bevat ${quoted(condition.value)}`;
    case 'greater':
      return `${subject} ${date ? 'later' : 'hoger'} is dan ${number(condition.value)}`;
    case 'less':
      return `${subject} ${date ? 'eerder' : 'lager'} is dan ${number(condition.value)}`;
    case 'between':
      return `${subject} van ${number(condition.min)} tot en met ${number(condition.max)} is`;
  }
  if (
    question?.type === 'single_choice' ||
    question?.type === 'multiple_choice' ||
    question?.type === 'dropdown' ||
    question?.type === 'ranking'
  ) {
    const { options } = question.settings;
    const named = valuesOf(condition).map((id) => {
      if (id === OTHER_CHOICE) return DESCRIBE_WORDS.other;
      const option = options.find((item) => item.id === id);
      return option ? quoted(option.label) : DESCRIBE_WORDS.deletedChoice;
    });
    return `${subject} ${choicePhrase(condition, question.type === 'multiple_choice' ? 'omvat' : 'is', named)}`;
  }
  return `${subject} ${choicePhrase(condition, 'is', valuesOf(condition).map(number))}`;
}

/** One condition as a clause after 'als'. */
export function describeCondition(condition: Condition, questions: readonly Question[]): string {
  if (condition.source === 'question') return describeQuestionCondition(condition, questions);
  if (condition.source === 'language') {
    const names = valuesOf(condition).map(
      (code) => LANGUAGE_NAMES[String(code).toLowerCase()] ?? quoted(String(code)),
    );
    return `de taal ${choicePhrase(condition, 'is', names)}`;
  }
  const subject = `verborgen veld ${quoted(condition.name)}`;
  switch (condition.operator) {
    case 'answered':
      return `${subject} is ingevuld`;
    case 'not_answered':
      return `${subject} is niet ingevuld`;
    case 'contains':
      return `${subject} bevat ${quoted(condition.value)}`;
    case 'equals':
    case 'one_of':
      return `${subject} ${choicePhrase(
        condition,
        'is',
        valuesOf(condition).map((value) => quoted(String(value))),
      )}`;
    default:
      return `${subject}: ${DESCRIBE_WORDS.unknownCondition}`;
  }
}

/** Where a jump goes: "'Afdeling'" or "'Eindscherm: bedankt'". */
function targetOf(
  rule: Extract<LogicRule, { action: 'jump' }>,
  questions: readonly Question[],
  ends: readonly EndScreen[],
) {
  if ('end_screen_id' in rule.to) {
    const { end_screen_id } = rule.to;
    const end = ends.find((screen) => screen.id === end_screen_id);
    return end ? quoted(`Eindscherm: ${end.text}`) : DESCRIBE_WORDS.deletedEndScreen;
  }
  const { question_id } = rule.to;
  const question = questions.find((item) => item.id === question_id);
  return question ? quoted(question.title) : DESCRIBE_WORDS.deletedQuestion;
}

/** The rule as one Dutch sentence (no full stop: the editor lists them). */
export function describeRule(
  rule: LogicRule,
  questions: readonly Question[],
  endScreens: readonly EndScreen[] = [],
): string {
  const clauses = rule.when.conditions.map((condition) => describeCondition(condition, questions));
  const when =
    clauses.length === 0 ? 'altijd' : `als ${clauses.join(rule.when.match === 'any' ? ' of ' : ' en ')}`;
  if (rule.action !== 'jump') return `${rule.action === 'show' ? 'Toon' : 'Verberg'} ${when}`;
  const target = targetOf(rule, questions, endScreens);
  return clauses.length === 0 ? `Ga altijd naar ${target}` : `Ga naar ${target} ${when}`;
}
