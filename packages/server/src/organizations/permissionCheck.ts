import type { ApiKeyScope } from '@loop/core';
import { can, PERMISSION_DENIED, type Permission } from '@loop/core/organisation';
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify';
import { API_KEY_ROUTE_SCOPES } from '../apiKeys/apiKeyRouteScopes';
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
    /**
     * The API key scope that opens this route (R-KEY-3). Without one the route refuses every key
     * (403): account, team, billing, admin and key management never take a key.
     */
    apiKeyScope?: ApiKeyScope;
    /** Any working key may call it, whatever its scopes: what a key says about itself (R-KEY-5). */
    apiKeySelf?: boolean;
  }
}

/** A route and the permission it declares (null: not organisation-scoped). */
export interface RoutePermission {
  readonly method: HTTPMethods;
  readonly url: string;
  readonly permission: Permission | null;
  /** The API key scope that opens it; null: keys are refused (or the route takes no login). */
  readonly apiKeyScope: ApiKeyScope | null;
  /** Whether it needs a login (its `onRequest` is the authenticate hook). */
  readonly authenticated: boolean;
}

/** The routes registered so far with their permissions, for the role matrix test. */
export type RoutePermissions = readonly RoutePermission[];

/**
 * Installs the role check every organisation route relies on: before validation (so a role that
 * may not gets 403, whatever it sent), after authentication. A non-member's organisation id answers
 * 404 from `currentOrganization`, like an organisation that does not exist. Must run before the
 * routes are registered; returns the list of routes with their permissions as they are added. It
 * also gives each route its API key scope from API_KEY_ROUTE_SCOPES (R-KEY-3), which the
 * authenticate hook checks before this one runs.
 */
export function installPermissionCheck(app: FastifyInstance, deps: Pick<AppDeps, 'db'>): RoutePermissions {
  const routes: RoutePermission[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const authenticated = [route.onRequest].flat().some((hook) => hook?.name === 'authenticate');
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const apiKeyScope = route.config?.apiKeyScope ?? API_KEY_ROUTE_SCOPES[`${method} ${route.url}`] ?? null;
      // Only a route with one method can take its scope from the table: config is per route.
      if (apiKeyScope !== null && methods.length === 1) route.config = { ...route.config, apiKeyScope };
      routes.push({
        method,
        url: route.url,
        permission: route.config?.permission ?? null,
        apiKeyScope,
        authenticated,
      });
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
