import type { AdminOverview, AdminUser, AdminUserQuery, Page } from '@loop/core';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useQuery } from '../shared/useQuery';

/** Page size of the admin users table. */
export const ADMIN_PAGE_SIZE = 25;

/** Platform totals for the 'Beheer' screen. */
export function useAdminOverview(): Remote<AdminOverview> {
  const admin = useAsyncInjection(TOKENS.AdminGateway);
  return useQuery('admin:overview', () => admin.overview());
}

/** One page of the users table, searched by name or e-mail. */
export function useAdminUsers(query: AdminUserQuery): Remote<Page<AdminUser>> {
  const admin = useAsyncInjection(TOKENS.AdminGateway);
  return useQuery(`admin:users:${JSON.stringify(query)}`, () => admin.users(query));
}
