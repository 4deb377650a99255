import type { Readable } from 'node:stream';
import { fileNameDate, fileNamePart } from '@loop/core';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../appDeps';
import type { UploadStore } from '../branding/uploadStore';
import { contactChunks } from '../contacts/contactStore';
import type { Queryable } from '../db/database';
import {
  branding,
  businessAnalyses,
  contactImports,
  contactSegments,
  financeImports,
  invitations,
  invoices,
  kpiBoards,
  kpis,
  kpiValues,
  memberships,
  organizations,
  paymentEvents,
  payments,
  subscriptions,
  surveyAnswers,
  surveyInvitations,
  surveyResponses,
  surveys,
  surveyTemplates,
  users,
} from '../db/schema';
import { recordChunks } from '../finance/financeRecordStore';
import {
  csvStream,
  EXPORT_CHUNK,
  exportHeader,
  exportNamesRespondents,
  exportRows,
} from '../results/surveyExport';

import { bytesOf, jsonArray, jsonEntry, single, type ZipEntry, zipStream } from './zipStream';

const BATCH = 5_000;

/** Every finance record of the organisation (the export takes them all, in date order). */
const NO_RECORD_FILTER = {
  words: [],
  amount: null,
  from: null,
  to: null,
  direction: null,
  category: null,
  btwRate: null,
  source: null,
  importId: null,
} as const;

/** The organisation's responses, without their link tokens, in id order, a batch at a time. */
async function* responseBatches(db: Queryable, organizationId: number): AsyncGenerator<readonly unknown[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: surveyResponses.id,
        survey_id: surveyResponses.surveyId,
        kind: surveyResponses.kind,
        label: surveyResponses.label,
        status: surveyResponses.status,
        created_at: surveyResponses.createdAt,
        started_at: surveyResponses.startedAt,
        saved_at: surveyResponses.savedAt,
        completed_at: surveyResponses.completedAt,
        question_seconds: surveyResponses.questionSeconds,
      })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.organizationId, organizationId), gt(surveyResponses.id, after)))
      .orderBy(asc(surveyResponses.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.id;
  }
}

/** Every answer item of the organisation's surveys, a survey and a thousand responses at a time. */
async function* answerBatches(
  db: Queryable,
  surveyIds: readonly number[],
): AsyncGenerator<readonly unknown[]> {
  for (const surveyId of surveyIds) {
    let after = 0;
    for (;;) {
      const ids = (
        await db
          .select({ id: surveyResponses.id })
          .from(surveyResponses)
          .where(and(eq(surveyResponses.surveyId, surveyId), gt(surveyResponses.id, after)))
          .orderBy(asc(surveyResponses.id))
          .limit(1_000)
      ).map((row) => row.id);
      if (ids.length === 0) break;
      yield await db
        .select({
          response_id: surveyAnswers.responseId,
          survey_id: surveyAnswers.surveyId,
          question_id: surveyAnswers.questionId,
          item_id: surveyAnswers.itemId,
          number: surveyAnswers.numValue,
          text: surveyAnswers.textValue,
          submitted_at: surveyAnswers.submittedAt,
        })
        .from(surveyAnswers)
        .where(inArray(surveyAnswers.responseId, ids))
        .orderBy(asc(surveyAnswers.responseId), asc(surveyAnswers.questionId), asc(surveyAnswers.itemId));
      after = ids.at(-1)!;
    }
  }
}

/** The export's file name: `loop-{organisation}-{YYYY-MM-DD}.zip`. */
export const organizationExportName = (name: string, now: Date): string =>
  `loop-${fileNamePart(name, 'organisatie')}-${fileNameDate(now)}.zip`;

/**
 * Everything of an organisation as a ZIP: a JSON file per table (link tokens and password data
 * left out; the finance day totals and contact stats are derived and left out too), the logo and
 * background files, and a CSV per survey with its submitted responses in the same format as the
 * survey export.
 */
export async function organizationExport(
  deps: Pick<AppDeps, 'db'>,
  uploads: UploadStore,
  organizationId: number,
): Promise<Readable> {
  const { db } = deps;
  const surveyRows = await db
    .select()
    .from(surveys)
    .where(eq(surveys.organizationId, organizationId))
    .orderBy(asc(surveys.id));
  const [look] = await db.select().from(branding).where(eq(branding.organizationId, organizationId));

  /** Every column of the rows of `table` whose `column` is the organisation. */
  const everything = (table: PgTable, column: AnyPgColumn): Promise<readonly unknown[]> =>
    db.select().from(table).where(eq(column, organizationId));

  async function* entries(): AsyncGenerator<ZipEntry> {
    yield jsonEntry('organisatie.json', everything(organizations, organizations.id));
    yield jsonEntry(
      'leden.json',
      db
        .select({
          user_id: users.id,
          name: users.name,
          email: users.email,
          role: memberships.role,
          joined_at: memberships.joinedAt,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.organizationId, organizationId))
        .orderBy(asc(users.id)),
    );
    yield jsonEntry(
      'uitnodigingen.json',
      db
        .select({
          id: invitations.id,
          email: invitations.email,
          role: invitations.role,
          invited_by: invitations.invitedBy,
          created_at: invitations.createdAt,
          expires_at: invitations.expiresAt,
        })
        .from(invitations)
        .where(eq(invitations.organizationId, organizationId)),
    );
    yield jsonEntry('huisstijl.json', Promise.resolve(look === undefined ? [] : [look]));
    for (const path of [look?.logoPath, look?.backgroundPath]) {
      if (path === null || path === undefined) continue;
      const bytes = await uploads.read(path).catch(() => null);
      if (bytes !== null) yield { name: `huisstijl/${path.split('/').at(-1)}`, chunks: single(bytes) };
    }
    yield jsonEntry('abonnementen.json', everything(subscriptions, subscriptions.organizationId));
    yield jsonEntry('betalingen.json', everything(payments, payments.organizationId));
    // Everything printed on each invoice; the invoice address and VAT number are in organisatie.json.
    yield jsonEntry('facturen.json', everything(invoices, invoices.organizationId));
    yield jsonEntry(
      'betaalgebeurtenissen.json',
      db
        .select({
          id: paymentEvents.id,
          payment_id: paymentEvents.paymentId,
          from_status: paymentEvents.fromStatus,
          to_status: paymentEvents.toStatus,
          source: paymentEvents.source,
          created_at: paymentEvents.createdAt,
        })
        .from(paymentEvents)
        .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
        .where(eq(payments.organizationId, organizationId)),
    );
    yield jsonEntry(
      'surveys.json',
      Promise.resolve(surveyRows.map(({ publicToken: _secretLink, ...survey }) => survey)),
    );
    yield jsonEntry('sjablonen.json', everything(surveyTemplates, surveyTemplates.organizationId));
    yield jsonEntry('kpis.json', everything(kpis, kpis.organizationId));
    yield jsonEntry(
      'kpi-waarden.json',
      db
        .select({
          kpi_id: kpiValues.kpiId,
          period: kpiValues.period,
          value: kpiValues.value,
          note: kpiValues.note,
          origin: kpiValues.origin,
          entered_by: kpiValues.enteredBy,
          entered_at: kpiValues.enteredAt,
        })
        .from(kpiValues)
        .innerJoin(kpis, eq(kpis.id, kpiValues.kpiId))
        .where(eq(kpis.organizationId, organizationId))
        .orderBy(asc(kpiValues.kpiId), asc(kpiValues.period)),
    );
    yield jsonEntry(
      'kpi-borden.json',
      db
        .select({ user_id: kpiBoards.userId, kpi_ids: kpiBoards.kpiIds, updated_at: kpiBoards.updatedAt })
        .from(kpiBoards)
        .where(eq(kpiBoards.organizationId, organizationId))
        .orderBy(asc(kpiBoards.id)),
    );
    yield jsonEntry(
      'bedrijfsanalyses.json',
      db
        .select()
        .from(businessAnalyses)
        .where(eq(businessAnalyses.organizationId, organizationId))
        .orderBy(asc(businessAnalyses.id)),
    );
    yield { name: 'antwoorden/reacties.json', chunks: jsonArray(responseBatches(db, organizationId)) };
    yield {
      name: 'antwoorden/antwoorden.json',
      chunks: jsonArray(
        answerBatches(
          db,
          surveyRows.map((survey) => survey.id),
        ),
      ),
    };
    yield {
      name: 'financien/boekingen.json',
      chunks: jsonArray(recordChunks(db, organizationId, NO_RECORD_FILTER, BATCH)),
    };
    yield jsonEntry(
      'financien/imports.json',
      db
        .select({
          id: financeImports.id,
          file_name: financeImports.fileName,
          format: financeImports.format,
          lines: financeImports.lineCount,
          imported: financeImports.importedCount,
          duplicates: financeImports.duplicateCount,
          refused: financeImports.refusedCount,
          created_by: financeImports.createdBy,
          created_at: financeImports.createdAt,
        })
        .from(financeImports)
        .where(eq(financeImports.organizationId, organizationId))
        .orderBy(asc(financeImports.id)),
    );
    // The contacts as the API answers them (without the search text and sort keys derived from them).
    yield {
      name: 'contacten/contacten.json',
      chunks: jsonArray(contactChunks(db, organizationId, {}, 'created_at', 'asc', BATCH)),
    };
    yield jsonEntry(
      'contacten/segmenten.json',
      db
        .select({
          id: contactSegments.id,
          name: contactSegments.name,
          filter: contactSegments.filter,
          created_at: contactSegments.createdAt,
          updated_at: contactSegments.updatedAt,
        })
        .from(contactSegments)
        .where(eq(contactSegments.organizationId, organizationId))
        .orderBy(asc(contactSegments.id)),
    );
    yield jsonEntry(
      'contacten/imports.json',
      db
        .select()
        .from(contactImports)
        .where(eq(contactImports.organizationId, organizationId))
        .orderBy(asc(contactImports.id)),
    );
    // Survey invitations to contacts with their delivery times; the anonymous surveys' link hash
    // is left out like every link token.
    yield jsonEntry(
      'contacten/survey-uitnodigingen.json',
      db
        .select({
          id: surveyInvitations.id,
          survey_id: surveyInvitations.surveyId,
          contact_id: surveyInvitations.contactId,
          response_id: surveyInvitations.responseId,
          planned_at: surveyInvitations.plannedAt,
          sent_at: surveyInvitations.sentAt,
          failed_at: surveyInvitations.failedAt,
          failure: surveyInvitations.failure,
          opened_at: surveyInvitations.openedAt,
          completed_at: surveyInvitations.completedAt,
          cancelled_at: surveyInvitations.cancelledAt,
          cancel_reason: surveyInvitations.cancelReason,
          reminders_sent: surveyInvitations.remindersSent,
          last_mail_at: surveyInvitations.lastMailAt,
        })
        .from(surveyInvitations)
        .where(eq(surveyInvitations.organizationId, organizationId))
        .orderBy(asc(surveyInvitations.id)),
    );
    for (const survey of surveyRows) {
      const names = await exportNamesRespondents(db, survey);
      yield {
        name: `surveys/${survey.id}-${fileNamePart(survey.title, 'survey')}.csv`,
        chunks: bytesOf(
          csvStream(
            exportRows(db, survey, { from: null, to: null }, EXPORT_CHUNK, names),
            exportHeader(survey, names),
          ),
        ),
      };
    }
  }
  return zipStream(entries());
}
