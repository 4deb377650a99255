/**
 * What the survey invitation screen and the unsubscribe page need, loaded by the container with the
 * first of them. Nothing here knows inversify.
 */
export { createInvitationsGateway, createRoundsGateway, createUnsubscribeGateway } from '@loop/adapters';
export {
  createRoundUseCases,
  createSurveyInvitationUseCases,
  createUnsubscribeUseCases,
} from '@loop/core/invitations';
