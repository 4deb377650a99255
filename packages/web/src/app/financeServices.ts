/**
 * What the finance screen (/finance) needs, loaded by the container with that screen instead of
 * with every page. Nothing here knows inversify.
 */
export { createFinanceGateway } from '@loop/adapters';
