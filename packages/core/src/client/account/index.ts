// The account feature: the signed-in user and the current organisation (CurrentUserStore), and the
// use-cases its screens drive: joining by an invitation link, downloading or deleting your own data.
// What other features and packages use of it; everything else in this folder is internal.
export type { CurrentUserState } from './CurrentUserStore';
export { CurrentUserStore, toUserCheck } from './CurrentUserStore';
export type { InvitationUseCases } from './invitationUseCases';
export { createInvitationUseCases } from './invitationUseCases';
export type { OwnDataUseCases } from './ownDataUseCases';
export { createOwnDataUseCases } from './ownDataUseCases';
