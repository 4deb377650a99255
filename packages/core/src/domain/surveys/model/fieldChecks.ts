import type { FieldErrors } from '../../auth';
import type {
  ChoiceOption,
  DateSettings,
  LikertStatement,
  NpsSettings,
  NumberSettings,
  QuestionType,
} from '../../contract';
import { OPEN_TEXT_HARD_MAX_LENGTH } from './answerValidation';
import { isDay } from './dateAnswers';
import { decimalsOf, NUMBER_DECIMALS_MAX, NUMBER_LIMIT, NUMBER_UNIT_MAX_LENGTH } from './numberAnswers';
import {
  type ContentGap,
  DROPDOWN_OPTIONS_MAX,
  type GapCode,
  ID_PATTERN,
  OPTION_LABEL_MAX_LENGTH,
  OPTIONS_MAX,
  RANKING_OPTIONS_MAX,
  SCALE_LABEL_MAX_LENGTH,
  STATEMENT_MAX_LENGTH,
  STATEMENTS_MAX,
  SURVEY_MESSAGES,
} from './surveyLimits';

const M = SURVEY_MESSAGES;

/** The checks `surveyValidation.ts` builds on: field errors, texts, and the settings of each question type. */

/**
 * Field errors of two kinds; the first message per key wins, since the editor shows one per field.
 * An error (`add`) makes the input unusable: a wrong type, a text too long, a broken id. A gap
 * (`gap`) is something still to fill in: a draft may be stored with it, but a survey with gaps
 * cannot open (docs/decisions/surveys.md, 'Drafts are always saved').
 */
export class Errors {
  readonly map = new Map<string, string>();
  readonly gapMap = new Map<string, { readonly code: GapCode; readonly message: string }>();
  add(key: string, message: string): void {
    if (!this.map.has(key)) this.map.set(key, message);
  }
  gap(key: string, code: GapCode, message: string): void {
    if (!this.gapMap.has(key)) this.gapMap.set(key, { code, message });
  }
  /** No errors (gaps aside). */
  get empty(): boolean {
    return this.map.size === 0;
  }
  /** The errors only. */
  fields(): FieldErrors {
    return Object.fromEntries(this.map);
  }
  /** Errors and gaps, as one list of messages (an error wins where a field has both). */
  allFields(): FieldErrors {
    const all: Record<string, string> = Object.fromEntries(this.map);
    for (const [key, { message }] of this.gapMap) all[key] ??= message;
    return all;
  }
  gaps(): ContentGap[] {
    return [...this.gapMap].map(([key, { code, message }]) => ({ key, code, message }));
  }
  /** Takes over another check's errors and gaps with `prefix` before their keys. */
  absorb(prefix: string, other: Errors): void {
    for (const [key, message] of other.map) this.add(`${prefix}${key}`, message);
    for (const [key, { code, message }] of other.gapMap) this.gap(`${prefix}${key}`, code, message);
  }
}

export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const cleanText = (text: string): string => text.replaceAll('\u0000', '').trim();

/**
 * A text to fill in: trimmed, not too long. Empty (or absent) is the gap `code`; anything but a
 * string is an error. Returns the text ('' when empty or unreadable).
 */
export function requiredText(
  errors: Errors,
  key: string,
  value: unknown,
  max: number,
  missing: string,
  tooLong: string,
  code: GapCode,
): string {
  if (value !== undefined && value !== null && typeof value !== 'string') {
    errors.add(key, M.textUnreadable);
    return '';
  }
  const text = typeof value === 'string' ? cleanText(value) : '';
  if (text === '') errors.gap(key, code, missing);
  else if (text.length > max) errors.add(key, tooLong);
  return text;
}

/** An optional text: absent or null is ''. */
export function optionalText(
  errors: Errors,
  key: string,
  value: unknown,
  max: number,
  tooLong: string,
): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    errors.add(key, M.textUnreadable);
    return '';
  }
  const text = cleanText(value);
  if (text.length > max) errors.add(key, tooLong);
  return text;
}

const sameText = (text: string) => text.toLocaleLowerCase('nl').replace(/\s+/g, ' ');

/** Options or statements: a list of `{id, text}` with unique ids; texts to fill in, each different. */
function checkItems(
  errors: Errors,
  key: string,
  value: unknown,
  textField: 'label' | 'text',
  limits: { readonly max: number; readonly textMax: number },
  messages: {
    readonly tooMany: string;
    readonly missing: string;
    readonly tooLong: string;
    readonly duplicate: string;
  },
  codes: { readonly missing: GapCode; readonly duplicate: GapCode },
): { id: string; text: string }[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.add(key, M.listUnreadable);
    return [];
  }
  if (value.length > limits.max) {
    errors.add(key, messages.tooMany);
    return [];
  }
  const ids = new Set<string>();
  const texts = new Set<string>();
  return (value as readonly unknown[]).map((item, index) => {
    const itemKey = `${key}.${index}`;
    const raw = isRecord(item) ? item : {};
    const id = typeof raw.id === 'string' ? raw.id : '';
    if (!ID_PATTERN.test(id)) errors.add(itemKey, M.itemIdInvalid);
    else if (ids.has(id)) errors.add(itemKey, M.itemIdDuplicate);
    ids.add(id);
    const text = requiredText(
      errors,
      itemKey,
      raw[textField],
      limits.textMax,
      messages.missing,
      messages.tooLong,
      codes.missing,
    );
    if (text !== '' && texts.has(sameText(text))) errors.gap(itemKey, codes.duplicate, messages.duplicate);
    texts.add(sameText(text));
    return { id, text };
  });
}

function checkLikert(errors: Errors, s: Readonly<Record<string, unknown>>) {
  const points = s.points === 5 || s.points === 7 ? s.points : null;
  if (points === null) errors.add('settings.points', M.pointsInvalid);
  const rawLabels = Array.isArray(s.labels) ? (s.labels as readonly unknown[]) : [];
  if (points !== null && rawLabels.length !== points) errors.add('settings.labels', M.labelsCount(points));
  const labels = rawLabels.map((label, index) =>
    requiredText(
      errors,
      `settings.labels.${index}`,
      label,
      SCALE_LABEL_MAX_LENGTH,
      M.labelMissing,
      M.labelTooLong,
      'label_missing',
    ),
  );
  if (typeof s.neutral_middle !== 'boolean') errors.add('settings.neutral_middle', M.neutralMiddleInvalid);
  const statements: LikertStatement[] = checkItems(
    errors,
    'settings.statements',
    s.statements,
    'text',
    { max: STATEMENTS_MAX, textMax: STATEMENT_MAX_LENGTH },
    {
      tooMany: M.tooManyStatements,
      missing: M.statementMissing,
      tooLong: M.statementTooLong,
      duplicate: M.statementDuplicate,
    },
    { missing: 'statement_missing', duplicate: 'statement_duplicate' },
  );
  if (statements.length === 0) errors.gap('settings.statements', 'statements_missing', M.statementsMissing);
  return { points: points ?? 5, labels, neutral_middle: s.neutral_middle === true, statements };
}

/** The most choices a multiple choice can offer: every option and 'anders, namelijk'. */
const CHOICES_MAX = OPTIONS_MAX + 1;

/** A choice limit: absent, or a whole number a multiple choice could ever have (else an error). */
function choiceLimit(errors: Errors, key: string, value: unknown, message: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= CHOICES_MAX)
    return value;
  errors.add(key, message);
  return undefined;
}

function checkChoice(errors: Errors, s: Readonly<Record<string, unknown>>, multiple: boolean) {
  const options: ChoiceOption[] = checkItems(
    errors,
    'settings.options',
    s.options,
    'label',
    { max: OPTIONS_MAX, textMax: OPTION_LABEL_MAX_LENGTH },
    {
      tooMany: M.tooManyOptions,
      missing: M.optionMissing,
      tooLong: M.optionTooLong,
      duplicate: M.optionDuplicate,
    },
    { missing: 'option_missing', duplicate: 'option_duplicate' },
  ).map(({ id, text }) => ({ id, label: text }));
  if (typeof s.allow_other !== 'boolean') errors.add('settings.allow_other', M.allowOtherInvalid);
  const allowOther = s.allow_other === true;
  const choices = options.length + (allowOther ? 1 : 0);
  if (options.length === 0 || choices < 2) errors.gap('settings.options', 'options_too_few', M.optionsTooFew);
  if (!multiple) return { options, allow_other: allowOther };

  // 'anders, namelijk' is one more choice, so it counts towards the limits. A limit beyond the
  // choices there are now is a gap: the options may still be being typed.
  const limit = Math.max(choices, 1);
  const min = choiceLimit(errors, 'settings.min_choices', s.min_choices, M.minChoicesInvalid(limit));
  if (min !== undefined && min > limit)
    errors.gap('settings.min_choices', 'min_choices_invalid', M.minChoicesInvalid(limit));
  const lowest = Math.min(min ?? 1, limit);
  const max = choiceLimit(errors, 'settings.max_choices', s.max_choices, M.maxChoicesInvalid(lowest, limit));
  if (max !== undefined && (max < (min ?? 1) || max > limit))
    errors.gap('settings.max_choices', 'max_choices_invalid', M.maxChoicesInvalid(lowest, limit));
  return {
    options,
    allow_other: allowOther,
    ...(min === undefined ? {} : { min_choices: min }),
    ...(max === undefined ? {} : { max_choices: max }),
  };
}

function checkOpen(errors: Errors, s: Readonly<Record<string, unknown>>) {
  const value = s.max_length;
  const valid =
    typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= OPEN_TEXT_HARD_MAX_LENGTH;
  if (!valid) errors.add('settings.max_length', M.maxLengthInvalid);
  return { max_length: valid ? value : OPEN_TEXT_HARD_MAX_LENGTH };
}

function checkNps(errors: Errors, s: Readonly<Record<string, unknown>>): NpsSettings {
  const low = optionalText(
    errors,
    'settings.low_label',
    s.low_label,
    SCALE_LABEL_MAX_LENGTH,
    M.npsLabelTooLong,
  );
  const high = optionalText(
    errors,
    'settings.high_label',
    s.high_label,
    SCALE_LABEL_MAX_LENGTH,
    M.npsLabelTooLong,
  );
  return { ...(low === '' ? {} : { low_label: low }), ...(high === '' ? {} : { high_label: high }) };
}

function checkRating(errors: Errors, s: Readonly<Record<string, unknown>>) {
  if (s.scale !== 5) errors.add('settings.scale', M.ratingScaleInvalid);
  const style = s.style === 'stars' || s.style === 'numbers' ? s.style : null;
  if (style === null) errors.add('settings.style', M.ratingStyleInvalid);
  return { scale: 5 as const, style: style ?? 'stars' };
}

const isUsable = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isFinite(value) &&
  Math.abs(value) <= NUMBER_LIMIT &&
  decimalsOf(value) <= NUMBER_DECIMALS_MAX;

/** The settings of a number question, checked for the editor and the server. */
function checkNumber(errors: Errors, s: Readonly<Record<string, unknown>>): NumberSettings {
  const absent = (value: unknown) => value === undefined || value === null;
  const min = absent(s.min) ? undefined : isUsable(s.min) ? s.min : null;
  const max = absent(s.max) ? undefined : isUsable(s.max) ? s.max : null;
  if (min === null) errors.add('settings.min', M.numberMinInvalid);
  if (max === null) errors.add('settings.max', M.numberMaxInvalid);
  if (typeof min === 'number' && typeof max === 'number' && max <= min)
    errors.add('settings.max', M.numberRangeInvalid);
  const step = isUsable(s.step) && s.step > 0 ? s.step : null;
  if (step === null) errors.add('settings.step', M.numberStepInvalid);
  const unit = optionalText(errors, 'settings.unit', s.unit, NUMBER_UNIT_MAX_LENGTH, M.numberUnitTooLong);
  return {
    ...(typeof min === 'number' ? { min } : {}),
    ...(typeof max === 'number' ? { max } : {}),
    step: step ?? 1,
    ...(unit === '' ? {} : { unit }),
  };
}

function checkDate(errors: Errors, s: Readonly<Record<string, unknown>>): DateSettings {
  const absent = (value: unknown) => value === undefined || value === null || value === '';
  const min = absent(s.min) ? undefined : isDay(s.min) ? s.min : null;
  const max = absent(s.max) ? undefined : isDay(s.max) ? s.max : null;
  if (min === null) errors.add('settings.min', M.dateMinInvalid);
  if (max === null) errors.add('settings.max', M.dateMaxInvalid);
  if (typeof min === 'string' && typeof max === 'string' && max < min)
    errors.add('settings.max', M.dateRangeInvalid);
  return { ...(typeof min === 'string' ? { min } : {}), ...(typeof max === 'string' ? { max } : {}) };
}

function checkDropdown(
  errors: Errors,
  s: Readonly<Record<string, unknown>>,
  max = DROPDOWN_OPTIONS_MAX,
  tooMany: string = M.tooManyDropdownOptions,
) {
  const options: ChoiceOption[] = checkItems(
    errors,
    'settings.options',
    s.options,
    'label',
    { max, textMax: OPTION_LABEL_MAX_LENGTH },
    {
      tooMany,
      missing: M.optionMissing,
      tooLong: M.optionTooLong,
      duplicate: M.optionDuplicate,
    },
    { missing: 'option_missing', duplicate: 'option_duplicate' },
  ).map(({ id, text }) => ({ id, label: text }));
  if (options.length < 2) errors.gap('settings.options', 'options_too_few', M.optionsTooFew);
  return { options };
}

export function checkSettings(
  errors: Errors,
  type: QuestionType,
  settings: Readonly<Record<string, unknown>>,
) {
  switch (type) {
    case 'likert':
      return checkLikert(errors, settings);
    case 'single_choice':
      return checkChoice(errors, settings, false);
    case 'multiple_choice':
      return checkChoice(errors, settings, true);
    case 'open_short':
    case 'open_long':
      return checkOpen(errors, settings);
    case 'nps':
      return checkNps(errors, settings);
    case 'rating':
      return checkRating(errors, settings);
    case 'text_block':
      return {};
    case 'number':
      return checkNumber(errors, settings);
    case 'dropdown':
      return checkDropdown(errors, settings);
    case 'date':
      return checkDate(errors, settings);
    case 'ranking':
      return checkDropdown(errors, settings, RANKING_OPTIONS_MAX, M.tooManyRankingOptions);
  }
}
