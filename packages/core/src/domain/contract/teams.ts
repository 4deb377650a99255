/** The roles within an organisation, as the wire names them (`organizations[].role`); what each may do is in organisation/permissions.ts. */
export const MEMBER_ROLES = ['owner', 'manager', 'member', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

// Teams: the members of the current organisation (X-Organization-Id), their roles and invitations.
// Routes under /organization work on the current organisation, like R-ANALYSIS-8's
// POST /organization/business-analysis.

/** GET /organization/members: one row per member, owners first, then by name. */
export interface Member {
  readonly user_id: number;
  readonly name: string;
  readonly email: string;
  readonly role: MemberRole;
  /** ISO timestamp; null for memberships from before it was recorded. */
  readonly joined_at: string | null;
  /** This row is the signed-in user. */
  readonly is_you: boolean;
}

/** PATCH /organization/members/:userId (owner only; the organisation always keeps an owner). */
export interface ChangeRoleRequest {
  readonly role: MemberRole;
}

/** POST /organization/transfer: the member becomes owner, the caller becomes manager. */
export interface TransferOwnershipRequest {
  readonly user_id: number;
}

/** PATCH /organization */
export interface RenameOrganizationRequest {
  readonly name: string;
}

/** DELETE /organization: the owner types the organisation's name to confirm. */
export interface DeleteOrganizationRequest {
  readonly confirm_name: string;
}

export const INVITATION_STATES = ['pending', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** GET /organization/invitations: invitations not yet accepted or withdrawn, newest first. */
export interface Invitation {
  readonly id: number;
  readonly email: string;
  readonly role: MemberRole;
  /** Name of who invited, or null when that account is gone. */
  readonly invited_by: string | null;
  readonly created_at: string;
  readonly expires_at: string;
  readonly state: InvitationState;
}

/** POST /organization/invitations (owner or manager); the link is mailed to the address. */
export interface CreateInvitationRequest {
  readonly email: string;
  readonly role: MemberRole;
}

/** Accepted and withdrawn invitations are gone: their links answer 404 like unknown ones. */
export const INVITATION_LINK_STATES = ['valid', 'expired'] as const;
export type InvitationLinkState = (typeof INVITATION_LINK_STATES)[number];

/**
 * GET /invitations/:token (public): what the invitation page shows before the invitee accepts or
 * registers. An unknown token answers 404.
 */
export interface InvitationLinkPreview {
  readonly organization_name: string;
  readonly email: string;
  readonly role: MemberRole;
  readonly invited_by: string | null;
  readonly state: InvitationLinkState;
  /** Whether an account with this address exists: the page offers 'Inloggen' or 'Account aanmaken'. */
  readonly has_account: boolean;
}

/** POST /invitations/accept (signed in with the invited address). */
export interface AcceptInvitationRequest {
  readonly token: string;
}

/** The organisation joined by accepting an invitation. */
export interface AcceptedInvitation {
  readonly organization_id: number;
  readonly organization_name: string;
  readonly role: MemberRole;
}
