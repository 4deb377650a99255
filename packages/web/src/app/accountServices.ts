/**
 * What the team, invitation, account-data, payment-return and invoice screens need, loaded by the
 * container with the first of them instead of with every page. Nothing here knows inversify.
 */
import type { FileSaver, UserGateway } from '@loop/core';
import { createOwnDataUseCases, type OwnDataUseCases } from '@loop/core/account';
import type { ClientApp } from '@loop/core/app';
import type { TeamGateway } from '@loop/core/organisation';

export { createInvitationLinkGateway, createInvoiceGateway, createTeamGateway } from '@loop/adapters';
export { createInvitationUseCases } from '@loop/core/account';
export { createInvoiceUseCases, createPaymentReturn } from '@loop/core/billing';

/** Account data: erasing the account ends the session, and a change reloads the current user. */
export const ownDataUseCases = (
  users: UserGateway,
  team: TeamGateway,
  files: FileSaver,
  app: ClientApp,
): OwnDataUseCases =>
  createOwnDataUseCases({
    users,
    team,
    files,
    endSession: () => app.session.end('signed-out'),
    reloadUser: () => app.currentUser.reload(),
  });
