import type { CurrentUser } from '@loop/core';
import type { Queryable } from '../db/database';
import type { UserRow } from '../db/schema';
import { listOrganizations } from '../organizations/memberships';

/** GET /users/me: the spec's fields (organisations sorted by name, the first as the fallback) and the profile. */
export async function currentUser(db: Queryable, user: UserRow): Promise<CurrentUser> {
  const organizations = await listOrganizations(db, user.id);
  const first = organizations[0];
  return {
    can_manage_templates: user.canManageTemplates,
    onboarding_completed: user.onboardingCompleted,
    organizations: organizations.map(({ id, name }) => ({ id, name })),
    organization_id: first?.id ?? null,
    organization_name: first?.name ?? null,
    id: user.id,
    name: user.name,
    email: user.email,
    is_admin: user.isAdmin,
    email_verified: user.emailVerifiedAt !== null,
  };
}
