import type { Question } from '@loop/core';
import { renumberQuestions } from '@loop/core/surveys/model';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveys } from '../db/schema';

interface Entry {
  readonly version: number;
  readonly questions: readonly Question[];
}

/** Surveys whose questions are kept at most; the oldest entry goes first. */
const DEFAULT_CAPACITY = 1000;

/**
 * The questions of surveys being answered, by survey id and content version. Every edit bumps the
 * version, which every answering request reads with its token anyway, so a cached list is used only
 * while it is still the stored one (also with several API instances): a submission does not read
 * and parse the questions' JSON again.
 */
export class SurveyQuestionsCache {
  readonly #entries = new Map<number, Entry>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  async get(db: Queryable, surveyId: number, version: number): Promise<readonly Question[]> {
    const cached = this.#entries.get(surveyId);
    if (cached !== undefined && cached.version === version) return cached.questions;
    const [row] = await db
      .select({ version: surveys.version, questions: surveys.questions })
      .from(surveys)
      .where(eq(surveys.id, surveyId));
    if (row === undefined) return [];
    const entry = { version: row.version, questions: renumberQuestions(row.questions) };
    this.#entries.delete(surveyId);
    this.#entries.set(surveyId, entry);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return entry.questions;
  }
}
