import {
  CONTACT_LANGUAGE_NAMES,
  CONTACT_LANGUAGES,
  type ContactLanguage,
  type Question,
  type ResultsCondition,
  type ResultsFilter,
  type SurveyLogic,
} from '../../contract';
import { OTHER_ITEM_ID } from '../model';

/**
 * The filter of a survey's results (issue 26, R-RES-8): conditions on an answer (choices, a score
 * or a Likert point, a range of them), a hidden field, the language, and for personal links of a
 * survey that is not anonymous the contact's attribute or segment, all joined by 'en'. It travels
 * as one compact query parameter, so the results page, a question's page, the exports and the PDF
 * share it and a filtered view can be bookmarked:
 *
 *   q:<question>[.<item>]:<v>,<v>   one of these choices / scores / points / places
 *   q:<question>[.<item>]:<min>..<max>   a score, point or place in the range
 *
 * (the item: a Likert question's statement, or a ranking's option whose place counts, R-SURV-31)
 *   h:<hidden field>:<v>,<v>   lang:<code>,<code>   a:<attribute>:<v>,<v>   seg:<segment id>
 *
 * conditions joined by `~`. Every name and value is percent-encoded (`.` and `~` too), so the
 * separators never occur inside one. Reading checks the form only; `checkResultsFilter` checks it
 * against the survey, with a Dutch message for the server's 400.
 */

export const RESULTS_FILTER_MAX_CONDITIONS = 10;
export const RESULTS_FILTER_MAX_VALUES = 50;
/** The longest filter parameter the server reads. */
export const RESULTS_FILTER_MAX_LENGTH = 4000;
const VALUE_MAX = 500;

export const RESULTS_FILTER_MESSAGES = {
  form: 'Het filter is niet leesbaar. Stel het opnieuw samen.',
  tooLong: 'Het filter is te lang.',
  tooMany: `Gebruik hoogstens ${RESULTS_FILTER_MAX_CONDITIONS} voorwaarden in het filter.`,
  tooManyValues: `Kies hoogstens ${RESULTS_FILTER_MAX_VALUES} waarden per voorwaarde.`,
  question: 'Het filter noemt een vraag die niet in deze survey staat.',
  questionType: 'Op de antwoorden van een open vraag kan niet worden gefilterd.',
  statement: 'Kies bij een Likert-vraag de stelling waarop je filtert.',
  option: 'Het filter noemt een optie die niet bij de rangorde hoort.',
  choice: 'Het filter noemt een keuze die niet bij de vraag hoort.',
  score: 'Het filter noemt een score die niet bij de vraag hoort.',
  range: 'Kies een bereik van een lagere naar een hogere score.',
  rangeChoice: 'Een bereik kan alleen bij een score of een Likert-stelling.',
  hiddenField: 'Het filter noemt een verborgen veld dat niet bij deze survey hoort.',
  language: 'Het filter noemt een onbekende taal.',
  anonymous: 'Bij een anonieme survey kan niet worden gefilterd op contactgegevens of segmenten.',
  segment: 'Segment niet gevonden.',
} as const;

export type FilterCheck =
  | { readonly ok: true; readonly value: ResultsFilter }
  | { readonly ok: false; readonly message: string };

const fail = (message: string): FilterCheck => ({ ok: false, message });

/** A name or value percent-encoded, with the separators `.` and `~` too. */
export const encodeFilterPart = (part: string): string =>
  encodeURIComponent(part).replace(/\./g, '%2E').replace(/~/g, '%7E');

const decodePart = (part: string): string | null => {
  try {
    const decoded = decodeURIComponent(part);
    return decoded === '' || decoded.length > VALUE_MAX ? null : decoded;
  } catch {
    return null;
  }
};

const INTEGER = /^-?\d{1,6}$/;

function values(raw: string): string[] | null {
  const parts = raw.split(',').map(decodePart);
  if (parts.some((part) => part === null)) return null;
  return [...new Set(parts as string[])];
}

function parseQuestion(target: string, test: string): ResultsCondition | null {
  const [question, statement, ...rest] = target.split('.');
  if (rest.length > 0 || question === undefined) return null;
  const question_id = decodePart(question);
  const statement_id = statement === undefined ? undefined : decodePart(statement);
  if (question_id === null || statement_id === null) return null;
  const on = { source: 'question' as const, question_id, ...(statement_id ? { statement_id } : {}) };
  const range = /^(-?\d{1,6})\.\.(-?\d{1,6})$/.exec(test);
  if (range !== null) return { ...on, operator: 'between', min: Number(range[1]), max: Number(range[2]) };
  const chosen = values(test);
  return chosen === null ? null : { ...on, operator: 'one_of', values: chosen };
}

function parseCondition(raw: string): ResultsCondition | null {
  const [kind, ...parts] = raw.split(':');
  if (kind === 'q' && parts.length === 2) return parseQuestion(parts[0] ?? '', parts[1] ?? '');
  if (kind === 'lang' && parts.length === 1) {
    const codes = values(parts[0] ?? '');
    return codes === null ? null : { source: 'language', operator: 'one_of', values: codes };
  }
  if (kind === 'seg' && parts.length === 1)
    return /^[1-9]\d{0,9}$/.test(parts[0] ?? '') ? { source: 'segment', segment_id: Number(parts[0]) } : null;
  if ((kind === 'h' || kind === 'a') && parts.length === 2) {
    const name = decodePart(parts[0] ?? '');
    const chosen = values(parts[1] ?? '');
    if (name === null || chosen === null) return null;
    return kind === 'h'
      ? { source: 'hidden_field', name, operator: 'one_of', values: chosen }
      : { source: 'contact_attribute', name, values: chosen };
  }
  return null;
}

/**
 * A filter parameter read ('' or absent: no conditions). The form only: values of a question stay
 * text until `checkResultsFilter` knows the question's type.
 */
export function parseResultsFilter(raw: string | undefined): FilterCheck {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: [] };
  if (raw.length > RESULTS_FILTER_MAX_LENGTH) return fail(RESULTS_FILTER_MESSAGES.tooLong);
  const parts = raw.trim().split('~');
  if (parts.length > RESULTS_FILTER_MAX_CONDITIONS) return fail(RESULTS_FILTER_MESSAGES.tooMany);
  const conditions: ResultsCondition[] = [];
  for (const part of parts) {
    const condition = parseCondition(part);
    if (condition === null) return fail(RESULTS_FILTER_MESSAGES.form);
    if ('values' in condition && condition.values.length > RESULTS_FILTER_MAX_VALUES)
      return fail(RESULTS_FILTER_MESSAGES.tooManyValues);
    conditions.push(condition);
  }
  return { ok: true, value: conditions };
}

const valueList = (list: readonly (string | number)[]): string =>
  list.map((value) => encodeFilterPart(String(value))).join(',');

function serialiseCondition(condition: ResultsCondition): string {
  switch (condition.source) {
    case 'question': {
      const target =
        encodeFilterPart(condition.question_id) +
        (condition.statement_id === undefined ? '' : `.${encodeFilterPart(condition.statement_id)}`) +
        (condition.option_id === undefined ? '' : `.${encodeFilterPart(condition.option_id)}`);
      return condition.operator === 'between'
        ? `q:${target}:${condition.min}..${condition.max}`
        : `q:${target}:${valueList(condition.values)}`;
    }
    case 'hidden_field':
      return `h:${encodeFilterPart(condition.name)}:${valueList(condition.values)}`;
    case 'language':
      return `lang:${valueList(condition.values)}`;
    case 'contact_attribute':
      return `a:${encodeFilterPart(condition.name)}:${valueList(condition.values)}`;
    case 'segment':
      return `seg:${condition.segment_id}`;
  }
}

/** The filter as its query parameter ('' without conditions). */
export const serialiseResultsFilter = (filter: ResultsFilter): string =>
  filter.map(serialiseCondition).join('~');

/** What the check needs of the survey. */
export interface FilterSurvey {
  readonly questions: readonly Question[];
  readonly logic: SurveyLogic;
  readonly anonymous: boolean;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The scores a question or Likert statement can have; null for a choice or open question. */
function scoresOf(question: Question): readonly number[] | null {
  if (question.type === 'nps') return range(0, 10);
  if (question.type === 'rating') return range(1, question.settings.scale);
  if (question.type === 'likert') return range(1, question.settings.points);
  if (question.type === 'ranking') return range(1, question.settings.options.length);
  return null;
}

function checkQuestion(
  condition: Extract<ResultsCondition, { source: 'question' }>,
  questions: readonly Question[],
): ResultsCondition | string {
  const question = questions.find((each) => each.id === condition.question_id);
  if (question === undefined) return RESULTS_FILTER_MESSAGES.question;
  if (question.type === 'open_short' || question.type === 'open_long')
    return RESULTS_FILTER_MESSAGES.questionType;
  const base = { source: 'question' as const, question_id: question.id };
  if (question.type === 'ranking') {
    // A place of one option (R-SURV-31): the form reads the item after the dot as a statement.
    const option = condition.option_id ?? condition.statement_id;
    if (!question.settings.options.some((each) => each.id === option)) return RESULTS_FILTER_MESSAGES.option;
    return checkScores({ ...base, option_id: option as string }, condition, scoresOf(question) ?? []);
  }
  if (question.type === 'likert') {
    if (!question.settings.statements.some((statement) => statement.id === condition.statement_id))
      return RESULTS_FILTER_MESSAGES.statement;
  } else if (condition.statement_id !== undefined) return RESULTS_FILTER_MESSAGES.statement;
  const on = condition.statement_id === undefined ? base : { ...base, statement_id: condition.statement_id };
  const scores = scoresOf(question);
  if (question.type === 'single_choice' || question.type === 'multiple_choice') {
    if (condition.operator === 'between') return RESULTS_FILTER_MESSAGES.rangeChoice;
    const allowed = new Set([
      ...question.settings.options.map((option) => option.id),
      ...(question.settings.allow_other ? [OTHER_ITEM_ID] : []),
    ]);
    if (condition.values.some((value) => !allowed.has(String(value)))) return RESULTS_FILTER_MESSAGES.choice;
    return { ...on, operator: 'one_of', values: condition.values.map(String) };
  }
  if (scores === null) return RESULTS_FILTER_MESSAGES.questionType;
  return checkScores(on, condition, scores);
}

/** A score, point or place condition checked against the values the question can have. */
function checkScores(
  on: {
    readonly source: 'question';
    readonly question_id: string;
    readonly statement_id?: string;
    readonly option_id?: string;
  },
  condition: Extract<ResultsCondition, { source: 'question' }>,
  scores: readonly number[],
): ResultsCondition | string {
  if (condition.operator === 'between') {
    if (!scores.includes(condition.min) || !scores.includes(condition.max))
      return RESULTS_FILTER_MESSAGES.score;
    if (condition.min > condition.max) return RESULTS_FILTER_MESSAGES.range;
    return { ...on, operator: 'between', min: condition.min, max: condition.max };
  }
  const numbers = condition.values.map((value) => (INTEGER.test(String(value)) ? Number(value) : Number.NaN));
  if (numbers.some((value) => !scores.includes(value))) return RESULTS_FILTER_MESSAGES.score;
  return { ...on, operator: 'one_of', values: numbers };
}

/**
 * A read filter checked against the survey: its questions and statements, choices and scores, its
 * declared hidden fields and the known languages; contact attributes and segments only where the
 * survey is not anonymous (an anonymous survey keeps no link from a response to a contact). The
 * value holds the values of a score question as numbers. Whether a segment is the organisation's
 * the server checks.
 */
export function checkResultsFilter(filter: ResultsFilter, survey: FilterSurvey): FilterCheck {
  const checked: ResultsCondition[] = [];
  for (const condition of filter) {
    switch (condition.source) {
      case 'question': {
        const result = checkQuestion(condition, survey.questions);
        if (typeof result === 'string') return fail(result);
        checked.push(result);
        break;
      }
      case 'hidden_field':
        if (!survey.logic.hidden_fields.includes(condition.name))
          return fail(RESULTS_FILTER_MESSAGES.hiddenField);
        checked.push(condition);
        break;
      case 'language':
        if (condition.values.some((code) => !(CONTACT_LANGUAGES as readonly string[]).includes(code)))
          return fail(RESULTS_FILTER_MESSAGES.language);
        checked.push(condition);
        break;
      case 'contact_attribute':
      case 'segment':
        if (survey.anonymous) return fail(RESULTS_FILTER_MESSAGES.anonymous);
        checked.push(condition);
        break;
    }
  }
  return { ok: true, value: checked };
}

/** Parsed and checked in one go: the server's way in. */
export function readResultsFilter(raw: string | undefined, survey: FilterSurvey): FilterCheck {
  const parsed = parseResultsFilter(raw);
  return parsed.ok ? checkResultsFilter(parsed.value, survey) : parsed;
}

/** 'a', 'a of b', 'a, b of c'. */
export function orList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} of ${items[items.length - 1]}`;
}

/** What describing needs besides the survey: the organisation's segment names by id. */
export interface DescribeContext {
  readonly questions: readonly Question[];
  readonly segmentNames?: ReadonlyMap<number, string>;
}

const languageName = (code: string): string => CONTACT_LANGUAGE_NAMES[code as ContactLanguage] ?? code;

function valueLabel(question: Question, value: string | number): string {
  if (question.type === 'single_choice' || question.type === 'multiple_choice') {
    if (String(value) === OTHER_ITEM_ID) return 'Anders, namelijk';
    return question.settings.options.find((option) => option.id === String(value))?.label ?? String(value);
  }
  if (question.type === 'likert') return question.settings.labels[Number(value) - 1] ?? String(value);
  return String(value);
}

/** The question's name in a description: its title; a Likert statement's or ranking option's text after it. */
function questionName(
  question: Question | undefined,
  condition: { readonly statement_id?: string; readonly option_id?: string },
): string {
  if (question === undefined) return 'Onbekende vraag';
  if (question.type === 'ranking' && condition.option_id !== undefined) {
    const option = question.settings.options.find((each) => each.id === condition.option_id);
    return `${question.title}: ${option?.label ?? condition.option_id}`;
  }
  if (question.type !== 'likert' || condition.statement_id === undefined) return question.title;
  const statement = question.settings.statements.find((each) => each.id === condition.statement_id);
  return `${question.title}: ${statement?.text ?? condition.statement_id}`;
}

/** One condition in Dutch, e.g. 'Afdeling is Verkoop', 'Hoe tevreden bent u? van 7 tot en met 10'. */
export function describeCondition(condition: ResultsCondition, context: DescribeContext): string {
  switch (condition.source) {
    case 'question': {
      const question = context.questions.find((each) => each.id === condition.question_id);
      const name = questionName(question, condition);
      const place = question?.type === 'ranking' && condition.option_id !== undefined;
      if (condition.operator === 'between') {
        if (place) return `${name} staat op plaats ${condition.min} tot en met ${condition.max}`;
        const label = (value: number) => (question ? valueLabel(question, value) : String(value));
        return `${name} is ${label(condition.min)} tot en met ${label(condition.max)}`;
      }
      if (place) return `${name} staat op plaats ${orList(condition.values.map(String))}`;
      const labels = condition.values.map((value) =>
        question ? valueLabel(question, value) : String(value),
      );
      const verb = question?.type === 'multiple_choice' ? 'bevat' : 'is';
      return `${name} ${verb} ${orList(labels)}`;
    }
    case 'hidden_field':
      return `${condition.name} is ${orList(condition.values)}`;
    case 'language':
      return `Taal is ${orList(condition.values.map(languageName))}`;
    case 'contact_attribute':
      return `${condition.name} is ${orList(condition.values)}`;
    case 'segment':
      return `In segment ${context.segmentNames?.get(condition.segment_id) ?? condition.segment_id}`;
  }
}

/** The whole filter in Dutch, conditions joined by 'en'; '' without conditions. */
export const describeResultsFilter = (filter: ResultsFilter, context: DescribeContext): string =>
  filter.map((condition) => describeCondition(condition, context)).join(' en ');
