import type { ApiResult } from '../api';
import { type FormResult, formFromApi, formInvalid } from '../api';
import type {
  ContactRules,
  InvitationPreviewResult,
  InvitationSendResult,
  ReminderSettings,
  SurveyInvitations,
  UnsubscribePreview,
} from '../contract';
import { composeInvitation, type InvitationChoices } from './invitationComposer';
import type { InvitationListQuery, InvitationsGateway, UnsubscribeGateway } from './invitationPorts';
import { REMINDER_LIMITS } from './invitationRules';

export interface SurveyInvitationUseCaseDeps {
  readonly gateway: InvitationsGateway;
  readonly now: () => Date;
}

export const SETTINGS_MESSAGES = {
  afterDays: `Kies een aantal dagen van ${REMINDER_LIMITS.afterDays.min} tot en met ${REMINDER_LIMITS.afterDays.max}.`,
  maxReminders: `Kies ${REMINDER_LIMITS.maxReminders.min} tot en met ${REMINDER_LIMITS.maxReminders.max} herinneringen.`,
  minDays: 'Kies een aantal dagen van 1 tot en met 365, of laat het veld leeg voor geen grens.',
} as const;

const within = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isInteger(value) && value >= min && value <= max;

/** The survey's invitation screen: preview, send, the list, reminders, and the organisation's contact rule. */
export interface SurveyInvitationUseCases {
  preview(surveyId: number, choices: InvitationChoices): Promise<FormResult<InvitationPreviewResult>>;
  send(surveyId: number, choices: InvitationChoices): Promise<FormResult<InvitationSendResult>>;
  list(surveyId: number, query: InvitationListQuery): Promise<ApiResult<SurveyInvitations>>;
  updateReminders(surveyId: number, patch: Partial<ReminderSettings>): Promise<FormResult<ReminderSettings>>;
  contactRules(): Promise<ApiResult<ContactRules>>;
  updateContactRules(rules: ContactRules): Promise<FormResult<ContactRules>>;
}

export function createSurveyInvitationUseCases(deps: SurveyInvitationUseCaseDeps): SurveyInvitationUseCases {
  const composed = (choices: InvitationChoices) => composeInvitation(choices, deps.now());
  return {
    preview: async (surveyId, choices) => {
      const request = composed(choices);
      if (!request.ok) return formInvalid({ [request.field]: request.message });
      return formFromApi(await deps.gateway.preview(surveyId, request.request));
    },
    send: async (surveyId, choices) => {
      const request = composed(choices);
      if (!request.ok) return formInvalid({ [request.field]: request.message });
      return formFromApi(await deps.gateway.send(surveyId, request.request));
    },
    list: (surveyId, query) => deps.gateway.list(surveyId, query),
    updateReminders: async (surveyId, patch) => {
      if (patch.after_days !== undefined && !within(patch.after_days, REMINDER_LIMITS.afterDays)) {
        return formInvalid({ after_days: SETTINGS_MESSAGES.afterDays });
      }
      if (patch.max_reminders !== undefined && !within(patch.max_reminders, REMINDER_LIMITS.maxReminders)) {
        return formInvalid({ max_reminders: SETTINGS_MESSAGES.maxReminders });
      }
      return formFromApi(await deps.gateway.updateReminders(surveyId, patch));
    },
    contactRules: () => deps.gateway.contactRules(),
    updateContactRules: async (rules) => {
      const days = rules.min_days_between;
      if (days !== null && !within(days, { min: 1, max: 365 })) {
        return formInvalid({ min_days_between: SETTINGS_MESSAGES.minDays });
      }
      return formFromApi(await deps.gateway.updateContactRules(rules));
    },
  };
}

/** The unsubscribe page: what the link is about, and the one click. */
export interface UnsubscribeUseCases {
  preview(token: string): Promise<ApiResult<UnsubscribePreview>>;
  unsubscribe(token: string): Promise<ApiResult<UnsubscribePreview>>;
}

export const createUnsubscribeUseCases = (deps: {
  readonly gateway: UnsubscribeGateway;
}): UnsubscribeUseCases => ({
  preview: (token) => deps.gateway.preview(token),
  unsubscribe: (token) => deps.gateway.unsubscribe(token),
});

export const UNSUBSCRIBE_TEXTS = {
  title: 'Afmelden',
  question: (organization: string) =>
    `Wil je geen uitnodigingen voor surveys van ${organization} meer ontvangen?`,
  button: 'Afmelden',
  done: (organization: string) =>
    `Je bent afgemeld. ${organization} stuurt je via Loop geen uitnodigingen en herinneringen meer.`,
  notFound: 'Deze afmeldlink bestaat niet (meer). Controleer of je de hele link uit de e-mail hebt gebruikt.',
} as const;
