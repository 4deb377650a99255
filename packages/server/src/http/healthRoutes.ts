import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { Readiness, ReadinessState } from '../cluster/readiness';
import { ApiError } from './apiError';
import { errorResponse } from './commonSchemas';
import type { RoutesPlugin } from './routeContext';
import { literal, object } from './schema';

export const READINESS_MESSAGES: Readonly<Record<Exclude<ReadinessState, 'ready'>, string>> = {
  starting: 'De server start nog op en neemt nog geen verzoeken aan.',
  draining: 'De server stopt; nieuwe verzoeken gaan naar een andere server.',
};

const DATABASE_UNREACHABLE = 'De server kan de database niet bereiken. Probeer het later opnieuw.';

/**
 * GET /api/v1/health (liveness: the process answers and reaches its database) and GET /api/v1/ready
 * (readiness, R-CLUSTER-1: migrated and taking work; 503 while starting or draining), for load
 * balancers and start-up scripts.
 */
export const healthRoutes =
  (deps: AppDeps, readiness: Readiness): RoutesPlugin =>
  async (app) => {
    const databaseReachable = async (log: { error(details: object, message: string): void }) => {
      try {
        await deps.db.execute(sql`select 1`);
      } catch (error) {
        log.error({ err: error }, 'Database niet bereikbaar');
        throw new ApiError(503, DATABASE_UNREACHABLE);
      }
    };
    app.get(
      '/health',
      {
        schema: {
          operationId: 'getHealth',
          tags: ['system'],
          security: [],
          summary: 'Health check (liveness)',
          description: 'Antwoordt {status: "ok"} als de server draait en de database bereikbaar is.',
          response: {
            200: object<{ status: 'ok' }>({ status: literal('ok') }),
            503: errorResponse('De database is niet bereikbaar.'),
          },
        },
      },
      async (request) => {
        await databaseReachable(request.log);
        return { status: 'ok' as const };
      },
    );
    app.get(
      '/ready',
      {
        schema: {
          operationId: 'getReady',
          tags: ['system'],
          security: [],
          summary: 'Readiness check',
          description:
            'Antwoordt {status: "ready"} als deze server verzoeken aanneemt: de database is bijgewerkt en ' +
            'bereikbaar. 503 zolang hij opstart of stopt; een load balancer stuurt dan niets meer hierheen.',
          response: {
            200: object<{ status: 'ready' }>({ status: literal('ready') }),
            503: errorResponse('De server start op, stopt, of bereikt de database niet.'),
          },
        },
      },
      async (request, reply) => {
        const state = readiness.state;
        // Never cached, and the connection closes with a check (HAProxy opens one per check anyway).
        reply.header('cache-control', 'no-store');
        if (state !== 'ready') throw new ApiError(503, READINESS_MESSAGES[state]);
        await databaseReachable(request.log);
        return { status: 'ready' as const };
      },
    );
  };
