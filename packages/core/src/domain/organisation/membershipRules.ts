import type { MemberRole } from '../contract';
import { err, ok, type Result } from '../shared';
import { assignableRoles, can, PERMISSION_DENIED } from './permissions';

/** A membership as the rules need it. */
export interface MemberFacts {
  readonly userId: number;
  readonly role: MemberRole;
}

export type MembershipRefusal =
  | 'forbidden'
  | 'last_owner'
  | 'not_assignable'
  | 'self'
  | 'already_owner'
  | 'unchanged';

export const MEMBERSHIP_MESSAGES = {
  lastOwnerLeave:
    'Je bent de laatste eigenaar. Draag het eigendom eerst over aan een ander lid, of verwijder de organisatie.',
  lastOwnerRemove: 'De laatste eigenaar kan niet verwijderd worden.',
  lastOwnerDemote:
    'De organisatie heeft dan geen eigenaar meer. Maak eerst een ander lid eigenaar of draag het eigendom over.',
  notAssignable: 'Deze rol kun je niet toekennen.',
  selfRole: 'Je kunt je eigen rol niet wijzigen. Vraag een andere eigenaar, of draag het eigendom over.',
  selfRemove: "Gebruik 'Organisatie verlaten' om jezelf uit de organisatie te halen.",
  selfTransfer: 'Je bent al eigenaar.',
  alreadyOwner: 'Dit lid is al eigenaar.',
  unchanged: 'Dit lid heeft deze rol al.',
} as const;

const refuse = (error: MembershipRefusal, detail: string): Result<never, MembershipRefusal> =>
  err(error, detail);

const ownerCount = (members: readonly MemberFacts[]) => members.filter((m) => m.role === 'owner').length;

/** An owner changes another member's role; the organisation always keeps an owner. */
export function decideRoleChange(
  actor: MemberFacts,
  target: MemberFacts,
  role: MemberRole,
  members: readonly MemberFacts[],
): Result<MemberRole, MembershipRefusal> {
  if (!can(actor.role, 'members.manage')) return refuse('forbidden', PERMISSION_DENIED['members.manage']);
  if (actor.userId === target.userId) return refuse('self', MEMBERSHIP_MESSAGES.selfRole);
  if (!assignableRoles(actor.role).includes(role)) {
    return refuse('not_assignable', MEMBERSHIP_MESSAGES.notAssignable);
  }
  if (target.role === role) return refuse('unchanged', MEMBERSHIP_MESSAGES.unchanged);
  if (target.role === 'owner' && ownerCount(members) <= 1) {
    return refuse('last_owner', MEMBERSHIP_MESSAGES.lastOwnerDemote);
  }
  return ok(role);
}

/** An owner removes another member; never the last owner. */
export function decideRemoval(
  actor: MemberFacts,
  target: MemberFacts,
  members: readonly MemberFacts[],
): Result<true, MembershipRefusal> {
  if (actor.userId === target.userId) return refuse('self', MEMBERSHIP_MESSAGES.selfRemove);
  if (!can(actor.role, 'members.manage')) return refuse('forbidden', PERMISSION_DENIED['members.manage']);
  if (target.role === 'owner' && ownerCount(members) <= 1) {
    return refuse('last_owner', MEMBERSHIP_MESSAGES.lastOwnerRemove);
  }
  return ok(true);
}

/** Anyone may leave, except the last owner. */
export function decideLeave(
  actor: MemberFacts,
  members: readonly MemberFacts[],
): Result<true, MembershipRefusal> {
  if (actor.role === 'owner' && ownerCount(members) <= 1) {
    return refuse('last_owner', MEMBERSHIP_MESSAGES.lastOwnerLeave);
  }
  return ok(true);
}

/**
 * An owner hands the organisation to another member: the target becomes owner and the actor
 * becomes manager (so the transfer is real, and the actor keeps working in the organisation).
 */
export function decideOwnershipTransfer(
  actor: MemberFacts,
  target: MemberFacts,
): Result<{ readonly actorRole: MemberRole; readonly targetRole: MemberRole }, MembershipRefusal> {
  if (!can(actor.role, 'organization.own')) return refuse('forbidden', PERMISSION_DENIED['organization.own']);
  if (actor.userId === target.userId) return refuse('self', MEMBERSHIP_MESSAGES.selfTransfer);
  if (target.role === 'owner') return refuse('already_owner', MEMBERSHIP_MESSAGES.alreadyOwner);
  return ok({ actorRole: 'manager', targetRole: 'owner' });
}

/** An owner or manager invites someone with a role the inviter may hand out. */
export function decideInvitation(
  inviter: MemberRole | null,
  role: MemberRole,
): Result<MemberRole, 'forbidden' | 'not_assignable'> {
  if (!can(inviter, 'members.invite')) return err('forbidden', PERMISSION_DENIED['members.invite']);
  if (!assignableRoles(inviter).includes(role)) {
    return err('not_assignable', MEMBERSHIP_MESSAGES.notAssignable);
  }
  return ok(role);
}
