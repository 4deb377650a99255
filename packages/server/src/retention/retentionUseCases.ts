import type { SurveyRetention } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { logDateOf } from '@loop/core/logs';
import { validateRetention } from '@loop/core/surveys/data';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type SurveyRow, surveys } from '../db/schema';

/** Why a retention was not set: invalid input (the fields say why) or the survey is gone. */
export type RetentionRefusal =
  | { readonly ok: false; readonly code: 'invalid'; readonly fields: FieldErrors }
  | { readonly ok: false; readonly code: 'not_found' };

/**
 * Sets a survey's retention ('Antwoorden bewaren'): a last day (not in the past) or a number of
 * months, or neither. Invalid input changes nothing; answers the stored row and what was set.
 */
export async function setSurveyRetention(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  survey: Pick<SurveyRow, 'id' | 'organizationId'>,
  input: { readonly retention_until?: unknown; readonly retention_months?: unknown },
): Promise<
  | { readonly ok: true; readonly value: { readonly row: SurveyRow; readonly retention: SurveyRetention } }
  | RetentionRefusal
> {
  const checked = validateRetention(input, logDateOf(deps.clock.now()));
  if (!checked.ok) return { ok: false, code: 'invalid', fields: checked.fields };
  const [saved] = await deps.db
    .update(surveys)
    .set({
      retentionUntil: checked.value.retention_until,
      retentionMonths: checked.value.retention_months,
    })
    .where(and(eq(surveys.id, survey.id), eq(surveys.organizationId, survey.organizationId)))
    .returning();
  if (saved === undefined) return { ok: false, code: 'not_found' };
  return { ok: true, value: { row: saved, retention: checked.value } };
}
