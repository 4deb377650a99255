import type { AdminOverview, AdminUser, FieldErrors, Page } from '@loop/core';
import { requireAdmin } from '../auth/authenticate';
import { invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, boolean, integer, object, string } from '../http/schema';
import { adminOverview, adminUsers } from './adminQueries';

export const ADMIN_PAGE_SIZE_DEFAULT = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
const PAGE_MAX = 1_000_000;

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

interface UsersQuery {
  readonly page?: string;
  readonly page_size?: string;
  readonly q?: string;
}

/** Query values arrive as text; a bad one is a 400 naming the parameter, never a silent default. */
function parsePaging(query: UsersQuery): { page: number; pageSize: number; search: string } {
  const errors: Record<string, string> = {};
  const whole = (raw: string | undefined, fallback: number, max: number, field: string, message: string) => {
    if (raw === undefined || raw === '') return fallback;
    const value = /^\d{1,7}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= 1 && value <= max)) errors[field] = message;
    return value;
  };
  const page = whole(
    query.page,
    1,
    PAGE_MAX,
    'page',
    'De parameter "page" moet een geheel getal van 1 of meer zijn.',
  );
  const pageSize = whole(
    query.page_size,
    ADMIN_PAGE_SIZE_DEFAULT,
    ADMIN_PAGE_SIZE_MAX,
    'page_size',
    `De parameter "page_size" moet een geheel getal van 1 tot en met ${ADMIN_PAGE_SIZE_MAX} zijn.`,
  );
  if (Object.keys(errors).length > 0) throw invalidInput(errors as FieldErrors);
  return { page, pageSize, search: (query.q ?? '').trim() };
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
          tags: TAGS,
          summary: 'List users',
          description:
            'Gebruikers per pagina (oudste eerst), optioneel gefilterd op naam of e-mailadres. Alleen voor beheerders.',
          security: bearerAuth,
          querystring: object<UsersQuery>(
            {
              page: string({ pattern: '^[0-9]+$', description: 'Pagina, vanaf 1 (standaard 1).' }),
              page_size: string({
                pattern: '^[0-9]+$',
                description: `Rijen per pagina, 1 tot en met ${ADMIN_PAGE_SIZE_MAX} (standaard ${ADMIN_PAGE_SIZE_DEFAULT}).`,
              }),
              q: string({ maxLength: 200, description: 'Zoekterm in naam of e-mailadres.' }),
            },
            { optional: ['page', 'page_size', 'q'] },
          ),
          response: {
            200: object<Page<AdminUser>>({
              items: array(adminUserSchema),
              total: integer({ description: 'Aantal gebruikers dat aan het filter voldoet.' }),
              page: integer(),
              page_size: integer(),
            }),
            400: ERRORS.badRequest,
            ...responses,
          },
        },
      },
      async (request) => {
        requireAdmin(request);
        return adminUsers(deps.db, parsePaging(request.query));
      },
    );
  };
