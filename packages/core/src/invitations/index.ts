// The invitations feature: who may be invited or reminded (the contact rule, unsubscribes,
// answers), the delivery statuses' names and the unsubscribe page's address hint. The wire types
// are in the contract feature (contract/invitations.ts).
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
