import type { AdminOverview, AdminUser } from '@loop/core';
import { requireAdmin } from '../auth/authenticate';
import { bearerAuth, ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import {
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  type PagingQuery,
  pageSchema,
  pagingQueryProperties,
  parsePaging,
} from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { boolean, integer, object, string } from '../http/schema';
import { adminOverview, adminUsers } from './adminQueries';

export const ADMIN_PAGE_SIZE_DEFAULT = PAGE_SIZE_DEFAULT;
export const ADMIN_PAGE_SIZE_MAX = PAGE_SIZE_MAX;

const TAGS = ['admin'];

const adminUserSchema = object<AdminUser>({
  id: integer(),
  name: string(),
  email: string(),
  is_admin: boolean(),
  can_manage_templates: boolean(),
  email_verified: boolean(),
  onboarding_completed: boolean(),
  organizations: integer({ description: 'Aantal organisaties waar de gebruiker lid van is.' }),
  created_at: string({ format: 'date-time' }),
});

interface UsersQuery extends PagingQuery {
  readonly q?: string;
}

function parseUsersQuery(query: UsersQuery): { page: number; pageSize: number; search: string } {
  return { ...parsePaging(query), search: (query.q ?? '').trim() };
}

/** Platform administration (users.is_admin only; everyone else gets 403). */
export const adminRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    const responses = { 403: ERRORS.forbidden, ...PROTECTED_ERRORS };

    app.get(
      '/admin/overview',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'getAdminOverview',
          tags: TAGS,
          summary: 'Platform totals',
          description:
            'Aantallen gebruikers, bevestigde gebruikers, organisaties en actieve sessies. Alleen voor beheerders.',
          security: bearerAuth,
          response: {
            200: object<AdminOverview>({
              users_total: integer(),
              users_verified: integer(),
              organizations_total: integer(),
              sessions_active: integer({
                description: 'Niet ingetrokken sessies met een geldig verversingstoken.',
              }),
            }),
            ...responses,
          },
        },
      },
      async (request) => {
        requireAdmin(request);
        return adminOverview(deps.db, deps.clock.now());
      },
    );

    app.get(
      '/admin/users',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'listAdminUsers',
          tags: TAGS,
          summary: 'List users',
          description:
            'Gebruikers per pagina (oudste eerst), optioneel gefilterd op naam of e-mailadres. Alleen voor beheerders.',
          security: bearerAuth,
          querystring: object<UsersQuery>(
            {
              ...pagingQueryProperties,
              q: string({ maxLength: 200, description: 'Zoekterm in naam of e-mailadres.' }),
            },
            { optional: ['page', 'page_size', 'q'] },
          ),
          response: {
            200: pageSchema(adminUserSchema, 'Aantal gebruikers dat aan het filter voldoet.'),
            400: ERRORS.badRequest,
            ...responses,
          },
        },
      },
      async (request) => {
        requireAdmin(request);
        return adminUsers(deps.db, parseUsersQuery(request.query));
      },
    );
  };
