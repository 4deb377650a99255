import type { ApiResult } from '../api';
import type {
  AcceptedInvitation,
  CreateInvitationRequest,
  Invitation,
  InvitationLinkPreview,
  Member,
  MemberRole,
  Organization,
} from '../contract';
import type { DownloadedFile } from '../shared';

/** The team of the current organisation (the one in X-Organization-Id). */
export interface TeamGateway {
  members(): Promise<ApiResult<readonly Member[]>>;
  changeRole(userId: number, role: MemberRole): Promise<ApiResult<readonly Member[]>>;
  remove(userId: number): Promise<ApiResult<void>>;
  leave(): Promise<ApiResult<void>>;
  transfer(userId: number): Promise<ApiResult<readonly Member[]>>;
  rename(name: string): Promise<ApiResult<Organization>>;
  invitations(): Promise<ApiResult<readonly Invitation[]>>;
  invite(request: CreateInvitationRequest): Promise<ApiResult<Invitation>>;
  withdraw(invitationId: number): Promise<ApiResult<void>>;
  resend(invitationId: number): Promise<ApiResult<Invitation>>;
  /** Everything of the organisation as a ZIP (owners). */
  exportOrganization(): Promise<ApiResult<DownloadedFile>>;
  /** Deletes the organisation; `confirmName` is its name, typed by the owner. */
  deleteOrganization(confirmName: string): Promise<ApiResult<void>>;
}

/** An invitation link, before and after signing in. */
export interface InvitationLinkGateway {
  preview(token: string): Promise<ApiResult<InvitationLinkPreview>>;
  accept(token: string): Promise<ApiResult<AcceptedInvitation>>;
}
