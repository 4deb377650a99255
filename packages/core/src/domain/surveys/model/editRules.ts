import type { ChoiceOption, Question, QuestionOf } from '../../contract';

/**
 * What may still change once a survey is open (or closed) and has answers: whatever keeps every
 * stored answer valid and comparable with the answers still to come.
 *
 * Allowed: fixing texts (survey, question titles and descriptions, labels, options, statements),
 * reordering questions and statements, adding options at the bottom, adding statements, switching
 * 'anders, namelijk' on, loosening limits (fewer minimum choices, more maximum choices, a longer
 * maximum text length), making a question optional, switching open text between short and long,
 * the rating style, the NPS labels, the Likert neutral middle (it changes only how results are
 * drawn), and adding new optional questions (duplicates included).
 *
 * Refused, when answers exist: removing a question, an option or a statement that has answers,
 * changing a question's type, changing a Likert scale's number of points, reordering existing
 * options or inserting new ones between them (order affects what people choose, so earlier and
 * later answers would no longer compare), switching 'anders, namelijk' off when it was used,
 * tightening limits, making an existing question required or adding a required question (earlier
 * respondents could not answer it).
 *
 * Texts are not compared: a typo fix and a rewrite look the same, so the editor warns instead.
 */

/** What the stored answers of one question use. */
export interface QuestionUsage {
  readonly optionIds: ReadonlySet<string>;
  readonly statementIds: ReadonlySet<string>;
  /** Whether any answer used 'anders, namelijk'. */
  readonly other: boolean;
}

/**
 * What the survey's answers use. `usage` maps question id → usage; a question missing from it has
 * no answers. Without `usage` every existing question, option and statement counts as answered
 * (the editor, which does not load usage, errs on the safe side; the server passes the real usage).
 */
export interface AnswerFacts {
  readonly responseCount: number;
  readonly usage?: ReadonlyMap<string, QuestionUsage>;
}

export type EditRefusalCode =
  | 'question_removed'
  | 'type_changed'
  | 'likert_points_changed'
  | 'statement_removed'
  | 'option_removed'
  | 'options_reordered'
  | 'option_inserted'
  | 'other_removed'
  | 'min_choices_raised'
  | 'max_choices_lowered'
  | 'max_length_lowered'
  | 'made_required'
  | 'required_question_added';

/** One refused edit, with a Dutch explanation for the editor; `item_id` names an option or statement. */
export interface EditRefusal {
  readonly code: EditRefusalCode;
  readonly question_id: string;
  readonly item_id?: string;
  readonly message: string;
}

/** Shown above the editor of a survey that has answers, so people know the rules before trying. */
export const OPEN_SURVEY_EDIT_NOTICE =
  'Deze survey heeft al antwoorden. Je kunt teksten verbeteren, antwoordopties onderaan toevoegen en nieuwe, niet-verplichte vragen toevoegen. Vragen, antwoordopties en stellingen met antwoorden verwijderen, het soort vraag of de schaal wijzigen en vragen verplicht maken kan niet meer: dan passen de antwoorden die er al zijn niet meer.';

const quote = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `'${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat}'`;
};

/** The Dutch explanations of refused edits. */
export const EDIT_MESSAGES = {
  questionRemoved: (title: string) =>
    `De vraag ${quote(title)} heeft al antwoorden en kan niet meer worden verwijderd.`,
  typeChanged: (title: string) =>
    `Het soort vraag van ${quote(title)} kan niet meer veranderen: er zijn al antwoorden op gegeven. Voeg liever een nieuwe vraag toe.`,
  likertPointsChanged: (title: string, before: number, after: number) =>
    `De schaal van ${quote(title)} kan niet meer van ${before} naar ${after} punten: de antwoorden die er al zijn, horen bij de oude schaal.`,
  statementRemoved: (text: string) =>
    `De stelling ${quote(text)} heeft al antwoorden en kan niet meer worden verwijderd.`,
  optionRemoved: (label: string) =>
    `De antwoordoptie ${quote(label)} is al gekozen en kan niet meer worden verwijderd.`,
  optionsReordered: (title: string) =>
    `De volgorde van de antwoordopties van ${quote(title)} kan niet meer veranderen: dan zijn eerdere en nieuwe antwoorden niet meer te vergelijken.`,
  optionInserted: (title: string) =>
    `Nieuwe antwoordopties bij ${quote(title)} kunnen alleen onderaan worden toegevoegd.`,
  otherRemoved: (title: string) =>
    `'Anders, namelijk' bij ${quote(title)} kan niet meer uit: er zijn al eigen antwoorden gegeven.`,
  minChoicesRaised: (title: string) =>
    `Het minimum aantal keuzes bij ${quote(title)} kan niet meer omhoog: eerdere antwoorden voldoen daar dan niet aan.`,
  maxChoicesLowered: (title: string) =>
    `Het maximum aantal keuzes bij ${quote(title)} kan niet meer omlaag: eerdere antwoorden voldoen daar dan niet aan.`,
  maxLengthLowered: (title: string) =>
    `De maximale lengte bij ${quote(title)} kan niet meer omlaag: eerdere antwoorden kunnen langer zijn.`,
  madeRequired: (title: string) =>
    `De vraag ${quote(title)} kan niet meer verplicht worden: eerdere deelnemers konden hem overslaan.`,
  requiredQuestionAdded: (title: string) =>
    `De nieuwe vraag ${quote(title)} moet niet-verplicht zijn: eerdere deelnemers konden hem niet beantwoorden.`,
} as const;

/** Answers to a question, per the facts (everything, when usage is unknown). */
const answered = (facts: AnswerFacts, questionId: string): boolean =>
  facts.responseCount > 0 && (facts.usage ? facts.usage.has(questionId) : true);

const usageOf = (facts: AnswerFacts, questionId: string): QuestionUsage | 'all' | null => {
  if (!answered(facts, questionId)) return null;
  return facts.usage ? (facts.usage.get(questionId) ?? null) : 'all';
};

const isOpenText = (question: Question) => question.type === 'open_short' || question.type === 'open_long';

/** Same type, or open text short ↔ long (both answers are `{text}`). */
const sameAnswerShape = (before: Question, after: Question) =>
  before.type === after.type || (isOpenText(before) && isOpenText(after));

function compareLikert(
  before: QuestionOf<'likert'>,
  after: QuestionOf<'likert'>,
  usage: QuestionUsage | 'all',
  out: EditRefusal[],
): void {
  const id = before.id;
  if (before.settings.points !== after.settings.points)
    out.push({
      code: 'likert_points_changed',
      question_id: id,
      message: EDIT_MESSAGES.likertPointsChanged(before.title, before.settings.points, after.settings.points),
    });
  const kept = new Set(after.settings.statements.map((statement) => statement.id));
  for (const statement of before.settings.statements) {
    if (kept.has(statement.id)) continue;
    if (usage === 'all' || usage.statementIds.has(statement.id))
      out.push({
        code: 'statement_removed',
        question_id: id,
        item_id: statement.id,
        message: EDIT_MESSAGES.statementRemoved(statement.text),
      });
  }
}

function compareOptions(
  before: Question & { readonly settings: { readonly options: readonly ChoiceOption[] } },
  afterOptions: readonly ChoiceOption[],
  usage: QuestionUsage | 'all',
  out: EditRefusal[],
): void {
  const id = before.id;
  const afterIds = afterOptions.map((option) => option.id);
  const kept = new Set(afterIds);
  for (const option of before.settings.options) {
    if (kept.has(option.id)) continue;
    if (usage === 'all' || usage.optionIds.has(option.id))
      out.push({
        code: 'option_removed',
        question_id: id,
        item_id: option.id,
        message: EDIT_MESSAGES.optionRemoved(option.label),
      });
  }
  const beforeIds = new Set(before.settings.options.map((option) => option.id));
  const remaining = before.settings.options
    .map((option) => option.id)
    .filter((optionId) => kept.has(optionId));
  const existingInAfter = afterIds.filter((optionId) => beforeIds.has(optionId));
  if (existingInAfter.some((optionId, index) => optionId !== remaining[index]))
    out.push({
      code: 'options_reordered',
      question_id: id,
      message: EDIT_MESSAGES.optionsReordered(before.title),
    });
  const lastExisting = afterIds.reduce(
    (last, optionId, index) => (beforeIds.has(optionId) ? index : last),
    -1,
  );
  if (afterIds.slice(0, lastExisting).some((optionId) => !beforeIds.has(optionId)))
    out.push({
      code: 'option_inserted',
      question_id: id,
      message: EDIT_MESSAGES.optionInserted(before.title),
    });
}

function compareChoice(
  before: QuestionOf<'single_choice' | 'multiple_choice'>,
  after: QuestionOf<'single_choice' | 'multiple_choice'>,
  usage: QuestionUsage | 'all',
  out: EditRefusal[],
): void {
  compareOptions(before, after.settings.options, usage, out);
  if (before.settings.allow_other && !after.settings.allow_other && (usage === 'all' || usage.other))
    out.push({
      code: 'other_removed',
      question_id: before.id,
      message: EDIT_MESSAGES.otherRemoved(before.title),
    });
  if (before.type !== 'multiple_choice' || after.type !== 'multiple_choice') return;
  const choices = before.settings.options.length + (before.settings.allow_other ? 1 : 0);
  if ((after.settings.min_choices ?? 1) > (before.settings.min_choices ?? 1))
    out.push({
      code: 'min_choices_raised',
      question_id: before.id,
      message: EDIT_MESSAGES.minChoicesRaised(before.title),
    });
  // Without a maximum, earlier answers hold at most every choice there was.
  if ((after.settings.max_choices ?? Number.POSITIVE_INFINITY) < (before.settings.max_choices ?? choices))
    out.push({
      code: 'max_choices_lowered',
      question_id: before.id,
      message: EDIT_MESSAGES.maxChoicesLowered(before.title),
    });
}

function compareQuestion(before: Question, after: Question, facts: AnswerFacts, out: EditRefusal[]): void {
  if (facts.responseCount > 0 && !before.required && after.required)
    out.push({
      code: 'made_required',
      question_id: before.id,
      message: EDIT_MESSAGES.madeRequired(before.title),
    });
  const usage = usageOf(facts, before.id);
  if (usage === null) return;
  if (!sameAnswerShape(before, after)) {
    out.push({
      code: 'type_changed',
      question_id: before.id,
      message: EDIT_MESSAGES.typeChanged(before.title),
    });
    return;
  }
  if (before.type === 'likert' && after.type === 'likert') compareLikert(before, after, usage, out);
  else if (
    (before.type === 'single_choice' || before.type === 'multiple_choice') &&
    (after.type === 'single_choice' || after.type === 'multiple_choice')
  )
    compareChoice(before, after, usage, out);
  else if (
    (before.type === 'dropdown' && after.type === 'dropdown') ||
    (before.type === 'ranking' && after.type === 'ranking')
  )
    compareOptions(before, after.settings.options, usage, out);
  else if (
    (before.type === 'open_short' || before.type === 'open_long') &&
    (after.type === 'open_short' || after.type === 'open_long') &&
    after.settings.max_length < before.settings.max_length
  )
    out.push({
      code: 'max_length_lowered',
      question_id: before.id,
      message: EDIT_MESSAGES.maxLengthLowered(before.title),
    });
}

/**
 * The edits of an open or closed survey that would break its answers, each with a Dutch
 * explanation; empty when the change may be saved. Questions, options and statements are matched
 * by id. With no responses at all nothing is refused (there is nothing to break yet).
 */
export function compareForOpenSurvey(
  before: readonly Question[],
  after: readonly Question[],
  facts: AnswerFacts,
): EditRefusal[] {
  if (facts.responseCount <= 0) return [];
  const out: EditRefusal[] = [];
  const afterById = new Map(after.map((question) => [question.id, question]));
  const beforeIds = new Set(before.map((question) => question.id));
  for (const question of before) {
    const next = afterById.get(question.id);
    if (next) compareQuestion(question, next, facts, out);
    else if (answered(facts, question.id))
      out.push({
        code: 'question_removed',
        question_id: question.id,
        message: EDIT_MESSAGES.questionRemoved(question.title),
      });
  }
  for (const question of after) {
    if (!beforeIds.has(question.id) && question.required)
      out.push({
        code: 'required_question_added',
        question_id: question.id,
        message: EDIT_MESSAGES.requiredQuestionAdded(question.title),
      });
  }
  return out;
}

/** What the editor should lock on one saved question of a survey with answers (true = locked). */
export interface QuestionLocks {
  /** The question cannot be removed. */
  readonly remove: boolean;
  /** The type cannot change (open text short ↔ long still can). */
  readonly type: boolean;
  /** A Likert scale's number of points cannot change. */
  readonly points: boolean;
  /** An optional question cannot become required. */
  readonly required: boolean;
  /** Existing options keep their order; new ones go at the bottom. */
  readonly optionOrder: boolean;
  /** 'anders, namelijk' cannot be switched off. */
  readonly other: boolean;
  /** Options and statements that cannot be removed. */
  readonly lockedItemIds: readonly string[];
}

/** The locks of one saved question, by the same rules as `compareForOpenSurvey`. */
export function questionLocks(question: Question, facts: AnswerFacts): QuestionLocks {
  const usage = usageOf(facts, question.id);
  const has = usage !== null;
  const items: string[] = [];
  let other = false;
  if (usage !== null && question.type === 'likert')
    for (const statement of question.settings.statements)
      if (usage === 'all' || usage.statementIds.has(statement.id)) items.push(statement.id);
  if (usage !== null && (question.type === 'single_choice' || question.type === 'multiple_choice')) {
    for (const option of question.settings.options)
      if (usage === 'all' || usage.optionIds.has(option.id)) items.push(option.id);
    other = question.settings.allow_other && (usage === 'all' || usage.other);
  }
  if (usage !== null && (question.type === 'dropdown' || question.type === 'ranking'))
    for (const option of question.settings.options)
      if (usage === 'all' || usage.optionIds.has(option.id)) items.push(option.id);
  return {
    remove: has,
    type: has,
    points: has && question.type === 'likert',
    required: facts.responseCount > 0 && !question.required,
    optionOrder:
      has &&
      (question.type === 'single_choice' ||
        question.type === 'multiple_choice' ||
        question.type === 'dropdown' ||
        question.type === 'ranking'),
    other,
    lockedItemIds: items,
  };
}
