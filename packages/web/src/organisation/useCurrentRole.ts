import type { MemberRole } from '@loop/core';
import { useCurrentUser } from './useCurrentUser';

/**
 * The signed-in user's role in the current organisation (from users/me), or null while unknown:
 * screens then offer nothing the role might not allow, and the server decides anyway.
 */
export function useCurrentRole(): MemberRole | null {
  const { user, organisation } = useCurrentUser();
  if (user === null || organisation === null) return null;
  return user.organizations.find((membership) => membership.id === organisation.id)?.role ?? null;
}
