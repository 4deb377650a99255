// The session's ports; the token and refresh ports live in `api` (the sign-in use-cases and the
// auth gateway use them too), the clock and the timer in `shared`.
export type { RefreshGateway, StoredTokens, TokenDecoder, TokenStore } from '../../domain/api';
export type { Clock, Timer } from '../../domain/shared';
