/**
 * What the KPI screens (the board on /dashboard, /advanced-kpis) need, loaded by the container with
 * the first of them instead of with every page. Nothing here knows inversify.
 */
export { createKpiGateway } from '@loop/adapters';
