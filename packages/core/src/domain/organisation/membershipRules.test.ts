import { describe, expect, it } from 'vitest';
import {
  decideInvitation,
  decideLeave,
  decideOwnershipTransfer,
  decideRemoval,
  decideRoleChange,
  type MemberFacts,
} from './membershipRules';

const owner: MemberFacts = { userId: 1, role: 'owner' };
const secondOwner: MemberFacts = { userId: 2, role: 'owner' };
const manager: MemberFacts = { userId: 3, role: 'manager' };
const member: MemberFacts = { userId: 4, role: 'member' };
const viewer: MemberFacts = { userId: 5, role: 'viewer' };
const team = [owner, manager, member, viewer];

const errorOf = (result: { ok: boolean; error?: string }) => (result.ok ? 'ok' : result.error);

describe('decideRoleChange', () => {
  it('should let an owner change another member to any role', () => {
    expect(decideRoleChange(owner, member, 'manager', team)).toEqual({ ok: true, value: 'manager' });
    expect(decideRoleChange(owner, member, 'owner', team)).toEqual({ ok: true, value: 'owner' });
  });

  it('should refuse managers, members and viewers with the reason', () => {
    const refused = decideRoleChange(manager, member, 'viewer', team);
    expect(refused).toMatchObject({ ok: false, error: 'forbidden' });
    expect(refused.ok ? '' : refused.detail).toBe(
      'Alleen een eigenaar kan rollen wijzigen en leden verwijderen.',
    );
    expect(errorOf(decideRoleChange(viewer, member, 'viewer', team))).toBe('forbidden');
  });

  it('should never leave the organisation without an owner', () => {
    const withTwo = [owner, secondOwner, member];
    expect(errorOf(decideRoleChange(owner, secondOwner, 'member', withTwo))).toBe('ok');
    expect(errorOf(decideRoleChange(owner, owner, 'member', team))).toBe('self');
    expect(errorOf(decideRoleChange(secondOwner, owner, 'member', [owner, secondOwner]))).toBe('ok');
  });

  it('should refuse a role the member already has', () => {
    expect(errorOf(decideRoleChange(owner, member, 'member', team))).toBe('unchanged');
  });
});

describe('decideRemoval', () => {
  it('should let an owner remove others but not the last owner, and nobody else remove anyone', () => {
    expect(errorOf(decideRemoval(owner, member, team))).toBe('ok');
    expect(errorOf(decideRemoval(owner, secondOwner, [owner, secondOwner]))).toBe('ok');
    expect(errorOf(decideRemoval(manager, member, team))).toBe('forbidden');
    expect(errorOf(decideRemoval(owner, owner, team))).toBe('self');
  });
});

describe('decideLeave', () => {
  it('should let anyone leave except the last owner', () => {
    expect(errorOf(decideLeave(member, team))).toBe('ok');
    expect(errorOf(decideLeave(viewer, team))).toBe('ok');
    const lastOwner = decideLeave(owner, team);
    expect(lastOwner).toMatchObject({ ok: false, error: 'last_owner' });
    expect(lastOwner.ok ? '' : lastOwner.detail).toContain('laatste eigenaar');
    expect(errorOf(decideLeave(owner, [owner, secondOwner]))).toBe('ok');
  });
});

describe('decideOwnershipTransfer', () => {
  it('should make the target owner and the owner a manager', () => {
    expect(decideOwnershipTransfer(owner, member)).toEqual({
      ok: true,
      value: { actorRole: 'manager', targetRole: 'owner' },
    });
  });

  it('should refuse non-owners, the owner themself and a target who is already owner', () => {
    expect(errorOf(decideOwnershipTransfer(manager, member))).toBe('forbidden');
    expect(errorOf(decideOwnershipTransfer(owner, owner))).toBe('self');
    expect(errorOf(decideOwnershipTransfer(owner, secondOwner))).toBe('already_owner');
  });
});

describe('decideInvitation', () => {
  it('should let owners invite with any role and managers below owner', () => {
    expect(errorOf(decideInvitation('owner', 'owner'))).toBe('ok');
    expect(errorOf(decideInvitation('manager', 'manager'))).toBe('ok');
    expect(errorOf(decideInvitation('manager', 'owner'))).toBe('not_assignable');
    expect(errorOf(decideInvitation('member', 'viewer'))).toBe('forbidden');
    expect(errorOf(decideInvitation(null, 'viewer'))).toBe('forbidden');
  });
});
