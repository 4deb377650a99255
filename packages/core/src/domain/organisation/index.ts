// The organisation feature: resolving the current organisation, roles and permissions, membership
// rules, teams and invitations. The signed-in user's store and its use-cases are the client's:
// `client/account`.
// What other features and packages use of it; everything else in this folder is internal.
export type { MemberFacts, MembershipRefusal } from './membershipRules';
export {
  decideInvitation,
  decideLeave,
  decideOwnershipTransfer,
  decideRemoval,
  decideRoleChange,
  MEMBERSHIP_MESSAGES,
} from './membershipRules';
export type { Permission } from './permissions';
export { can, mayManageTemplates, PERMISSION_DENIED, ROLE_DESCRIPTIONS, ROLE_LABELS } from './permissions';
export type { OrganisationStore, StoredOrganisation } from './resolveOrganisation';
export { createOrganisationResolver } from './resolveOrganisation';
export type { InvitationLinkGateway, TeamGateway } from './teamPorts';
export type { MemberRowView } from './teamView';
export { invitationStep, teamView } from './teamView';
