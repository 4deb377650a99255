import type { Question, SurveyLogic } from '@loop/core';
import {
  type CompiledLogic,
  compileLogic,
  conditionQuestionIds,
  readsLanguage,
} from '@loop/core/surveys/logic';
import { renumberQuestions } from '@loop/core/surveys/model';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveys } from '../db/schema';

/** A survey's content as the answering routes use it: its questions and its logic, compiled once. */
export interface SurveyContent {
  readonly questions: readonly Question[];
  readonly logic: SurveyLogic;
  /** The compiled rules; null for a survey without rules, which has no path to evaluate (R-RESP-6). */
  readonly compiled: CompiledLogic | null;
  /** The questions whose answers the conditions read: a request that sends them all needs no saved ones. */
  readonly conditionQuestions: ReadonlySet<string>;
  /** Whether a personal link's contact counts: the survey declares hidden fields or a condition reads the language. */
  readonly usesContact: boolean;
}

interface Entry {
  readonly version: number;
  readonly questions: readonly Question[];
  readonly logic: SurveyLogic;
  /** Made on the first `content` of this version (the KPIs read questions only). */
  content: SurveyContent | null;
}

/** Surveys whose questions are kept at most; the oldest entry goes first. */
const DEFAULT_CAPACITY = 1000;

const NO_QUESTIONS: Entry = {
  version: -1,
  questions: [],
  logic: { rules: [], end_screens: [], hidden_fields: [] },
  content: null,
};

/** A survey's content for answering: its logic compiled, what the path needs worked out. */
export function surveyContent(questions: readonly Question[], logic: SurveyLogic): SurveyContent {
  // A condition on a deleted question reads it as unanswered: no saved answer can change that.
  const ids = new Set(questions.map((question) => question.id));
  return {
    questions,
    logic,
    compiled: logic.rules.length === 0 ? null : compileLogic(questions, logic),
    conditionQuestions: new Set([...conditionQuestionIds(logic)].filter((id) => ids.has(id))),
    usesContact: logic.hidden_fields.length > 0 || readsLanguage(logic),
  };
}

/** The content of an entry, compiling its logic once. */
function contentOf(entry: Entry): SurveyContent {
  entry.content ??= surveyContent(entry.questions, entry.logic);
  return entry.content;
}

/**
 * The questions and logic of surveys being answered, by survey id and content version. Every edit
 * (of the logic too) bumps the version, which every answering request reads with its token anyway, so
 * a cached entry is used only while it is still the stored one (also with several API instances): a
 * submission does not read and parse the JSON again, nor compile the rules again.
 */
export class SurveyQuestionsCache {
  readonly #entries = new Map<number, Entry>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  async get(db: Queryable, surveyId: number, version: number): Promise<readonly Question[]> {
    return (await this.#entry(db, surveyId, version)).questions;
  }

  /** The questions with the logic, compiled once per content version. */
  async content(db: Queryable, surveyId: number, version: number): Promise<SurveyContent> {
    return contentOf(await this.#entry(db, surveyId, version));
  }

  async #entry(db: Queryable, surveyId: number, version: number): Promise<Entry> {
    const cached = this.#entries.get(surveyId);
    if (cached !== undefined && cached.version === version) return cached;
    const [row] = await db
      .select({ version: surveys.version, questions: surveys.questions, logic: surveys.logic })
      .from(surveys)
      .where(eq(surveys.id, surveyId));
    if (row === undefined) return NO_QUESTIONS;
    const entry: Entry = {
      version: row.version,
      questions: renumberQuestions(row.questions),
      logic: row.logic,
      content: null,
    };
    this.#entries.delete(surveyId);
    this.#entries.set(surveyId, entry);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return entry;
  }
}
