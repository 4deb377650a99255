import { can, type Permission } from '@loop/core/organisation';
import { useCallback } from 'react';
import { useCurrentRole } from './useCurrentRole';

/**
 * Whether the user's role in the current organisation allows a permission (core's `can`). While
 * the role is unknown (loading, failed) everything counts as allowed and the server decides, which
 * answers 403 with the reason where the role does not suffice.
 */
export function useCan(): (permission: Permission) => boolean {
  const role = useCurrentRole();
  return useCallback((permission: Permission) => role === null || can(role, permission), [role]);
}
