import type { Result } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import type { RouteContext } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import type { InvitationRefusal } from './invitations';
import type { TeamRefusal } from './teams';

/** How the team routes turn a refused change into an HTTP answer, and their audit rows. */

/** The HTTP answer to a refused team or invitation change. */
export function refusal(error: TeamRefusal | InvitationRefusal, detail: string | undefined): ApiError {
  const message = detail ?? 'Dit kan niet.';
  switch (error) {
    case 'forbidden':
    case 'other_address':
      return new ApiError(403, message);
    case 'not_member':
    case 'not_found':
      return new ApiError(404, message);
    case 'expired':
      return new ApiError(410, message);
    case 'not_assignable':
      return invalidInput({ role: message });
    case 'self':
      return new ApiError(400, message);
    default:
      return new ApiError(409, message);
  }
}

/** The value of a team or invitation change; its refusal becomes the HTTP answer. */
export function accepted<T>(result: Result<T, TeamRefusal | InvitationRefusal>): T {
  if (!result.ok) throw refusal(result.error, result.detail);
  return result.value;
}

/** The id in a route's path; one that cannot be an id is as unknown as one that is not there. */
export function pathId(value: string, notFound: string): number {
  const id = parseId(value);
  if (id === null) throw new ApiError(404, notFound);
  return id;
}
/** Writes the audit row of a team change, naming the organisation it was made in. */
export const teamAudit =
  (deps: Pick<RouteContext['deps'], 'log'>) =>
  (request: FastifyRequest, organizationId: number, action: string, message: string) =>
    auditRequest(deps.log, request, { category: 'organization', action, orgId: organizationId, message });
