import type { LogItem, LogsResponse } from '@loop/core';
import { requireAdmin } from '../auth/authenticate';
import { APP_LOG_LEVELS } from '../db/schema';
import { invalidInput } from '../http/apiError';
import { bearerAuth, ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { array, integer, nullable, object, oneOf, string } from '../http/schema';
import { type LogWindow, listLogs } from './logStore';

/** Without parameters the screen gets the last 30 days, at most 100,000 rows (newest first). */
export const LOG_WINDOW_DEFAULT_DAYS = 30;
export const LOG_LIMIT_DEFAULT = 100_000;
export const LOG_LIMIT_MAX = 200_000;

const DAY_MS = 86_400_000;

interface LogsQuery {
  readonly from?: string;
  readonly to?: string;
  readonly limit?: string;
}

const logItemSchema = object<LogItem>({
  id: integer(),
  ts: nullable(string({ format: 'date-time' })),
  level: oneOf(APP_LOG_LEVELS),
  category: string({ description: 'Bijvoorbeeld http, auth, billing, organization, admin, system.' }),
  org_id: nullable(integer()),
  action: string({ description: 'HTTP-methode bij verzoeken, anders de gebeurtenis (auth.login, …).' }),
  route: string({ description: 'Routepatroon, zoals /api/v1/payments/:id; nooit het echte pad.' }),
  http_status: nullable(integer()),
  message: string(),
  log_date: nullable(string({ format: 'date', description: 'Kalenderdag van ts in Europe/Amsterdam.' })),
});

/** ISO 8601 with a time and a zone: a bare date would leave open which midnight is meant. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function parseLogWindow(query: LogsQuery, now: Date): LogWindow {
  const errors: Record<string, string> = {};
  const instant = (raw: string | undefined, field: 'from' | 'to'): Date | null => {
    if (raw === undefined || raw === '') return null;
    const ms = INSTANT.test(raw) ? Date.parse(raw) : Number.NaN;
    if (Number.isNaN(ms)) {
      errors[field] = `${field} moet een tijdstip zijn zoals 2026-11-01T00:00:00Z.`;
      return null;
    }
    return new Date(ms);
  };
  const to = instant(query.to, 'to') ?? now;
  const from = instant(query.from, 'from') ?? new Date(to.getTime() - LOG_WINDOW_DEFAULT_DAYS * DAY_MS);
  let limit = LOG_LIMIT_DEFAULT;
  if (query.limit !== undefined && query.limit !== '') {
    limit = /^\d{1,7}$/.test(query.limit) ? Number(query.limit) : 0;
    if (limit < 1 || limit > LOG_LIMIT_MAX) {
      errors.limit = `limit moet een geheel getal van 1 tot en met ${LOG_LIMIT_MAX} zijn.`;
    }
  }
  if (Object.keys(errors).length === 0 && from.getTime() > to.getTime()) {
    errors.from = 'from moet vóór to liggen.';
  }
  if (Object.keys(errors).length > 0) throw invalidInput(errors);
  return { from, to, limit };
}

/** GET /admin/logs: the application log for platform administrators. */
export const logRoutes =
  ({ deps, authenticate }: RouteContext): RoutesPlugin =>
  async (app) => {
    app.get(
      '/admin/logs',
      {
        onRequest: authenticate,
        schema: {
          operationId: 'listAdminLogs',
          tags: ['admin'],
          summary: 'Application log',
          description:
            'De applicatielog, nieuwste eerst: alleen metadata en gebeurtenissen, geen persoonsgegevens. ' +
            `Zonder parameters de laatste ${LOG_WINDOW_DEFAULT_DAYS} dagen en hoogstens ` +
            `${LOG_LIMIT_DEFAULT.toLocaleString('nl-NL')} regels. Alleen voor beheerders.`,
          security: bearerAuth,
          querystring: object<LogsQuery>(
            {
              from: string({
                maxLength: 40,
                description: `Vanaf dit tijdstip (ISO 8601 met zone; standaard ${LOG_WINDOW_DEFAULT_DAYS} dagen vóór to).`,
              }),
              to: string({ maxLength: 40, description: 'Tot en met dit tijdstip (standaard: nu).' }),
              limit: string({
                pattern: '^[0-9]+$',
                description: `Hoogstens zoveel regels, 1 tot en met ${LOG_LIMIT_MAX} (standaard ${LOG_LIMIT_DEFAULT}).`,
              }),
            },
            { optional: ['from', 'to', 'limit'] },
          ),
          response: {
            200: object<LogsResponse>({ items: array(logItemSchema) }),
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request) => {
        requireAdmin(request);
        const window = parseLogWindow(request.query, deps.clock.now());
        return { items: await listLogs(deps.db, window) };
      },
    );
  };
