import type { FieldErrors } from '../../auth';
import type { Question, QuestionType } from '../../contract';
import { OPEN_TEXT_HARD_MAX_LENGTH } from './answerValidation';

/** The limits and Dutch messages of the survey editor's rules (`surveyValidation.ts`). */

export const SURVEY_TITLE_MAX_LENGTH = 200;
/** Description and introduction, as HTML. */
export const SURVEY_HTML_MAX_LENGTH = 20_000;
export const THANK_YOU_TEXT_MAX_LENGTH = 1000;
export const QUESTIONS_MAX = 100;
export const QUESTION_TITLE_MAX_LENGTH = 300;
export const QUESTION_DESCRIPTION_MAX_LENGTH = 1000;
export const OPTIONS_MAX = 50;
/** A dropdown's list may be long: 80 departments, every municipality of a province (R-SURV-24). */
export const DROPDOWN_OPTIONS_MAX = 500;
/** More than 20 things are not put in order with care. */
export const RANKING_OPTIONS_MAX = 20;
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
  'text_block',
  'number',
  'dropdown',
  'date',
  'ranking',
];

/** A question that takes an answer: all but a text block (R-SURV-23). */
export type AnswerableQuestion = Exclude<Question, { readonly type: 'text_block' }>;

/** Whether a question takes an answer (and so has results, export columns and conditions). */
export const isAnswerable = (question: Question): question is AnswerableQuestion =>
  question.type !== 'text_block';

/** The names of the question types, as the editor offers them. */
export const QUESTION_TYPE_LABELS: Readonly<Record<QuestionType, string>> = {
  likert: 'Likert',
  single_choice: 'Enkele keuze',
  multiple_choice: 'Meerkeuze',
  open_short: 'Open vraag (kort)',
  open_long: 'Open vraag (lang)',
  nps: 'NPS',
  rating: 'Beoordeling',
  text_block: 'Tekstblok',
  number: 'Getal',
  dropdown: 'Keuzelijst',
  date: 'Datum',
  ranking: 'Rangorde',
};

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
  listUnreadable: 'Deze lijst kon niet worden gelezen.',
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
  optionsTooFew: "Geef minstens twee antwoorden om uit te kiezen ('anders, namelijk' telt mee).",
  tooManyOptions: `Een vraag kan hoogstens ${n(OPTIONS_MAX)} antwoordopties hebben.`,
  optionMissing: 'Vul de antwoordoptie in.',
  optionTooLong: `Een antwoordoptie mag hoogstens ${n(OPTION_LABEL_MAX_LENGTH)} tekens lang zijn.`,
  optionDuplicate: 'Deze antwoordoptie staat er al.',
  allowOtherInvalid: "Geef aan of 'anders, namelijk' mag.",
  minChoicesInvalid: (max: number) =>
    `Het minimum aantal keuzes moet een heel getal van 1 tot en met ${max} zijn.`,
  maxChoicesInvalid: (min: number, max: number) =>
    `Het maximum aantal keuzes moet een heel getal van ${min} tot en met ${max} zijn.`,
  maxLengthInvalid: `De maximale lengte moet een heel getal van 1 tot en met ${n(OPEN_TEXT_HARD_MAX_LENGTH)} zijn.`,
  npsLabelTooLong: `Een label mag hoogstens ${n(SCALE_LABEL_MAX_LENGTH)} tekens lang zijn.`,
  ratingScaleInvalid: 'Een beoordeling heeft 5 punten.',
  ratingStyleInvalid: 'Kies sterren of cijfers.',
  numberMinInvalid: 'Vul als minimum een getal tussen -1.000.000.000 en 1.000.000.000 in, of laat het leeg.',
  numberMaxInvalid: 'Vul als maximum een getal tussen -1.000.000.000 en 1.000.000.000 in, of laat het leeg.',
  numberRangeInvalid: 'Het maximum moet groter zijn dan het minimum.',
  numberStepInvalid: 'Vul als stap een getal groter dan 0 in, met hoogstens 6 decimalen.',
  tooManyDropdownOptions: `Een keuzelijst kan hoogstens ${n(DROPDOWN_OPTIONS_MAX)} opties hebben.`,
  dateMinInvalid: 'Vul als eerste dag een geldige datum in, of laat het leeg.',
  dateMaxInvalid: 'Vul als laatste dag een geldige datum in, of laat het leeg.',
  dateRangeInvalid: 'De laatste dag mag niet voor de eerste dag liggen.',
  tooManyRankingOptions: `Een rangorde kan hoogstens ${n(RANKING_OPTIONS_MAX)} opties hebben.`,
  numberUnitTooLong: 'De eenheid mag hoogstens 20 tekens lang zijn.',
} as const;

/**
 * What a draft may still lack (docs/decisions/surveys.md, 'Drafts are always saved'): it is stored with
 * these, but cannot open for answers until they are filled in.
 */
export type GapCode =
  | 'survey_title_missing'
  | 'question_title_missing'
  | 'label_missing'
  | 'statements_missing'
  | 'statement_missing'
  | 'statement_duplicate'
  | 'options_too_few'
  | 'option_missing'
  | 'option_duplicate'
  | 'min_choices_invalid'
  | 'max_choices_invalid';

/** One gap: the field (`title`, `questions.2.settings.options.1`), what is missing, the field's message. */
export interface ContentGap {
  readonly key: string;
  readonly code: GapCode;
  readonly message: string;
}

/** A checked input: the normalised value, or the Dutch message per field. */
export type CheckedInput<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly fields: FieldErrors };
