// The invitations feature: who may be invited or reminded (the contact rule, unsubscribes,
// answers), the delivery statuses' names, the unsubscribe page's address hint and the invitation
// mail's own words in every contact language. The wire types
// are in the contract feature (contract/invitations.ts).

export type {
  ComposedRequest,
  InvitationChoices,
  PickedContact,
  RecipientMode,
} from './invitationComposer';
export {
  COMPOSER_MESSAGES,
  composeInvitation,
  EMPTY_CHOICES,
  pickContact,
  RECIPIENT_MODE_LABELS,
  RECIPIENT_MODES,
  unpickContact,
} from './invitationComposer';
export type { InvitationMailWords } from './invitationMailWords';
export { INVITATION_MAIL_WORDS, invitationMailWords } from './invitationMailWords';
export type { InvitationListQuery, InvitationsGateway, UnsubscribeGateway } from './invitationPorts';
export type { InvitationFacts, ReminderFacts, Skip } from './invitationRules';
export {
  ANONYMOUS_SURVEY_TEXT,
  DEFAULT_REMINDERS,
  DELIVERY_STATUS_LABELS,
  emailHint,
  invitationSkip,
  REMINDER_LIMITS,
  reminderDue,
  SKIP_TEXTS,
} from './invitationRules';
export type {
  SurveyInvitationUseCaseDeps,
  SurveyInvitationUseCases,
  UnsubscribeUseCases,
} from './invitationUseCases';
export {
  createSurveyInvitationUseCases,
  createUnsubscribeUseCases,
  SETTINGS_MESSAGES,
  UNSUBSCRIBE_TEXTS,
} from './invitationUseCases';
export type { InvitationRow } from './invitationView';
export {
  invitationRow,
  SENDING_REFRESH_MS,
  sendingState,
  sentText,
  skippedText,
  statusSummary,
} from './invitationView';
export type { RoundRhythm } from './roundSchedule';
export {
  amsterdamMoment,
  nextRoundDue,
  ROUND_LIMITS,
  ROUND_MESSAGES,
  ROUND_NOTES,
  ROUND_SCHEDULE_STATE_LABELS,
  ROUND_STATE_LABELS,
  rhythmText,
  roundDueAt,
  roundLabel,
  roundScheduleProblems,
} from './roundSchedule';
export type { RoundForm, RoundsGateway, RoundUseCases } from './roundUseCases';
export { createRoundUseCases } from './roundUseCases';
