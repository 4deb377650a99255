import { logDateOf } from '@loop/core/logs';
import { retentionCutoff } from '@loop/core/surveys/data';
import { isNotNull, or, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { surveys } from '../db/schema';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';
import { queryRows } from '../results/resultsSql';

/** Responses anonymised per statement, so a large survey never holds one long lock. */
export const RETENTION_BATCH = 1_000;
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Anonymises, in batches, the responses of `surveyIds` not anonymised yet and, when `beforeDay` is
 * given, whose last moment (completed, else saved, else made) lies before that Europe/Amsterdam
 * day. Each batch is one statement that:
 * - blanks every typed text of the responses' answers: by core's `answerToItems` text lives only
 *   on open questions' rows and on 'anders, namelijk' rows, so `text_value` goes to null wherever
 *   it is set, while scores, chosen options and the 'answered' rows stay and keep counting;
 * - detaches the responses from their links: the label and respondent key are cleared and the
 *   token hash becomes the SHA-256 of fresh random bytes, so neither the personal link nor a public
 *   visitor's derived token opens the response again;
 * - stamps `anonymised_at`, which is what makes a second pass (or another instance) skip it.
 * Rows another instance is working on are skipped (`for update skip locked`), so several servers
 * may run the job at once. Answers how many responses it anonymised.
 */
async function anonymiseResponses(
  db: Queryable,
  surveyIds: readonly number[],
  beforeDay: string | null,
  now: Date,
  batch: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: string }>(
      db,
      sql`
        with due as (
          select id from survey_responses
          where survey_id in (select jsonb_array_elements_text(${JSON.stringify(surveyIds)}::jsonb)::int)
            and anonymised_at is null
            and (${beforeDay}::date is null
              or coalesce(completed_at, saved_at, created_at)
                < ((${beforeDay}::date)::timestamp at time zone 'Europe/Amsterdam'))
          order by id
          limit ${batch}
          for update skip locked
        ),
        blanked as (
          update survey_answers set text_value = null
          from due where survey_answers.response_id = due.id and survey_answers.text_value is not null
        )
        update survey_responses set
          label = null,
          respondent_key = null,
          token_hash = encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'),
          anonymised_at = ${now.toISOString()}::timestamptz
        from due where survey_responses.id = due.id
        returning survey_responses.id::text as id`,
    );
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

/**
 * Anonymises every response past its survey's retention on `now` (core's `retentionCutoff`, on
 * the Europe/Amsterdam day of `now`). Surveys that share a cut-off go together: at most one
 * group for passed days and one per number of months.
 */
export async function anonymiseExpiredResponses(
  db: Queryable,
  now: Date,
  batch = RETENTION_BATCH,
): Promise<number> {
  const today = logDateOf(now);
  const withRetention = await db
    .select({ id: surveys.id, until: surveys.retentionUntil, months: surveys.retentionMonths })
    .from(surveys)
    .where(or(isNotNull(surveys.retentionUntil), isNotNull(surveys.retentionMonths)));
  const groups = new Map<string | null, number[]>();
  for (const survey of withRetention) {
    const cutoff = retentionCutoff({ retention_until: survey.until, retention_months: survey.months }, today);
    if (cutoff.kind === 'none') continue;
    const key = cutoff.kind === 'all' ? null : cutoff.day;
    groups.set(key, [...(groups.get(key) ?? []), survey.id]);
  }
  let total = 0;
  for (const [beforeDay, ids] of groups) total += await anonymiseResponses(db, ids, beforeDay, now, batch);
  return total;
}

/** `anonymiseExpiredResponses` at start and then every hour; resolves each pass with the count. */
export function startResponseRetention(
  deps: { readonly db: Database; readonly clock: Clock; readonly output: JobOutput },
  options: { readonly intervalMs?: number } = {},
): PeriodicJob {
  return startPeriodicJob({
    intervalMs: options.intervalMs ?? RETENTION_INTERVAL_MS,
    output: deps.output,
    failure: 'Bewaartermijn: antwoorden konden niet worden geanonimiseerd',
    run: async () => {
      const anonymised = await anonymiseExpiredResponses(deps.db, deps.clock.now());
      if (anonymised > 0)
        deps.output.info({ anonymised }, `Bewaartermijn: ${anonymised} reactie(s) geanonimiseerd`);
      return anonymised;
    },
  });
}
