import type { AnalysisDataPoints } from '@loop/core';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import {
  type AnalystKind,
  type BusinessAnalysisRow,
  businessAnalyses,
  businessAnalysisClaims,
} from '../db/schema';
import { emitWebhookEvents } from '../webhooks/webhookEvents';

/** Analyses listed at most (newest first). */
export const ANALYSES_LISTED_MAX = 100;

export interface NewAnalysis {
  readonly organizationId: number;
  readonly analysis: string;
  readonly dataPoints: AnalysisDataPoints;
  readonly analyst: AnalystKind;
  readonly createdBy: number;
  readonly generatedAt: Date;
}

/** Stores an analysis; its organisation's webhooks hear of it in the same transaction (R-HOOK-3). */
export async function insertAnalysis(db: Queryable, analysis: NewAnalysis): Promise<BusinessAnalysisRow> {
  return db.transaction(async (tx) => {
    const row = await insertAnalysisRow(tx, analysis);
    await emitWebhookEvents(tx, [
      {
        organizationId: analysis.organizationId,
        type: 'analysis.completed',
        subject: `analysis:${row.id}`,
        data: { analysis_id: row.id },
        at: analysis.generatedAt,
      },
    ]);
    return row;
  });
}

async function insertAnalysisRow(db: Queryable, analysis: NewAnalysis): Promise<BusinessAnalysisRow> {
  const [row] = await db
    .insert(businessAnalyses)
    .values({
      organizationId: analysis.organizationId,
      analysis: analysis.analysis,
      kpiCount: analysis.dataPoints.kpis,
      surveyCount: analysis.dataPoints.surveys,
      analyst: analysis.analyst,
      createdBy: analysis.createdBy,
      generatedAt: analysis.generatedAt,
    })
    .returning();
  if (row === undefined) throw new Error('analysis not stored');
  return row;
}

/** The organisation's analyses without their text, newest first. */
export function listAnalyses(db: Queryable, organizationId: number) {
  return db
    .select({
      id: businessAnalyses.id,
      generatedAt: businessAnalyses.generatedAt,
      kpiCount: businessAnalyses.kpiCount,
      surveyCount: businessAnalyses.surveyCount,
    })
    .from(businessAnalyses)
    .where(eq(businessAnalyses.organizationId, organizationId))
    .orderBy(desc(businessAnalyses.generatedAt), desc(businessAnalyses.id))
    .limit(ANALYSES_LISTED_MAX);
}

/** One analysis of the organisation; null for another organisation's or an unknown id. */
export async function findAnalysis(
  db: Queryable,
  organizationId: number,
  id: number,
): Promise<BusinessAnalysisRow | null> {
  const [row] = await db
    .select()
    .from(businessAnalyses)
    .where(and(eq(businessAnalyses.organizationId, organizationId), eq(businessAnalyses.id, id)));
  return row ?? null;
}

/** The organisation's newest analysis (the list's first), or null before the first one. */
export async function findLatestAnalysis(
  db: Queryable,
  organizationId: number,
): Promise<BusinessAnalysisRow | null> {
  const [row] = await db
    .select()
    .from(businessAnalyses)
    .where(eq(businessAnalyses.organizationId, organizationId))
    .orderBy(desc(businessAnalyses.generatedAt), desc(businessAnalyses.id))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the organisation's one analysis slot until `expiresAt`: true when this run has it (no
 * claim yet, or the last one's time is up), false while another run holds it. One statement, so
 * two instances claiming at once on PostgreSQL cannot both win: the insert of one waits for the
 * other's row lock and then finds the claim still valid.
 */
export async function claimAnalysisSlot(
  db: Queryable,
  organizationId: number,
  token: string,
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(businessAnalysisClaims)
    .values({ organizationId, token, claimedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: businessAnalysisClaims.organizationId,
      set: { token, claimedAt: now, expiresAt },
      setWhere: lte(businessAnalysisClaims.expiresAt, now),
    })
    .returning({ token: businessAnalysisClaims.token });
  return claimed[0]?.token === token;
}

/** The heartbeat of a running analysis (R-CLUSTER-5): its claim holds until `expiresAt` again. */
export async function renewAnalysisSlot(
  db: Queryable,
  organizationId: number,
  token: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .update(businessAnalysisClaims)
    .set({ expiresAt })
    .where(
      and(eq(businessAnalysisClaims.organizationId, organizationId), eq(businessAnalysisClaims.token, token)),
    );
}

/** Gives the slot back, if this run still holds it. */
export async function releaseAnalysisSlot(
  db: Queryable,
  organizationId: number,
  token: string,
): Promise<void> {
  await db
    .delete(businessAnalysisClaims)
    .where(
      and(eq(businessAnalysisClaims.organizationId, organizationId), eq(businessAnalysisClaims.token, token)),
    );
}
