import type { Organization } from '@loop/core';
import type { FastifyRequest } from 'fastify';
import { parseId } from '../db/database';

/**
 * What the X-Organization-Id header asks for: nothing (the user's first organisation), an id, or
 * something that is no id (answered like an organisation that does not exist).
 */
export type OrganizationHeader =
  | { readonly kind: 'none' }
  | { readonly kind: 'id'; readonly id: number }
  | { readonly kind: 'invalid' };

export function readOrganizationHeader(header: string | string[] | undefined): OrganizationHeader {
  if (header === undefined || header === '') return { kind: 'none' };
  const id = parseId(typeof header === 'string' ? header.trim() : undefined);
  return id === null ? { kind: 'invalid' } : { kind: 'id', id };
}

/**
 * The membership the authentication hook read together with the session (one round trip for
 * both instead of two on every organisation route): the organisation in the header with the
 * caller's role, or null when the caller is no member of it.
 */
const primed = new WeakMap<FastifyRequest, Organization | null>();

export function primeOrganization(request: FastifyRequest, organization: Organization | null): void {
  primed.set(request, organization);
}

/** The primed membership; undefined when the hook did not read one. */
export function primedOrganization(request: FastifyRequest): Organization | null | undefined {
  return primed.get(request);
}
