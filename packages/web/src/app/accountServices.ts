/**
 * What the team, invitation, account-data, payment-return and invoice screens need, loaded by the
 * container with the first of them instead of with every page. Nothing here knows inversify.
 */
export {
  createBrowserFileSaver,
  createInvitationLinkGateway,
  createInvoiceGateway,
  createTeamGateway,
} from '@loop/adapters';
export { createInvoiceUseCases, createPaymentReturn } from '@loop/core/billing';
export { createInvitationUseCases, createOwnDataUseCases } from '@loop/core/organisation';
