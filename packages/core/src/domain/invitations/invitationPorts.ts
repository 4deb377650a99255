import type { ApiResult } from '../api';
import type {
  ContactRules,
  DeliveryStatus,
  InvitationPreviewResult,
  InvitationRequest,
  InvitationSendResult,
  ReminderSettings,
  SurveyInvitations,
  UnsubscribePreview,
} from '../contract';

/** Which page of a survey's invitations, optionally of one status. */
export interface InvitationListQuery {
  readonly status?: DeliveryStatus;
  readonly page?: number;
  readonly page_size?: number;
}

/** A survey's invitations (/api/v1/surveys/:id/invitations…) and the organisation's contact rule. */
export interface InvitationsGateway {
  preview(surveyId: number, request: InvitationRequest): Promise<ApiResult<InvitationPreviewResult>>;
  send(surveyId: number, request: InvitationRequest): Promise<ApiResult<InvitationSendResult>>;
  list(surveyId: number, query: InvitationListQuery): Promise<ApiResult<SurveyInvitations>>;
  updateReminders(surveyId: number, patch: Partial<ReminderSettings>): Promise<ApiResult<ReminderSettings>>;
  contactRules(): Promise<ApiResult<ContactRules>>;
  updateContactRules(rules: ContactRules): Promise<ApiResult<ContactRules>>;
}

/** The public unsubscribe link (/api/v1/unsubscribe/:token), used signed out. */
export interface UnsubscribeGateway {
  preview(token: string): Promise<ApiResult<UnsubscribePreview>>;
  unsubscribe(token: string): Promise<ApiResult<UnsubscribePreview>>;
}
