import type { SurveyEmbed } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { checkEmbedOrigins } from '@loop/core/surveys/embed';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type SurveyRow, surveys } from '../db/schema';

/** Why the origins were not set: invalid input (the fields say why) or the survey is gone. */
export type EmbedRefusal =
  | { readonly ok: false; readonly code: 'invalid'; readonly fields: FieldErrors }
  | { readonly ok: false; readonly code: 'not_found' };

/** A survey's embedding settings as the API answers them. */
export const surveyEmbedOf = (survey: Pick<SurveyRow, 'embedOrigins'>): SurveyEmbed => ({
  origins: survey.embedOrigins,
});

/**
 * Sets the website origins allowed to embed a survey (R-EMBED-1), checked with core's one rule and
 * stored normalised; invalid input changes nothing. Any status: a closed survey's frame then says
 * it is closed, as its link does.
 */
export async function setEmbedOrigins(
  deps: Pick<AppDeps, 'db'>,
  survey: Pick<SurveyRow, 'id' | 'organizationId'>,
  input: { readonly origins?: unknown },
): Promise<{ readonly ok: true; readonly value: SurveyEmbed } | EmbedRefusal> {
  const checked = checkEmbedOrigins(input.origins);
  if (!checked.ok) return { ok: false, code: 'invalid', fields: checked.fields };
  const [saved] = await deps.db
    .update(surveys)
    .set({ embedOrigins: [...checked.value] })
    .where(and(eq(surveys.id, survey.id), eq(surveys.organizationId, survey.organizationId)))
    .returning({ embedOrigins: surveys.embedOrigins });
  if (saved === undefined) return { ok: false, code: 'not_found' };
  return { ok: true, value: surveyEmbedOf(saved) };
}
