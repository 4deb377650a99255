import type { CurrentUser, OrganizationRef } from '../contract';

/** The current organisation as stored (R-ORG-2: keys currentOrgId and currentOrgName). */
export interface StoredOrganisation {
  readonly id: string | null;
  readonly name: string | null;
}

export interface OrganisationStore {
  read(): StoredOrganisation;
  write(organisation: OrganizationRef): void;
  clear(): void;
}

const parseId = (raw: string | null): number | null => {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * R-ORG-2: the stored id and name are used when present; otherwise the first of the user's
 * organisations, else the `organization_id`/`organization_name` fallback. A stored organisation
 * the user no longer belongs to (their list is known and lacks it, or they belong to none) is not used.
 */
export function resolveOrganisation(
  stored: StoredOrganisation,
  user: Pick<CurrentUser, 'organizations' | 'organization_id' | 'organization_name'> | null,
): { readonly organisation: OrganizationRef | null; readonly fromStore: boolean } {
  const storedId = parseId(stored.id);
  const memberships = user?.organizations ?? [];
  // Known to belong to no organisation at all (say, removed from the last one): nothing stored counts.
  const belongsToNone = user !== null && memberships.length === 0 && typeof user.organization_id !== 'number';
  if (storedId !== null && stored.name && !belongsToNone) {
    const stillMember = memberships.length === 0 || memberships.some((o) => o.id === storedId);
    if (stillMember) return { organisation: { id: storedId, name: stored.name }, fromStore: true };
  }
  const first = memberships[0];
  if (first) return { organisation: { id: first.id, name: first.name }, fromStore: false };
  if (user && typeof user.organization_id === 'number') {
    return {
      organisation: { id: user.organization_id, name: user.organization_name ?? '' },
      fromStore: false,
    };
  }
  return { organisation: null, fromStore: false };
}

/** Resolves the current organisation and stores it when it came from the user. */
export const createOrganisationResolver =
  (deps: { readonly store: OrganisationStore }) =>
  (user: Parameters<typeof resolveOrganisation>[1]): OrganizationRef | null => {
    const stored = deps.store.read();
    const { organisation, fromStore } = resolveOrganisation(stored, user);
    if (organisation && !fromStore) deps.store.write(organisation);
    // Requests must stop naming an organisation the user no longer belongs to.
    if (organisation === null && user !== null && stored.id !== null) deps.store.clear();
    return organisation;
  };
