import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES } from '../contract';
import { assignableRoles, can, isMemberRole, PERMISSIONS, type Permission } from './permissions';

/** The table as the product promises it: owner everything, manager runs the work, member builds, viewer reads. */
const EXPECTED: Readonly<Record<Permission, readonly string[]>> = {
  'organization.read': ['owner', 'manager', 'member', 'viewer'],
  'surveys.build': ['owner', 'manager', 'member'],
  'results.export': ['owner', 'manager', 'member'],
  'surveys.manage': ['owner', 'manager'],
  'templates.manage': ['owner', 'manager'],
  'branding.manage': ['owner', 'manager'],
  'members.invite': ['owner', 'manager'],
  'members.manage': ['owner'],
  'billing.manage': ['owner'],
  'organization.rename': ['owner'],
  'organization.own': ['owner'],
  'finance.read': ['owner', 'manager', 'member'],
  'finance.manage': ['owner', 'manager'],
  'kpis.manage': ['owner', 'manager', 'member'],
  'analysis.use': ['owner', 'manager', 'member'],
  'contacts.manage': ['owner', 'manager', 'member'],
  'contacts.rules': ['owner', 'manager'],
  'apiKeys.manage': ['owner', 'manager'],
  'webhooks.manage': ['owner', 'manager'],
};

describe('can', () => {
  it('should grant exactly the permissions of the role table', () => {
    for (const permission of PERMISSIONS) {
      const granted = MEMBER_ROLES.filter((role) => can(role, permission));
      expect(granted, permission).toEqual(EXPECTED[permission]);
    }
  });

  it('should grant nothing without a role or with an unknown one', () => {
    expect(can(null, 'organization.read')).toBe(false);
    expect(can(undefined, 'organization.read')).toBe(false);
    expect(can('admin' as never, 'organization.read')).toBe(false);
  });
});

describe('assignableRoles', () => {
  it('should let an owner hand out every role, a manager every role below owner, others none', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'manager', 'member', 'viewer']);
    expect(assignableRoles('manager')).toEqual(['manager', 'member', 'viewer']);
    expect(assignableRoles('member')).toEqual([]);
    expect(assignableRoles('viewer')).toEqual([]);
    expect(assignableRoles(null)).toEqual([]);
  });
});

describe('isMemberRole', () => {
  it('should accept the four roles only', () => {
    expect(MEMBER_ROLES.every(isMemberRole)).toBe(true);
    expect(isMemberRole('admin')).toBe(false);
    expect(isMemberRole('Owner')).toBe(false);
    expect(isMemberRole(1)).toBe(false);
  });
});
