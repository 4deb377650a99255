// The access feature: the route table (who may open which page) and the guard that decides on it.
// What other features and packages use of it; everything else in this folder is internal.
export type { UserCheck } from './routeGuard';
export { decideGuard, effectiveIsAdmin, fallbackPath } from './routeGuard';
export { parseRouteId } from './routeId';
export type { RoutePath } from './routes';
export { ROUTE_ACCESS } from './routes';
