import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type SurveyRow, surveys } from '../db/schema';
import { hasInvitations } from './invitationStore';

/**
 * Makes a survey anonymous or not: invitations then keep no link to their answer. Only while the
 * survey has no invitations (`fixed`: the answer stays as it is); `not_found` when it is gone.
 */
export async function setSurveyAnonymity(
  deps: Pick<AppDeps, 'db'>,
  survey: Pick<SurveyRow, 'id' | 'organizationId' | 'anonymous'>,
  anonymous: boolean,
): Promise<
  | { readonly ok: true; readonly value: SurveyRow }
  | { readonly ok: false; readonly code: 'fixed' | 'not_found' }
> {
  if (anonymous !== survey.anonymous && (await hasInvitations(deps.db, survey.id)))
    return { ok: false, code: 'fixed' };
  const [saved] = await deps.db
    .update(surveys)
    .set({ anonymous })
    .where(and(eq(surveys.id, survey.id), eq(surveys.organizationId, survey.organizationId)))
    .returning();
  if (saved === undefined) return { ok: false, code: 'not_found' };
  return { ok: true, value: saved };
}
