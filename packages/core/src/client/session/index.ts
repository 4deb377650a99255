// The session feature: the access/refresh token policy (SessionKeeper) and the clock and timer ports.
// What other features and packages use of it; everything else in this folder is internal.

export type { SessionEndReason, SessionState, SessionStatus } from '../../domain/api';
export type { Clock, RefreshGateway, StoredTokens, Timer, TokenDecoder, TokenStore } from './ports';
export { readClaims } from './refreshPolicy';
export { SessionKeeper } from './SessionKeeper';
