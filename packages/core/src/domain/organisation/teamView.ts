import { normaliseEmail } from '../auth';
import type { InvitationLinkPreview, Member, MemberRole } from '../contract';
import { MEMBERSHIP_MESSAGES } from './membershipRules';
import { assignableRoles, can, PERMISSION_DENIED, ROLE_LABELS } from './permissions';

/** What the signed-in user may do with one member row of the team screen. */
export interface MemberRowView {
  readonly member: Member;
  readonly roleLabel: string;
  /** Roles to choose from in the row's role picker; empty when the role cannot be changed here. */
  readonly roleChoices: readonly MemberRole[];
  readonly canRemove: boolean;
  readonly canTransfer: boolean;
}

export interface TeamView {
  readonly rows: readonly MemberRowView[];
  readonly canInvite: boolean;
  readonly inviteRoles: readonly MemberRole[];
  /** Why the invitation form is not there, for a role that cannot invite. */
  readonly inviteRefusal: string | null;
  /** Why the role pickers and remove buttons are not there. */
  readonly manageRefusal: string | null;
  readonly canRename: boolean;
  /** Leaving is refused for the last owner, with the reason. */
  readonly leaveRefusal: string | null;
}

/**
 * The team screen's rules, from the members list and the signed-in user's role: the same table the
 * server checks, so the screen offers exactly what the server allows.
 */
export function teamView(members: readonly Member[], myRole: MemberRole | null): TeamView {
  const owners = members.filter((member) => member.role === 'owner').length;
  const manages = can(myRole, 'members.manage');
  const owns = can(myRole, 'organization.own');
  const rows = members.map((member): MemberRowView => {
    const lastOwner = member.role === 'owner' && owners <= 1;
    const editable = manages && !member.is_you;
    return {
      member,
      roleLabel: ROLE_LABELS[member.role],
      roleChoices: editable && !lastOwner ? assignableRoles(myRole) : [],
      canRemove: editable && !lastOwner,
      canTransfer: owns && !member.is_you && member.role !== 'owner',
    };
  });
  const me = members.find((member) => member.is_you);
  const canInvite = can(myRole, 'members.invite');
  return {
    rows,
    canInvite,
    inviteRoles: assignableRoles(myRole),
    inviteRefusal: canInvite ? null : PERMISSION_DENIED['members.invite'],
    manageRefusal: manages ? null : PERMISSION_DENIED['members.manage'],
    canRename: can(myRole, 'organization.rename'),
    leaveRefusal: me?.role === 'owner' && owners <= 1 ? MEMBERSHIP_MESSAGES.lastOwnerLeave : null,
  };
}

export type InvitationStep =
  /** The link has expired: ask for a new one. */
  | 'expired'
  /** Signed in with the invited address: one button to accept. */
  | 'accept'
  /** Signed in with another address: sign out first. */
  | 'other_account'
  /** Not signed in, the address has an account: log in with it. */
  | 'login'
  /** Not signed in, no account yet: register with the invited address. */
  | 'register';

/** Which step the invitation page shows for this link and this (possibly absent) signed-in user. */
export function invitationStep(preview: InvitationLinkPreview, signedInEmail: string | null): InvitationStep {
  if (preview.state === 'expired') return 'expired';
  if (signedInEmail !== null) {
    return normaliseEmail(signedInEmail) === normaliseEmail(preview.email) ? 'accept' : 'other_account';
  }
  return preview.has_account ? 'login' : 'register';
}
