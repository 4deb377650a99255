import type { CurrentUser } from '@loop/core';
import type { Queryable } from '../db/database';
import type { UserRow } from '../db/schema';
import { listOrganizations } from '../organizations/memberships';
import { pendingEmail } from './emailChange';

/** GET /users/me: R-ORG-1's fields (organisations sorted by name, the first as the fallback) and the profile. */
export async function currentUser(db: Queryable, user: UserRow, now: Date): Promise<CurrentUser> {
  const organizations = await listOrganizations(db, user.id);
  const pending = await pendingEmail(db, user.id, now);
  const first = organizations[0];
  return {
    can_manage_templates: user.canManageTemplates,
    onboarding_completed: user.onboardingCompleted,
    organizations: organizations.map(({ id, name, role }) => ({ id, name, role })),
    organization_id: first?.id ?? null,
    organization_name: first?.name ?? null,
    id: user.id,
    name: user.name,
    email: user.email,
    is_admin: user.isAdmin,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: pending,
  };
}
