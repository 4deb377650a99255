import type { LogLevel } from '@loop/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { knownOrganizationId } from '../organizations/memberships';
import type { AppLog, AuditEvent } from './appLog';

/** Requests not worth a row: load-balancer health checks would drown everything else. */
const UNLOGGED_ROUTES = new Set(['/api/v1/health']);

/** What the log shows as route when no route matched: the real path may hold ids or tokens. */
export const UNMATCHED_ROUTE = '(onbekende route)';

export function levelOfStatus(status: number): LogLevel {
  if (status >= 500) return 'error';
  if (status >= 400) return 'warning';
  return 'info';
}

/** The route pattern of a request (`/api/v1/payments/:id`), never its real path or query. */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/** Which API key made the request (R-KEY-8): its id and prefix, never the key. */
const viaKey = (request: FastifyRequest): string => {
  const key = request.auth?.apiKey;
  return key ? ` met API-sleutel ${key.prefix} (id ${key.id})` : '';
};

/**
 * Records every API request after its answer went out: method, route pattern, status and duration,
 * plus the organisation the request worked in and the API key it came with. Never the path, query,
 * body, headers or address.
 */
export function registerRequestLog(app: FastifyInstance, log: AppLog): void {
  app.addHook('onResponse', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    const isApi = pattern === undefined ? request.url.startsWith('/api/') : pattern.startsWith('/api/');
    if (isApi && !UNLOGGED_ROUTES.has(pattern ?? '')) {
      const route = pattern ?? UNMATCHED_ROUTE;
      const status = reply.statusCode;
      log.record({
        level: levelOfStatus(status),
        category: 'http',
        orgId: knownOrganizationId(request),
        action: request.method,
        route,
        httpStatus: status,
        message: `${request.method} ${route} ${status} in ${Math.round(reply.elapsedTime)} ms${viaKey(request)}`,
      });
    }
    done();
  });
}

/** An audit event of this request: its route pattern and organisation filled in. */
export function auditRequest(log: AppLog, request: FastifyRequest, event: AuditEvent): void {
  log.audit({ orgId: knownOrganizationId(request), route: routeOf(request), ...event });
}
