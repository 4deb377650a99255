import { can, PERMISSION_DENIED, type Permission } from '@loop/core/organisation';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import type { AppDeps } from '../appDeps';
import { ApiError } from '../http/apiError';
import { currentOrganization } from './memberships';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with the permission it declares (see installPermissionCheck). */
    readonly routePermissions: RoutePermissions;
  }
  interface FastifyContextConfig {
    /**
     * What the caller's role in the current organisation (X-Organization-Id) must allow, from
     * core's permission table. Every route that works on an organisation's data declares one.
     */
    permission?: Permission;
    /**
     * The platform's template managers (`can_manage_templates`, R-ACCESS-6) may too, whatever their
     * role: the organisation's own templates.
     */
    alsoTemplateManagers?: boolean;
  }
}

/** A route and the permission it declares (null: not organisation-scoped). */
export interface RoutePermission {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly permission: Permission | null;
}

/** The routes registered so far with their permissions, for the role matrix test. */
export type RoutePermissions = readonly RoutePermission[];

/**
 * Installs the role check every organisation route relies on: before validation (so a role that
 * may not gets 403, whatever it sent), after authentication. A non-member's organisation id answers
 * 404 from `currentOrganization`, like an organisation that does not exist. Must run before the
 * routes are registered; returns the list of routes with their permissions as they are added.
 */
export function installPermissionCheck(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): RoutePermissions {
  const routes: RoutePermission[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, permission: route.config?.permission ?? null });
    }
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const { permission, alsoTemplateManagers } = request.routeOptions.config;
    if (permission === undefined) return;
    const organization = await currentOrganization(deps, request);
    if (can(organization.role, permission)) return;
    if (alsoTemplateManagers === true && request.auth?.user.canManageTemplates === true) return;
    throw new ApiError(403, PERMISSION_DENIED[permission]);
  });
  return routes;
}
