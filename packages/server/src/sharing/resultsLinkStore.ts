import type { ResultsLink } from '@loop/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, preparedPer, type Queryable } from '../db/database';
import {
  type BrandingRow,
  branding,
  organizations,
  type ResultsLinkRow,
  type SurveyRow,
  surveyResultsLinks,
  surveys,
} from '../db/schema';

/** The SQL of read-only results links (R-SHARE-1, R-SHARE-2, R-SHARE-5). */

export function toResultsLink(row: ResultsLinkRow): ResultsLink {
  return {
    id: row.id,
    label: row.label,
    question_ids: row.questionIds,
    from: row.periodFrom,
    to: row.periodTo,
    open_answers: row.openAnswers,
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export type NewResultsLink = Omit<typeof surveyResultsLinks.$inferInsert, 'id' | 'revokedAt'>;

export async function insertResultsLink(db: Queryable, link: NewResultsLink): Promise<ResultsLinkRow> {
  const [row] = await db.insert(surveyResultsLinks).values(link).returning();
  if (row === undefined) throw new Error('insert into survey_results_links returned no row');
  return row;
}

/** A survey's links, newest first (revoked ones included: the list says so). */
export function listResultsLinks(db: Queryable, surveyId: number): Promise<ResultsLinkRow[]> {
  return db
    .select()
    .from(surveyResultsLinks)
    .where(eq(surveyResultsLinks.surveyId, surveyId))
    .orderBy(desc(surveyResultsLinks.createdAt), desc(surveyResultsLinks.id));
}

/**
 * Revokes a link of the survey (the first moment stays when revoked twice); null when the survey
 * has no such link.
 */
export async function revokeResultsLink(
  db: Database,
  surveyId: number,
  linkId: number,
  now: Date,
): Promise<ResultsLinkRow | null> {
  const [row] = await db
    .update(surveyResultsLinks)
    .set({ revokedAt: sql`coalesce(${surveyResultsLinks.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(surveyResultsLinks.id, linkId), eq(surveyResultsLinks.surveyId, surveyId)))
    .returning();
  return row ?? null;
}

/** What says whether a kept page of a survey still holds; the survey's content stays in the database. */
export interface SurveyStamp {
  readonly id: number;
  readonly organizationId: number;
  readonly version: number;
  readonly updatedAt: Date;
  readonly anonymous: boolean;
}

/** A link with its survey's stamp and the look of the survey's organisation. */
export interface LinkedSurvey {
  readonly link: ResultsLinkRow;
  readonly survey: SurveyStamp;
  readonly organizationName: string;
  readonly branding: BrandingRow | null;
}

const linkStatement = preparedPer((db: Queryable) =>
  db
    .select({
      link: surveyResultsLinks,
      survey: {
        id: surveys.id,
        organizationId: surveys.organizationId,
        version: surveys.version,
        updatedAt: surveys.updatedAt,
        anonymous: surveys.anonymous,
      },
      organizationName: organizations.name,
      branding,
    })
    .from(surveyResultsLinks)
    .innerJoin(surveys, eq(surveys.id, surveyResultsLinks.surveyId))
    .innerJoin(organizations, eq(organizations.id, surveyResultsLinks.organizationId))
    .leftJoin(branding, eq(branding.organizationId, surveyResultsLinks.organizationId))
    .where(eq(surveyResultsLinks.tokenHash, sql.placeholder('tokenHash')))
    .prepare('shared_results_link'),
);

/**
 * The link of a token's hash with its survey's stamp and its organisation's name and look: one
 * prepared statement (a unique-index lookup and primary-key joins) as every shared page asks it,
 * without the survey's questions and texts, which only a page not kept yet needs (`surveyRow`).
 */
export async function findLinkByTokenHash(db: Queryable, tokenHash: string): Promise<LinkedSurvey | null> {
  const [row] = await linkStatement(db).execute({ tokenHash });
  return row ?? null;
}

/** A survey's whole row (the shared page's questions, texts and rules). */
export async function surveyRow(db: Queryable, id: number): Promise<SurveyRow> {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id));
  if (row === undefined) throw new Error(`survey ${id} vanished`);
  return row;
}
