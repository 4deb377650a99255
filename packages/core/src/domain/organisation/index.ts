// The organisation feature: the current user and organisation, roles and permissions, teams and invitations.
// What other features and packages use of it; everything else in this folder is internal.
export type { CurrentUserState, UserCheck } from './CurrentUserStore';
export { CurrentUserStore, toUserCheck } from './CurrentUserStore';
export type { InvitationUseCases } from './invitationUseCases';
export { createInvitationUseCases } from './invitationUseCases';
export type { MemberFacts, MembershipRefusal } from './membershipRules';
export {
  decideInvitation,
  decideLeave,
  decideOwnershipTransfer,
  decideRemoval,
  decideRoleChange,
  MEMBERSHIP_MESSAGES,
} from './membershipRules';
export type { OwnDataUseCases } from './ownDataUseCases';
export { createOwnDataUseCases } from './ownDataUseCases';
export type { Permission } from './permissions';
export { can, mayManageTemplates, PERMISSION_DENIED, ROLE_DESCRIPTIONS, ROLE_LABELS } from './permissions';
export type { OrganisationStore, StoredOrganisation } from './resolveOrganisation';
export type { InvitationLinkGateway, TeamGateway } from './teamPorts';
export type { MemberRowView } from './teamView';
export { invitationStep, teamView } from './teamView';
