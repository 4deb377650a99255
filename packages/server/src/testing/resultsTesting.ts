import { randomBytes } from 'node:crypto';
import type { AnswerValue, Question, Survey, SurveyLogic } from '@loop/core';
import { answerToItems, LIKERT_DEFAULT_LABELS } from '@loop/core/surveys/model';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveyAnswers, surveyResponses, surveys } from '../db/schema';
import { rebuildSurveyCounts } from '../responses/surveyCounts';
import { resetResultRollups } from '../results/resultRollups';

/**
 * Responses written straight to the tables, as the answering routes store them (items through
 * core's `answerToItems`, `submitted_at` copied onto every item of a submitted response), so the
 * result tests do not depend on the answering routes.
 */
export interface StoredResponseInput {
  /** Answers by question id; questions left out are skipped. */
  readonly answers?: Readonly<Record<string, AnswerValue>>;
  /** When it was submitted; null: started and saved, not submitted. */
  readonly submittedAt: Date | null;
  readonly kind?: 'public' | 'personal';
  /** The personal link's label. */
  readonly label?: string;
  /** Seconds spent per question id. */
  readonly seconds?: Readonly<Record<string, number>>;
  /** Survey logic (issue 26), as a final submission stores it: the questions its path did not show, */
  readonly unseen?: readonly string[];
  /** the hidden fields its link carried, its language and the end screen it ended on. */
  readonly hiddenFields?: Readonly<Record<string, string>>;
  readonly language?: string;
  readonly endScreenId?: string;
}

/** Gives a survey logic straight in its row, past the survey routes (rules lock once it has answers). */
export async function storeLogic(
  db: Queryable,
  survey: Pick<Survey, 'id'>,
  logic: SurveyLogic,
): Promise<void> {
  await db.update(surveys).set({ logic }).where(eq(surveys.id, survey.id));
}

type SurveyLike = Pick<Survey, 'id' | 'organization_id' | 'questions'>;

/** Stores one response with its answers; answers its id. */
export async function storeResponse(
  db: Queryable,
  survey: SurveyLike,
  input: StoredResponseInput,
): Promise<number> {
  const submitted = input.submittedAt;
  const startedAt = new Date((submitted ?? new Date()).getTime() - 5 * 60_000);
  const [row] = await db
    .insert(surveyResponses)
    .values({
      surveyId: survey.id,
      organizationId: survey.organization_id,
      tokenHash: randomBytes(32).toString('hex'),
      kind: input.kind ?? 'public',
      label: input.label ?? null,
      respondentKey: input.kind === 'personal' ? null : randomBytes(12).toString('base64url'),
      status: submitted === null ? 'in_progress' : 'completed',
      createdAt: startedAt,
      startedAt,
      savedAt: submitted ?? startedAt,
      completedAt: submitted,
      questionSeconds: { ...input.seconds },
      hiddenFields: { ...input.hiddenFields },
      language: input.language ?? null,
      unseenQuestionIds: [...(input.unseen ?? [])],
      endScreenId: input.endScreenId ?? null,
    })
    .returning({ id: surveyResponses.id });
  if (row === undefined) throw new Error('response not stored');
  const byId = new Map<string, Question>(survey.questions.map((question) => [question.id, question]));
  const items = Object.entries(input.answers ?? {}).flatMap(([questionId, value]) => {
    const question = byId.get(questionId);
    if (question === undefined) throw new Error(`no question ${questionId}`);
    return answerToItems(question, value).map((item) => ({
      responseId: row.id,
      surveyId: survey.id,
      questionId,
      itemId: item.item_id,
      numValue: item.num_value,
      textValue: item.text_value,
      submittedAt: submitted,
    }));
  });
  if (items.length > 0) await db.insert(surveyAnswers).values(items);
  // Written past the answering routes, so the survey's counts are made again from its rows, and
  // its results counted live until the rollup job's next pass (a submission time in the past).
  await rebuildSurveyCounts(db, [survey.id]);
  await resetResultRollups(db, [survey.id]);
  return row.id;
}

/** Personal links handed out and not used yet (`pending`). */
export async function storePersonalLinks(db: Queryable, survey: SurveyLike, count: number): Promise<void> {
  await db.insert(surveyResponses).values(
    Array.from({ length: count }, () => ({
      surveyId: survey.id,
      organizationId: survey.organization_id,
      tokenHash: randomBytes(32).toString('hex'),
      kind: 'personal' as const,
      status: 'pending' as const,
    })),
  );
  await rebuildSurveyCounts(db, [survey.id]);
}

const labels5 = [...LIKERT_DEFAULT_LABELS[5]];

/** A survey of every question type, with short ids the tests refer to. */
export const resultQuestions = (): Question[] => [
  {
    id: 'lik',
    type: 'likert',
    title: 'Stellingen over je werk',
    required: false,
    position: 0,
    settings: {
      points: 5,
      labels: labels5,
      neutral_middle: true,
      statements: [
        { id: 'st-a', text: 'Ik heb plezier in mijn werk' },
        { id: 'st-b', text: 'Mijn team helpt mij' },
      ],
    },
  },
  { id: 'nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 1, settings: {} },
  {
    id: 'rat',
    type: 'rating',
    title: 'Hoe tevreden ben je?',
    required: false,
    position: 2,
    settings: { scale: 5, style: 'stars' },
  },
  {
    id: 'one',
    type: 'single_choice',
    title: 'Hoe kom je naar het werk?',
    required: false,
    position: 3,
    settings: {
      options: [
        { id: 'auto', label: 'Auto' },
        { id: 'fiets', label: 'Fiets' },
        { id: 'ov', label: 'Openbaar vervoer' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'many',
    type: 'multiple_choice',
    title: 'Wat waardeer je?',
    required: false,
    position: 4,
    settings: {
      options: [
        { id: 'lunch', label: 'De lunch' },
        { id: 'uitjes', label: 'De uitjes' },
        { id: 'thuis', label: 'Thuiswerken' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'kort',
    type: 'open_short',
    title: 'Eén woord voor je werk',
    required: false,
    position: 5,
    settings: { max_length: 200 },
  },
  {
    id: 'lang',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 6,
    settings: { max_length: 2000 },
  },
];
