import type { ContactSelection } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { parseId } from '../db/database';
import { ApiError } from '../http/apiError';
import type { RouteContext } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import type { ContactRefusal, ContactRefusalCode, ContactResult } from './contactRefusals';
import type { BulkBody } from './contactSchemas';
import { selectionOf } from './contactUseCases';

/** What the contacts routes share at the HTTP edge: refusals as statuses, ids, organisation, audit. */

const REFUSAL_STATUS: Readonly<Record<ContactRefusalCode, number>> = {
  invalid: 400,
  not_found: 404,
  conflict: 409,
};

/** A refusal of the contacts use-cases as the HTTP error it answers. */
export const refusalError = (refusal: ContactRefusal): ApiError =>
  new ApiError(REFUSAL_STATUS[refusal.code], refusal.detail, refusal.fields);

/** The value of a use-case's result, or its refusal thrown as the HTTP error. */
export function unwrap<T>(result: ContactResult<T>): T {
  if (!result.ok) throw refusalError(result);
  return result.value;
}

/** A path's id; one that cannot be an id answers 404 like an unknown one. */
export function idOf(raw: string, notFound: string): number {
  const id = parseId(raw);
  if (id === null) throw new ApiError(404, notFound);
  return id;
}

/** The selection of a bulk action or invitations, checked; a bad one answers 400. */
export const checkSelection = (raw: BulkBody['selection']): ContactSelection => unwrap(selectionOf(raw));

/** Every contacts route needs `contacts.manage`. */
export const manageContacts = (authenticate: RouteContext['authenticate']) => ({
  onRequest: authenticate,
  config: { permission: 'contacts.manage' as const },
});

/** The current organisation's id and an audit entry in the contacts category. */
export const contactsEdge = (deps: AppDeps) => ({
  organizationIdOf: async (request: FastifyRequest): Promise<number> =>
    (await currentOrganization(deps, request)).id,
  audit: (request: FastifyRequest, organizationId: number, action: string, message: string) =>
    auditRequest(deps.log, request, { category: 'contacts', action, orgId: organizationId, message }),
});
