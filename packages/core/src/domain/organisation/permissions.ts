/**
 * Roles within an organisation and what each may do. One table, read by the server (every
 * organisation route checks a permission before it touches data) and by the web app (screens hide
 * what the role cannot do and say why). Platform rights (admin, template manager) are separate.
 */
import { MEMBER_ROLES, type MemberRole } from '../contract';

/** Dutch names of the roles, as every screen and e-mail shows them. */
export const ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  owner: 'Eigenaar',
  manager: 'Beheerder',
  member: 'Lid',
  viewer: 'Lezer',
};

/** One sentence per role for the role picker and the members list. */
export const ROLE_DESCRIPTIONS: Readonly<Record<MemberRole, string>> = {
  owner: 'Mag alles, ook het abonnement, de leden en het verwijderen of exporteren van de organisatie.',
  manager: "Beheert surveys en antwoorden, sjablonen en huisstijl, en nodigt collega's uit.",
  member: 'Maakt en bewerkt surveys en bekijkt de resultaten.',
  viewer: 'Bekijkt surveys en resultaten, maar wijzigt niets.',
};

export const PERMISSIONS = [
  /** Read surveys, results, analytics, the branding and the members list. */
  'organization.read',
  /** Create, edit, duplicate, publish and close surveys; make personal links. */
  'surveys.build',
  /** Download results as CSV or XLSX (XLSX also needs the plan's `export` feature). */
  'results.export',
  /** Delete surveys and responses, set retention, export or erase one respondent's answers. */
  'surveys.manage',
  /** The organisation's own survey templates. */
  'templates.manage',
  /** Logo, background and colour. */
  'branding.manage',
  /** Invite colleagues, withdraw and re-send invitations. */
  'members.invite',
  /** Change roles and remove members. */
  'members.manage',
  /** Change the plan, pay, cancel or check a checkout, read the payments. */
  'billing.manage',
  /** Rename the organisation. */
  'organization.rename',
  /** Download everything, hand over ownership, delete the organisation. */
  'organization.own',
  /** Read the finance records, overviews and imports, and export them. */
  'finance.read',
  /** Add, change and delete finance records; import bank statements and undo an import. */
  'finance.manage',
  /** Create, edit and delete KPIs, enter and import their values, set the organisation's board. */
  'kpis.manage',
  /**
   * Make the business analysis and read the earlier ones. The report holds the finance results
   * besides KPIs and surveys, so it asks what reading finance asks (viewers may not).
   */
  'analysis.use',
  /**
   * Read, add, change, import, export and delete contacts and segments, and invite them to surveys.
   * Contacts are personal data that the other screens do not show, so viewers may not.
   */
  'contacts.manage',
  /**
   * Set the organisation's contact rule (how often a contact may be mailed, over all surveys). It
   * binds every member's invitations, so those who invite may not loosen it themselves.
   */
  'contacts.rules',
  /**
   * Make, list and revoke the organisation's API keys (R-KEY-4). A key acts with its maker's role,
   * so only those who may do most of what a key can may make one.
   */
  'apiKeys.manage',
  /**
   * The organisation's webhook endpoints: add, change, delete, reveal and rotate their signing
   * secrets, read their delivery logs and send again (R-HOOK-2). The events carry response and
   * contact ids to another system, so only those who manage the organisation's data may.
   */
  'webhooks.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYTHING: readonly Permission[] = PERMISSIONS;

const GRANTS: Readonly<Record<MemberRole, readonly Permission[]>> = {
  owner: EVERYTHING,
  manager: [
    'organization.read',
    'surveys.build',
    'results.export',
    'surveys.manage',
    'templates.manage',
    'branding.manage',
    'members.invite',
    'finance.read',
    'finance.manage',
    'kpis.manage',
    'analysis.use',
    'contacts.manage',
    'contacts.rules',
    'apiKeys.manage',
    'webhooks.manage',
  ],
  member: [
    'organization.read',
    'surveys.build',
    'results.export',
    'finance.read',
    'kpis.manage',
    'analysis.use',
    'contacts.manage',
  ],
  viewer: ['organization.read'],
};

/** Whether a member with this role may do this. Unknown roles may do nothing. */
export function can(role: MemberRole | null | undefined, permission: Permission): boolean {
  if (role === null || role === undefined) return false;
  return GRANTS[role]?.includes(permission) ?? false;
}

/** The Dutch refusal for a permission, naming who may do it (server 403 and the screens). */
export const PERMISSION_DENIED: Readonly<Record<Permission, string>> = {
  'organization.read': 'Je bent geen lid van deze organisatie.',
  'surveys.build': 'Met de rol Lezer kun je surveys bekijken, maar niet maken of wijzigen.',
  'results.export': 'Met de rol Lezer kun je resultaten bekijken, maar niet downloaden.',
  'surveys.manage':
    'Alleen een eigenaar of beheerder kan surveys en antwoorden verwijderen of de bewaartermijn instellen.',
  'templates.manage': 'Alleen een eigenaar of beheerder kan de sjablonen van de organisatie beheren.',
  'branding.manage': 'Alleen een eigenaar of beheerder kan de huisstijl wijzigen.',
  'members.invite': "Alleen een eigenaar of beheerder kan collega's uitnodigen.",
  'members.manage': 'Alleen een eigenaar kan rollen wijzigen en leden verwijderen.',
  'billing.manage': 'Alleen een eigenaar kan het abonnement en de betalingen beheren.',
  'organization.rename': 'Alleen een eigenaar kan de naam van de organisatie wijzigen.',
  'organization.own': 'Alleen een eigenaar kan de organisatie exporteren, overdragen of verwijderen.',
  'finance.read': 'Met de rol Lezer kun je de financiën niet bekijken.',
  'finance.manage':
    'Alleen een eigenaar of beheerder kan financiële gegevens toevoegen, wijzigen of importeren.',
  'kpis.manage': "Met de rol Lezer kun je KPI's bekijken, maar niet maken of wijzigen.",
  'analysis.use':
    'Met de rol Lezer kun je de bedrijfsanalyse niet maken of bekijken: die bevat ook de financiën.',
  'contacts.manage': 'Met de rol Lezer kun je geen contacten bekijken of beheren: dat zijn persoonsgegevens.',
  'contacts.rules': 'Alleen een eigenaar of beheerder kan de contactregel van de organisatie wijzigen.',
  'apiKeys.manage': 'Alleen een eigenaar of beheerder kan API-sleutels maken, bekijken of intrekken.',
  'webhooks.manage': 'Alleen een eigenaar of beheerder kan de webhooks van de organisatie beheren.',
};

/**
 * The organisation's own templates: its owners and managers, and the platform's template managers
 * (`can_manage_templates`, R-ACCESS-6) whatever their role.
 */
export const mayManageTemplates = (role: MemberRole | null | undefined, templateManager: boolean): boolean =>
  templateManager || can(role, 'templates.manage');

/** Whether a value read from outside (the wire, the database) is a role. */
export const isMemberRole = (value: unknown): value is MemberRole =>
  typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);

/**
 * The roles an inviter may hand out: an owner any role (a second owner too), a manager every role
 * below owner. Others invite nobody.
 */
export function assignableRoles(inviter: MemberRole | null | undefined): readonly MemberRole[] {
  if (inviter === 'owner') return MEMBER_ROLES;
  if (inviter === 'manager') return ['manager', 'member', 'viewer'];
  return [];
}
