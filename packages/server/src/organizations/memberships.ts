import type { Organization } from '@loop/core';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../appDeps';
import { authOf } from '../auth/authenticate';
import { preparedPer, type Queryable } from '../db/database';
import { memberships, organizations } from '../db/schema';
import { ApiError } from '../http/apiError';
import { primedOrganization, readOrganizationHeader } from './requestOrganization';

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/**
 * The user's organisations sorted by name (Dutch collation, then id), the same order on PGlite and
 * PostgreSQL whatever their locale. The first one is the default organisation.
 */
export async function listOrganizations(db: Queryable, userId: number): Promise<Organization[]> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId));
  return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

export const ORGANIZATION_NOT_FOUND = 'Organisatie niet gevonden.';
export const NO_ORGANIZATION = 'Je bent nog geen lid van een organisatie. Maak eerst een organisatie aan.';

const membershipStatement = preparedPer((db: Queryable) =>
  db
    .select({ id: organizations.id, name: organizations.name, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.userId, sql.placeholder('user')),
        eq(memberships.organizationId, sql.placeholder('organization')),
      ),
    )
    .prepare('membership_lookup'),
);

/**
 * The organisation a request works in: the one in the X-Organization-Id header (it must be an id of
 * one of the user's organisations), else the user's first. Anything else answers 404, so another
 * organisation's id looks exactly like a non-existent one.
 */
export async function resolveOrganization(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  header: string | string[] | undefined,
): Promise<Organization> {
  const asked = readOrganizationHeader(header);
  if (asked.kind === 'none') {
    const [first] = await listOrganizations(deps.db, userId);
    if (first === undefined) throw new ApiError(404, NO_ORGANIZATION);
    return first;
  }
  if (asked.kind === 'invalid') throw new ApiError(404, ORGANIZATION_NOT_FOUND);
  const [row] = await membershipStatement(deps.db).execute({ user: userId, organization: asked.id });
  if (row === undefined) throw new ApiError(404, ORGANIZATION_NOT_FOUND);
  return row;
}

const requestOrganizations = new WeakMap<FastifyRequest, Promise<Organization>>();
const resolvedOrganizationIds = new WeakMap<FastifyRequest, number>();

/**
 * After the organisation itself is deleted: the request's own log row must not name it, or the
 * log would keep a trace of an organisation that is gone.
 */
export function forgetOrganization(request: FastifyRequest): void {
  resolvedOrganizationIds.delete(request);
}

/** The id of the organisation this request worked in, once `currentOrganization` has found it. */
export function knownOrganizationId(request: FastifyRequest): number | null {
  return resolvedOrganizationIds.get(request) ?? null;
}

/**
 * The current organisation of an authenticated request (X-Organization-Id, see resolveOrganization),
 * looked up once per request however many hooks and handlers ask.
 */
export function currentOrganization(
  deps: Pick<AppDeps, 'db'>,
  request: FastifyRequest,
): Promise<Organization> {
  let organization = requestOrganizations.get(request);
  if (organization === undefined) {
    // Read by the authentication hook with the session when the header named an organisation.
    const primed = primedOrganization(request);
    organization =
      primed === undefined
        ? resolveOrganization(deps, authOf(request).user.id, request.headers['x-organization-id'])
        : primed === null
          ? Promise.reject(new ApiError(404, ORGANIZATION_NOT_FOUND))
          : Promise.resolve(primed);
    requestOrganizations.set(request, organization);
    organization.then(
      (found) => resolvedOrganizationIds.set(request, found.id),
      () => undefined, // the caller handles the refusal
    );
  }
  return organization;
}
