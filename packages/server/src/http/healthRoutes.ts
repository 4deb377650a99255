import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { ApiError } from './apiError';
import { errorResponse } from './commonSchemas';
import type { RoutesPlugin } from './routeContext';
import { literal, object } from './schema';

/** GET /api/v1/health: for load balancers and start-up scripts; checks the database too. */
export const healthRoutes =
  (deps: AppDeps): RoutesPlugin =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          operationId: 'getHealth',
          tags: ['system'],
          security: [],
          summary: 'Health check',
          description: 'Antwoordt {status: "ok"} als de server draait en de database bereikbaar is.',
          response: {
            200: object<{ status: 'ok' }>({ status: literal('ok') }),
            503: errorResponse('De database is niet bereikbaar.'),
          },
        },
      },
      async (request) => {
        try {
          await deps.db.execute(sql`select 1`);
        } catch (error) {
          request.log.error({ err: error }, 'Database niet bereikbaar');
          throw new ApiError(503, 'De server kan de database niet bereiken. Probeer het later opnieuw.');
        }
        return { status: 'ok' as const };
      },
    );
  };
