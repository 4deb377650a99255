import type { FieldErrors } from '../auth/credentials';
import type {
  ChoiceOption,
  LikertStatement,
  NpsSettings,
  Question,
  QuestionType,
  SurveyInput,
} from '../contract/surveys';
import { OPEN_TEXT_HARD_MAX_LENGTH } from './answerValidation';
import { renumberQuestions } from './questionEdits';

/**
 * Editor rules for surveys and questions, shared by the editor (messages beside the fields) and
 * the server (400 with the same `fields`). Input is untrusted JSON: every check takes `unknown`,
 * returns the normalised value (texts trimmed, unknown fields dropped) or the field errors, and
 * never throws. Field keys: `title`, `settings.labels`, `settings.options.2`, and for a survey
 * `questions.0.title`. The HTML fields are only length-checked here; the server sanitises them
 * with `SURVEY_HTML_POLICY` before storing.
 */

export const SURVEY_TITLE_MAX_LENGTH = 200;
/** Description and introduction, as HTML. */
export const SURVEY_HTML_MAX_LENGTH = 20_000;
export const THANK_YOU_TEXT_MAX_LENGTH = 1000;
export const QUESTIONS_MAX = 100;
export const QUESTION_TITLE_MAX_LENGTH = 300;
export const QUESTION_DESCRIPTION_MAX_LENGTH = 1000;
export const OPTIONS_MAX = 50;
export const OPTION_LABEL_MAX_LENGTH = 200;
export const STATEMENTS_MAX = 30;
export const STATEMENT_MAX_LENGTH = 300;
export const SCALE_LABEL_MAX_LENGTH = 60;

export const QUESTION_TYPES: readonly QuestionType[] = [
  'likert',
  'single_choice',
  'multiple_choice',
  'open_short',
  'open_long',
  'nps',
  'rating',
];

/**
 * Ids of questions, options and statements: uuid-like, 1–64 characters of letters, digits, '-' and
 * '_', starting with a letter or digit (so never '__proto__' when an id becomes an object key).
 */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const NUMBER = new Intl.NumberFormat('nl-NL');
const n = (value: number) => NUMBER.format(value);

/** The Dutch texts of the editor's field errors. */
export const SURVEY_MESSAGES = {
  surveyTitleMissing: 'Geef de survey een titel.',
  surveyTitleTooLong: `De titel mag hoogstens ${n(SURVEY_TITLE_MAX_LENGTH)} tekens lang zijn.`,
  descriptionTooLong: `De beschrijving mag hoogstens ${n(SURVEY_HTML_MAX_LENGTH)} tekens lang zijn.`,
  introductionTooLong: `De introductie mag hoogstens ${n(SURVEY_HTML_MAX_LENGTH)} tekens lang zijn.`,
  thankYouTooLong: `De bedanktekst mag hoogstens ${n(THANK_YOU_TEXT_MAX_LENGTH)} tekens lang zijn.`,
  closeAtInvalid: 'Vul een geldige sluitdatum in.',
  questionsUnreadable: 'De vragen konden niet worden gelezen.',
  tooManyQuestions: `Een survey kan hoogstens ${n(QUESTIONS_MAX)} vragen hebben.`,
  questionUnreadable: 'Deze vraag kon niet worden gelezen.',
  textUnreadable: 'Deze tekst kon niet worden gelezen.',
  questionIdInvalid: 'Deze vraag heeft geen geldig id.',
  questionIdDuplicate: 'Elke vraag moet een eigen id hebben.',
  typeInvalid: 'Kies een soort vraag.',
  questionTitleMissing: 'Vul de vraag in.',
  questionTitleTooLong: `De vraag mag hoogstens ${n(QUESTION_TITLE_MAX_LENGTH)} tekens lang zijn.`,
  questionDescriptionTooLong: `De toelichting mag hoogstens ${n(QUESTION_DESCRIPTION_MAX_LENGTH)} tekens lang zijn.`,
  requiredInvalid: 'Geef aan of de vraag verplicht is.',
  positionInvalid: 'De plaats van de vraag is ongeldig.',
  settingsMissing: 'De instellingen van deze vraag ontbreken.',
  pointsInvalid: 'Kies een schaal van 5 of 7 punten.',
  labelsCount: (points: number) => `Geef elk punt van de schaal een label (${points} labels).`,
  labelMissing: 'Vul het label van dit punt in.',
  labelTooLong: `Een label mag hoogstens ${n(SCALE_LABEL_MAX_LENGTH)} tekens lang zijn.`,
  neutralMiddleInvalid: 'Geef aan of het middelste punt neutraal is.',
  statementsMissing: 'Voeg minstens één stelling toe.',
  tooManyStatements: `Een vraag kan hoogstens ${n(STATEMENTS_MAX)} stellingen hebben.`,
  statementMissing: 'Vul de stelling in.',
  statementTooLong: `Een stelling mag hoogstens ${n(STATEMENT_MAX_LENGTH)} tekens lang zijn.`,
  statementDuplicate: 'Deze stelling staat er al.',
  itemIdInvalid: 'Dit onderdeel heeft geen geldig id.',
  itemIdDuplicate: 'Elk onderdeel moet een eigen id hebben.',
  optionsTooFew: 'Geef minstens twee antwoorden om uit te kiezen (‘anders, namelijk’ telt mee).',
  tooManyOptions: `Een vraag kan hoogstens ${n(OPTIONS_MAX)} antwoordopties hebben.`,
  optionMissing: 'Vul de antwoordoptie in.',
  optionTooLong: `Een antwoordoptie mag hoogstens ${n(OPTION_LABEL_MAX_LENGTH)} tekens lang zijn.`,
  optionDuplicate: 'Deze antwoordoptie staat er al.',
  allowOtherInvalid: 'Geef aan of ‘anders, namelijk’ mag.',
  minChoicesInvalid: (max: number) =>
    `Het minimum aantal keuzes moet een heel getal van 1 tot en met ${max} zijn.`,
  maxChoicesInvalid: (min: number, max: number) =>
    `Het maximum aantal keuzes moet een heel getal van ${min} tot en met ${max} zijn.`,
  maxLengthInvalid: `De maximale lengte moet een heel getal van 1 tot en met ${n(OPEN_TEXT_HARD_MAX_LENGTH)} zijn.`,
  npsLabelTooLong: `Een label mag hoogstens ${n(SCALE_LABEL_MAX_LENGTH)} tekens lang zijn.`,
  ratingScaleInvalid: 'Een beoordeling heeft 5 punten.',
  ratingStyleInvalid: 'Kies sterren of cijfers.',
} as const;

const M = SURVEY_MESSAGES;

/** A checked input: the normalised value, or the Dutch message per field. */
export type CheckedInput<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly fields: FieldErrors };

/** Field errors; the first message per key wins, since the editor shows one per field. */
class Errors {
  readonly map = new Map<string, string>();
  add(key: string, message: string): void {
    if (!this.map.has(key)) this.map.set(key, message);
  }
  get empty(): boolean {
    return this.map.size === 0;
  }
  fields(): FieldErrors {
    return Object.fromEntries(this.map);
  }
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const cleanText = (text: string): string => text.replaceAll('\u0000', '').trim();

/** A required text: trimmed, non-empty, not too long. Returns the text, or '' after adding the error. */
function requiredText(
  errors: Errors,
  key: string,
  value: unknown,
  max: number,
  missing: string,
  tooLong: string,
): string {
  const text = typeof value === 'string' ? cleanText(value) : '';
  if (text === '') errors.add(key, missing);
  else if (text.length > max) errors.add(key, tooLong);
  return text;
}

/** An optional text: absent or null is ''. */
function optionalText(errors: Errors, key: string, value: unknown, max: number, tooLong: string): string {
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

/** Options or statements: a list of `{id, text}` with unique ids and unique texts. */
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
): { id: string; text: string }[] {
  if (!Array.isArray(value)) return [];
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
    );
    if (text !== '' && texts.has(sameText(text))) errors.add(itemKey, messages.duplicate);
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
  );
  if (statements.length === 0) errors.add('settings.statements', M.statementsMissing);
  return { points: points ?? 5, labels, neutral_middle: s.neutral_middle === true, statements };
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
  ).map(({ id, text }) => ({ id, label: text }));
  if (typeof s.allow_other !== 'boolean') errors.add('settings.allow_other', M.allowOtherInvalid);
  const allowOther = s.allow_other === true;
  const choices = options.length + (allowOther ? 1 : 0);
  if (options.length === 0 || choices < 2) errors.add('settings.options', M.optionsTooFew);
  if (!multiple) return { options, allow_other: allowOther };

  // 'anders, namelijk' is one more choice, so it counts towards the limits.
  const limit = Math.max(choices, 1);
  let min: number | undefined;
  let max: number | undefined;
  if (s.min_choices !== undefined && s.min_choices !== null) {
    const value = s.min_choices;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= limit) min = value;
    else errors.add('settings.min_choices', M.minChoicesInvalid(limit));
  }
  if (s.max_choices !== undefined && s.max_choices !== null) {
    const value = s.max_choices;
    const lowest = min ?? 1;
    if (typeof value === 'number' && Number.isInteger(value) && value >= lowest && value <= limit)
      max = value;
    else errors.add('settings.max_choices', M.maxChoicesInvalid(lowest, limit));
  }
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

function checkSettings(errors: Errors, type: QuestionType, settings: Readonly<Record<string, unknown>>) {
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
  }
}

/** Checks one question from the editor: id, type, title, settings of its type. */
export function validateQuestion(input: unknown): CheckedInput<Question> {
  const errors = new Errors();
  if (!isRecord(input)) return { ok: false, fields: { question: M.questionUnreadable } };
  const id = typeof input.id === 'string' ? input.id : '';
  if (!ID_PATTERN.test(id)) errors.add('id', M.questionIdInvalid);
  const type = QUESTION_TYPES.find((known) => known === input.type);
  if (!type) errors.add('type', M.typeInvalid);
  const title = requiredText(
    errors,
    'title',
    input.title,
    QUESTION_TITLE_MAX_LENGTH,
    M.questionTitleMissing,
    M.questionTitleTooLong,
  );
  const description = optionalText(
    errors,
    'description',
    input.description,
    QUESTION_DESCRIPTION_MAX_LENGTH,
    M.questionDescriptionTooLong,
  );
  if (typeof input.required !== 'boolean') errors.add('required', M.requiredInvalid);
  const position = input.position;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0)
    errors.add('position', M.positionInvalid);
  let settings: unknown;
  if (!isRecord(input.settings)) errors.add('settings', M.settingsMissing);
  else if (type) settings = checkSettings(errors, type, input.settings);
  if (!errors.empty) return { ok: false, fields: errors.fields() };
  const question = {
    id,
    type,
    title,
    ...(description === '' ? {} : { description }),
    required: input.required,
    position,
    settings,
  } as Question;
  return { ok: true, value: question };
}

function checkCloseAt(errors: Errors, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    errors.add('close_at', M.closeAtInvalid);
    return null;
  }
  return new Date(time).toISOString();
}

/**
 * Checks a survey as the editor saves it. Question errors come under `questions.<index>.<field>`.
 * The questions come back sorted by `position` (ties in list order) and renumbered 0, 1, 2, …;
 * `close_at` comes back as an ISO 8601 UTC timestamp. Whether the close date lies in the future is
 * decided when the survey opens (`decideStatusChange`), not here.
 */
export function validateSurveyDraft(input: unknown): CheckedInput<SurveyInput> {
  const errors = new Errors();
  const raw = isRecord(input) ? input : {};
  const title = requiredText(
    errors,
    'title',
    raw.title,
    SURVEY_TITLE_MAX_LENGTH,
    M.surveyTitleMissing,
    M.surveyTitleTooLong,
  );
  const html = (key: 'description_html' | 'introduction_html', tooLong: string) =>
    optionalText(errors, key, raw[key], SURVEY_HTML_MAX_LENGTH, tooLong);
  const descriptionHtml = html('description_html', M.descriptionTooLong);
  const introductionHtml = html('introduction_html', M.introductionTooLong);
  const thankYou = optionalText(
    errors,
    'thank_you_text',
    raw.thank_you_text,
    THANK_YOU_TEXT_MAX_LENGTH,
    M.thankYouTooLong,
  );
  const closeAt = checkCloseAt(errors, raw.close_at);

  const questions: Question[] = [];
  const rawQuestions = raw.questions ?? [];
  if (!Array.isArray(rawQuestions)) errors.add('questions', M.questionsUnreadable);
  else if (rawQuestions.length > QUESTIONS_MAX) errors.add('questions', M.tooManyQuestions);
  else {
    const ids = new Set<string>();
    (rawQuestions as readonly unknown[]).forEach((rawQuestion, index) => {
      const check = validateQuestion(rawQuestion);
      if (!check.ok) {
        for (const [key, message] of Object.entries(check.fields))
          errors.add(`questions.${index}.${key}`, message);
        return;
      }
      if (ids.has(check.value.id)) errors.add(`questions.${index}.id`, M.questionIdDuplicate);
      ids.add(check.value.id);
      questions.push(check.value);
    });
  }
  if (!errors.empty) return { ok: false, fields: errors.fields() };
  return {
    ok: true,
    value: {
      title,
      description_html: descriptionHtml,
      introduction_html: introductionHtml,
      thank_you_text: thankYou,
      close_at: closeAt,
      questions: renumberQuestions(questions),
    },
  };
}
