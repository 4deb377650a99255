import { describe, expect, it } from 'vitest';
import type { InvitationLinkPreview, Member } from '../contract';
import { invitationStep, teamView } from './teamView';

const member = (userId: number, role: Member['role'], isYou = false): Member => ({
  user_id: userId,
  name: `Persoon ${userId}`,
  email: `p${userId}@voorbeeld.nl`,
  role,
  joined_at: null,
  is_you: isYou,
});

describe('teamView', () => {
  it('should let an owner change and remove others, but never themself or the last owner', () => {
    const view = teamView([member(1, 'owner', true), member(2, 'manager'), member(3, 'viewer')], 'owner');
    expect(
      view.rows.map((row) => [row.member.user_id, row.roleChoices.length, row.canRemove, row.canTransfer]),
    ).toEqual([
      [1, 0, false, false],
      [2, 4, true, true],
      [3, 4, true, true],
    ]);
    expect(view.rows[0]!.roleLabel).toBe('Eigenaar');
    expect(view.manageRefusal).toBeNull();
    expect(view.canRename).toBe(true);
    expect(view.leaveRefusal).toContain('laatste eigenaar');
  });

  it('should let a second owner be changed or removed', () => {
    const view = teamView([member(1, 'owner', true), member(2, 'owner')], 'owner');
    expect(view.rows[1]).toMatchObject({ canRemove: true, canTransfer: false });
    expect(view.rows[1]!.roleChoices).toEqual(['owner', 'manager', 'member', 'viewer']);
    expect(view.leaveRefusal).toBeNull();
  });

  it('should let a manager invite below owner and explain why members cannot be managed', () => {
    const view = teamView([member(1, 'owner'), member(2, 'manager', true), member(3, 'member')], 'manager');
    expect(view.canInvite).toBe(true);
    expect(view.inviteRoles).toEqual(['manager', 'member', 'viewer']);
    expect(view.rows.every((row) => row.roleChoices.length === 0 && !row.canRemove && !row.canTransfer)).toBe(
      true,
    );
    expect(view.manageRefusal).toBe('Alleen een eigenaar kan rollen wijzigen en leden verwijderen.');
    expect(view.canRename).toBe(false);
  });

  it('should show a viewer the team and why they cannot invite', () => {
    const view = teamView([member(1, 'owner'), member(4, 'viewer', true)], 'viewer');
    expect(view.canInvite).toBe(false);
    expect(view.inviteRoles).toEqual([]);
    expect(view.inviteRefusal).toBe("Alleen een eigenaar of beheerder kan collega's uitnodigen.");
    expect(view.leaveRefusal).toBeNull();
  });
});

describe('invitationStep', () => {
  const preview = (overrides: Partial<InvitationLinkPreview> = {}): InvitationLinkPreview => ({
    organization_name: 'Team BV',
    email: 'ingrid@voorbeeld.nl',
    role: 'member',
    invited_by: 'Olga',
    state: 'valid',
    has_account: false,
    ...overrides,
  });

  it('should offer registration or login to someone signed out, by whether the address has an account', () => {
    expect(invitationStep(preview(), null)).toBe('register');
    expect(invitationStep(preview({ has_account: true }), null)).toBe('login');
  });

  it('should offer acceptance only to the invited address, whatever its case', () => {
    expect(invitationStep(preview(), ' Ingrid@Voorbeeld.nl')).toBe('accept');
    expect(invitationStep(preview(), 'iemand@voorbeeld.nl')).toBe('other_account');
  });

  it('should stop at an expired link', () => {
    expect(invitationStep(preview({ state: 'expired' }), 'ingrid@voorbeeld.nl')).toBe('expired');
  });
});
