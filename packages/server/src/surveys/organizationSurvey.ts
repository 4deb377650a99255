import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { parseId } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { ApiError } from '../http/apiError';
import { currentOrganization } from '../organizations/memberships';
import { closeIfExpired } from './surveyClosing';
import { findSurvey, SURVEY_ERRORS } from './surveys';

/**
 * The survey in `:id` of the current organisation (X-Organization-Id), closed first when its close
 * date has passed. Unknown ids and other organisations' surveys answer the same 404.
 */
export async function organizationSurvey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: FastifyRequest & { readonly params: { readonly id: string } },
): Promise<SurveyRow> {
  const organization = await currentOrganization(deps, request);
  const id = parseId(request.params.id);
  const survey = id === null ? null : await findSurvey(deps.db, organization.id, id);
  if (survey === null) throw new ApiError(404, SURVEY_ERRORS.notFound);
  return closeIfExpired(deps.db, survey, deps.clock.now());
}
