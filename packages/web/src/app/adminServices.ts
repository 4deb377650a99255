/**
 * What the admin screens (/admin, its billing and its log) need, loaded by the container with the
 * first of them: only platform admins open them, so the login page and every other screen go
 * without their gateways and the log browser. Nothing here knows inversify.
 */
export { createAdminBillingGateway, createAdminGateway, createAdminLogsGateway } from '@loop/adapters';
export { LogBrowser } from '@loop/core/logBrowser';
