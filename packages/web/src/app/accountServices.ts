/**
 * What the team, invitation, account-data and payment-return screens need, loaded by the container
 * with the first of them instead of with every page. Nothing here knows inversify.
 */
export { createBrowserFileSaver, createInvitationLinkGateway, createTeamGateway } from '@loop/adapters';
export { createPaymentReturn } from '@loop/core/billing';
export { createInvitationUseCases, createOwnDataUseCases } from '@loop/core/organisation';
