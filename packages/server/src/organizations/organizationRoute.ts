import type { Permission } from '@loop/core/organisation';
import { bearerAuth, organizationHeaderSchema } from '../http/commonSchemas';
import type { RouteContext } from '../http/routeContext';

/**
 * The options of a route on the current organisation's data (X-Organization-Id): the caller signs
 * in and needs `permission` in that organisation (permissionCheck.ts checks it before the body is
 * validated); the API document shows the bearer scheme and the header. `schema` says the rest.
 */
export function organizationRoute<S extends object>(
  authenticate: RouteContext['authenticate'],
  permission: Permission,
  schema: S,
) {
  return {
    onRequest: authenticate,
    config: { permission },
    schema: { ...schema, security: bearerAuth, headers: organizationHeaderSchema },
  };
}
