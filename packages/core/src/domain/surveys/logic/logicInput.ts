import type { FieldErrors } from '../../auth';
import { CONTACT_LANGUAGES } from '../../contract';
import { ID_PATTERN } from '../model';
import { REDIRECT_URL_MAX_LENGTH } from './checkLogic';
import type {
  Condition,
  ConditionGroup,
  EndScreen,
  JumpTarget,
  LogicRule,
  LogicValue,
  SurveyLogic,
} from './logicTypes';

/**
 * What a survey's logic may hold at all (R-RESP-5 for the hidden fields), the same bounds the server's
 * JSON schema sets, so the editor, the answering page and the server refuse the same input. What a
 * sound rule is (a jump forward, a condition on an earlier question) is `checkLogic`'s: a draft is
 * stored with such problems (R-SURV-1), only a shape outside these bounds is never stored.
 */
export const LOGIC_RULES_MAX = 500;
/** All rules' conditions together. */
export const LOGIC_CONDITIONS_MAX = 1000;
/** Values of one `one_of`/`none_of` condition. */
export const CONDITION_VALUES_MAX = 100;
/** A text a condition compares with. */
export const CONDITION_TEXT_MAX_LENGTH = 500;
export const END_SCREENS_MAX = 20;
export const END_SCREEN_TEXT_MAX_LENGTH = 2000;
export const HIDDEN_FIELDS_MAX = 20;
export const HIDDEN_FIELD_NAME_MAX_LENGTH = 40;
/** A hidden field's name: lower-case letters, digits and '_', starting with a letter ('afdeling'). */
export const HIDDEN_FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** A hidden field's value as a link carries it (`?afdeling=Verkoop`) or a contact's attribute gives it. */
export const HIDDEN_FIELD_VALUE_MAX_LENGTH = 500;

const NUMBER = new Intl.NumberFormat('nl-NL');
const n = (value: number) => NUMBER.format(value);

/** The Dutch texts of logic that cannot be stored, and of a respondent's hidden fields and language. */
export const LOGIC_INPUT_MESSAGES = {
  unreadable: 'De logica van de survey kon niet worden gelezen.',
  listUnreadable: 'Deze lijst kon niet worden gelezen.',
  tooManyRules: `Een survey kan hoogstens ${n(LOGIC_RULES_MAX)} regels hebben.`,
  tooManyConditions: `De regels van een survey kunnen samen hoogstens ${n(LOGIC_CONDITIONS_MAX)} voorwaarden hebben.`,
  ruleUnreadable: 'Deze regel kon niet worden gelezen.',
  ruleIdInvalid: 'Deze regel heeft geen geldig id.',
  ruleIdDuplicate: 'Elke regel moet een eigen id hebben.',
  actionInvalid: 'Kies wat de regel doet: tonen, verbergen of springen.',
  questionInvalid: 'Kies de vraag waar de regel over gaat.',
  targetInvalid: 'Kies waar de sprong naartoe gaat: een vraag of een eindscherm.',
  matchInvalid: "Kies of alle voorwaarden moeten gelden ('en') of één ervan ('of').",
  conditionUnreadable: 'Deze voorwaarde kon niet worden gelezen.',
  sourceInvalid: 'Kies waar de voorwaarde over gaat: een vraag, een verborgen veld of de taal.',
  conditionQuestionInvalid: 'Kies de vraag waar de voorwaarde over gaat.',
  statementInvalid: 'Deze voorwaarde noemt geen geldige stelling.',
  optionInvalid: 'Deze voorwaarde noemt geen geldige optie.',
  conditionNameInvalid: 'Kies het verborgen veld waar de voorwaarde over gaat.',
  operatorInvalid: 'Kies een vergelijking.',
  valueInvalid: 'Deze voorwaarde heeft geen geldige waarde.',
  tooManyValues: `Een voorwaarde kan hoogstens ${n(CONDITION_VALUES_MAX)} waarden hebben.`,
  valueTooLong: `Een waarde mag hoogstens ${n(CONDITION_TEXT_MAX_LENGTH)} tekens lang zijn.`,
  tooManyEndScreens: `Een survey kan hoogstens ${n(END_SCREENS_MAX)} eindschermen hebben.`,
  endScreenUnreadable: 'Dit eindscherm kon niet worden gelezen.',
  endScreenIdInvalid: 'Dit eindscherm heeft geen geldig id.',
  endScreenIdDuplicate: 'Elk eindscherm moet een eigen id hebben.',
  endScreenTextInvalid: 'De tekst van het eindscherm kon niet worden gelezen.',
  endScreenTextTooLong: `De tekst van een eindscherm mag hoogstens ${n(END_SCREEN_TEXT_MAX_LENGTH)} tekens lang zijn.`,
  redirectTooLong: `Een doorstuuradres mag hoogstens ${n(REDIRECT_URL_MAX_LENGTH)} tekens lang zijn.`,
  tooManyHiddenFields: `Een survey kan hoogstens ${n(HIDDEN_FIELDS_MAX)} verborgen velden hebben.`,
  hiddenFieldNameInvalid: `De naam van een verborgen veld bestaat uit kleine letters, cijfers en _, begint met een letter en is hoogstens ${HIDDEN_FIELD_NAME_MAX_LENGTH} tekens lang (bijvoorbeeld 'afdeling').`,
  hiddenFieldDuplicate: 'Dit verborgen veld staat er al.',
  hiddenValuesUnreadable: 'De verborgen velden van de link konden niet worden gelezen.',
  hiddenValueInvalid: 'De waarde van dit verborgen veld moet tekst zijn.',
  hiddenValueTooLong: `De waarde van een verborgen veld mag hoogstens ${n(HIDDEN_FIELD_VALUE_MAX_LENGTH)} tekens lang zijn.`,
  languageUnknown: `Onbekende taal. Kies uit ${CONTACT_LANGUAGES.join(', ')}.`,
} as const;

const M = LOGIC_INPUT_MESSAGES;

const OPERATORS_WITH_VALUE = new Set(['equals', 'not_equals', 'greater', 'less', 'contains']);
const OPERATORS_WITH_VALUES = new Set(['one_of', 'none_of']);
const OPERATORS_WITHOUT_VALUE = new Set(['answered', 'not_answered']);

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/** Collects the first message per field, under `prefix`. */
class Problems {
  readonly fields: Record<string, string> = {};
  add(key: string, message: string): void {
    if (!Object.hasOwn(this.fields, key)) this.fields[key] = message;
  }
  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }
}

/** A value a condition compares with, or undefined (with its problem) when it is none. */
function checkValue(problems: Problems, key: string, value: unknown): LogicValue | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    if (value.length <= CONDITION_TEXT_MAX_LENGTH) return value;
    problems.add(key, M.valueTooLong);
    return undefined;
  }
  problems.add(key, M.valueInvalid);
  return undefined;
}

function checkCondition(problems: Problems, key: string, raw: unknown): Condition | null {
  if (!isRecord(raw)) {
    problems.add(key, M.conditionUnreadable);
    return null;
  }
  const operator = raw.operator;
  let test: Raw;
  if (typeof operator === 'string' && OPERATORS_WITH_VALUE.has(operator)) {
    test = { operator, value: checkValue(problems, `${key}.value`, raw.value) };
  } else if (typeof operator === 'string' && OPERATORS_WITH_VALUES.has(operator)) {
    if (!Array.isArray(raw.values)) problems.add(`${key}.values`, M.valueInvalid);
    else if (raw.values.length > CONDITION_VALUES_MAX) problems.add(`${key}.values`, M.tooManyValues);
    const values = Array.isArray(raw.values) ? raw.values : [];
    test = {
      operator,
      values: values.map((value, index) => checkValue(problems, `${key}.values.${index}`, value)),
    };
  } else if (operator === 'between') {
    test = {
      operator,
      min: checkValue(problems, `${key}.min`, raw.min),
      max: checkValue(problems, `${key}.max`, raw.max),
    };
  } else if (typeof operator === 'string' && OPERATORS_WITHOUT_VALUE.has(operator)) {
    test = { operator };
  } else {
    problems.add(`${key}.operator`, M.operatorInvalid);
    return null;
  }
  switch (raw.source) {
    case 'question': {
      if (!isId(raw.question_id)) problems.add(`${key}.question_id`, M.conditionQuestionInvalid);
      if (raw.statement_id !== undefined && !isId(raw.statement_id))
        problems.add(`${key}.statement_id`, M.statementInvalid);
      if (raw.option_id !== undefined && !isId(raw.option_id))
        problems.add(`${key}.option_id`, M.optionInvalid);
      return {
        source: 'question',
        question_id: raw.question_id,
        ...(raw.statement_id === undefined ? {} : { statement_id: raw.statement_id }),
        ...(raw.option_id === undefined ? {} : { option_id: raw.option_id }),
        ...test,
      } as Condition;
    }
    case 'hidden_field':
      if (typeof raw.name !== 'string' || !HIDDEN_FIELD_NAME_PATTERN.test(raw.name))
        problems.add(`${key}.name`, M.conditionNameInvalid);
      return { source: 'hidden_field', name: raw.name, ...test } as Condition;
    case 'language':
      return { source: 'language', ...test } as Condition;
    default:
      problems.add(`${key}.source`, M.sourceInvalid);
      return null;
  }
}

function checkGroup(problems: Problems, key: string, raw: unknown, budget: { left: number }): ConditionGroup {
  const group = isRecord(raw) ? raw : {};
  if (group.match !== 'all' && group.match !== 'any') problems.add(`${key}.match`, M.matchInvalid);
  const conditions: Condition[] = [];
  if (!Array.isArray(group.conditions)) problems.add(`${key}.conditions`, M.listUnreadable);
  else {
    budget.left -= group.conditions.length;
    if (budget.left < 0) problems.add('rules', M.tooManyConditions);
    else
      group.conditions.forEach((condition, index) => {
        const checked = checkCondition(problems, `${key}.conditions.${index}`, condition);
        if (checked !== null) conditions.push(checked);
      });
  }
  return { match: group.match === 'any' ? 'any' : 'all', conditions };
}

function checkTarget(problems: Problems, key: string, raw: unknown): JumpTarget {
  const to = isRecord(raw) ? raw : {};
  const toQuestion = to.question_id !== undefined;
  const toEnd = to.end_screen_id !== undefined;
  if (toQuestion === toEnd || !isId(toQuestion ? to.question_id : to.end_screen_id))
    problems.add(key, M.targetInvalid);
  return toQuestion ? { question_id: String(to.question_id) } : { end_screen_id: String(to.end_screen_id) };
}

function checkRules(problems: Problems, raw: unknown): LogicRule[] {
  if (!Array.isArray(raw)) {
    problems.add('rules', M.listUnreadable);
    return [];
  }
  if (raw.length > LOGIC_RULES_MAX) {
    problems.add('rules', M.tooManyRules);
    return [];
  }
  const ids = new Set<string>();
  const budget = { left: LOGIC_CONDITIONS_MAX };
  const rules: LogicRule[] = [];
  raw.forEach((rule: unknown, index) => {
    const key = `rules.${index}`;
    if (!isRecord(rule)) {
      problems.add(key, M.ruleUnreadable);
      return;
    }
    if (!isId(rule.id)) problems.add(`${key}.id`, M.ruleIdInvalid);
    else if (ids.has(rule.id)) problems.add(`${key}.id`, M.ruleIdDuplicate);
    else ids.add(rule.id);
    const when = checkGroup(problems, `${key}.when`, rule.when, budget);
    if (rule.action === 'show' || rule.action === 'hide') {
      if (!isId(rule.question_id)) problems.add(`${key}.question_id`, M.questionInvalid);
      rules.push({ id: String(rule.id), action: rule.action, question_id: String(rule.question_id), when });
    } else if (rule.action === 'jump') {
      if (!isId(rule.from_question_id)) problems.add(`${key}.from_question_id`, M.questionInvalid);
      const to = checkTarget(problems, `${key}.to`, rule.to);
      rules.push({
        id: String(rule.id),
        action: 'jump',
        from_question_id: String(rule.from_question_id),
        to,
        when,
      });
    } else problems.add(`${key}.action`, M.actionInvalid);
  });
  return rules;
}

function checkEndScreens(problems: Problems, raw: unknown): EndScreen[] {
  if (!Array.isArray(raw)) {
    problems.add('end_screens', M.listUnreadable);
    return [];
  }
  if (raw.length > END_SCREENS_MAX) {
    problems.add('end_screens', M.tooManyEndScreens);
    return [];
  }
  const ids = new Set<string>();
  return raw.flatMap((screen: unknown, index): EndScreen[] => {
    const key = `end_screens.${index}`;
    if (!isRecord(screen)) {
      problems.add(key, M.endScreenUnreadable);
      return [];
    }
    if (!isId(screen.id)) problems.add(`${key}.id`, M.endScreenIdInvalid);
    else if (ids.has(screen.id)) problems.add(`${key}.id`, M.endScreenIdDuplicate);
    else ids.add(screen.id);
    if (typeof screen.text !== 'string') problems.add(`${key}.text`, M.endScreenTextInvalid);
    else if (screen.text.length > END_SCREEN_TEXT_MAX_LENGTH)
      problems.add(`${key}.text`, M.endScreenTextTooLong);
    const url = typeof screen.redirect_url === 'string' ? screen.redirect_url.trim() : screen.redirect_url;
    if (url !== undefined && url !== null && typeof url !== 'string')
      problems.add(`${key}.redirect_url`, M.valueInvalid);
    else if (typeof url === 'string' && url.length > REDIRECT_URL_MAX_LENGTH)
      problems.add(`${key}.redirect_url`, M.redirectTooLong);
    const text = typeof screen.text === 'string' ? screen.text : '';
    // No address ('' or null) is the same as none; whether one is safe is `checkLogic`'s (R-SURV-13).
    return [
      typeof url === 'string' && url !== ''
        ? { id: String(screen.id), text, redirect_url: url }
        : { id: String(screen.id), text },
    ];
  });
}

function checkHiddenFieldNames(problems: Problems, raw: unknown): string[] {
  if (!Array.isArray(raw)) {
    problems.add('hidden_fields', M.listUnreadable);
    return [];
  }
  if (raw.length > HIDDEN_FIELDS_MAX) {
    problems.add('hidden_fields', M.tooManyHiddenFields);
    return [];
  }
  const names: string[] = [];
  raw.forEach((name: unknown, index) => {
    if (typeof name !== 'string' || !HIDDEN_FIELD_NAME_PATTERN.test(name))
      problems.add(`hidden_fields.${index}`, M.hiddenFieldNameInvalid);
    else if (names.includes(name)) problems.add(`hidden_fields.${index}`, M.hiddenFieldDuplicate);
    else names.push(name);
  });
  return names;
}

/** A checked logic input: the logic with only its known properties, or the Dutch message per field. */
export type CheckedLogic =
  | { readonly ok: true; readonly value: SurveyLogic }
  | { readonly ok: false; readonly fields: FieldErrors };

/**
 * Checks logic as the editor sends it: the shapes and the bounds above, each problem under its field
 * (`rules.3.when.conditions.0.operator`, `end_screens.1.text`, `hidden_fields.0`). Whether the rules
 * make sense for the questions is left to `checkLogic`, so a draft with a dangling rule is stored.
 */
export function checkLogicInput(input: unknown): CheckedLogic {
  const problems = new Problems();
  if (!isRecord(input)) return { ok: false, fields: { logic: M.unreadable } };
  const value: SurveyLogic = {
    rules: checkRules(problems, input.rules),
    end_screens: checkEndScreens(problems, input.end_screens),
    hidden_fields: checkHiddenFieldNames(problems, input.hidden_fields),
  };
  return problems.empty ? { ok: true, value } : { ok: false, fields: problems.fields };
}

/** A respondent's hidden fields and language, checked: only declared names are kept. */
export type CheckedRespondentContext =
  | {
      readonly ok: true;
      readonly hidden_fields: Readonly<Record<string, string>>;
      readonly language: string | null;
    }
  | { readonly ok: false; readonly fields: FieldErrors };

/**
 * Checks what a submission carries besides answers (R-RESP-5): the values of the survey's declared
 * hidden fields (a name it does not declare is ignored, whatever its value; a declared one must be a
 * text of at most HIDDEN_FIELD_VALUE_MAX_LENGTH characters, under `hidden_fields.<name>`) and the
 * language (a code of `CONTACT_LANGUAGES`, under `language`). Left out: none.
 */
export function checkRespondentContext(
  declared: readonly string[],
  input: { readonly hidden_fields?: unknown; readonly language?: unknown },
): CheckedRespondentContext {
  const problems = new Problems();
  const values: Record<string, string> = {};
  const raw = input.hidden_fields;
  if (raw !== undefined && raw !== null && !isRecord(raw))
    problems.add('hidden_fields', M.hiddenValuesUnreadable);
  else if (isRecord(raw))
    for (const name of declared) {
      if (!Object.hasOwn(raw, name)) continue;
      const value = raw[name];
      if (typeof value !== 'string') problems.add(`hidden_fields.${name}`, M.hiddenValueInvalid);
      else if (value.length > HIDDEN_FIELD_VALUE_MAX_LENGTH)
        problems.add(`hidden_fields.${name}`, M.hiddenValueTooLong);
      else values[name] = value;
    }
  const language = input.language;
  if (language !== undefined && language !== null && !isLanguage(language))
    problems.add('language', M.languageUnknown);
  if (!problems.empty) return { ok: false, fields: problems.fields };
  return { ok: true, hidden_fields: values, language: isLanguage(language) ? language : null };
}

const isLanguage = (value: unknown): value is string =>
  typeof value === 'string' && (CONTACT_LANGUAGES as readonly string[]).includes(value);

/**
 * The values of the declared hidden fields that a contact's attributes give (a personal link,
 * R-RESP-5): the attribute of the same name, when it is a text within the bounds; the rest none.
 */
export function hiddenValuesFrom(
  declared: readonly string[],
  attributes: Readonly<Record<string, unknown>> | null | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  if (attributes === null || attributes === undefined) return values;
  for (const name of declared) {
    if (!Object.hasOwn(attributes, name)) continue;
    const value = attributes[name];
    if (typeof value === 'string' && value.length <= HIDDEN_FIELD_VALUE_MAX_LENGTH) values[name] = value;
  }
  return values;
}

/**
 * One condition group checked like a rule's `when` (a quota's, R-SURV-22): the group with its known
 * properties and the Dutch message per field under `key` (`quotas.0.when.conditions.1.value`).
 */
export function checkConditionGroupInput(
  raw: unknown,
  key: string,
): { readonly group: ConditionGroup; readonly fields: FieldErrors } {
  const problems = new Problems();
  const group = checkGroup(problems, key, raw, { left: LOGIC_CONDITIONS_MAX });
  return { group, fields: problems.fields };
}
