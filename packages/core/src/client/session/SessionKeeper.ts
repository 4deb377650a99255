import type { SessionEndReason, SessionState } from '../../domain/api';
import { createStateStore } from '../../domain/shared';
import type { Clock, RefreshGateway, Timer, TokenDecoder, TokenStore } from './ports';
import {
  BACKGROUND_REFRESH_LEAD_MS,
  backgroundRefreshDelay,
  hasBothTokens,
  needsRefresh,
  parseRefreshResponse,
  readClaims,
} from './refreshPolicy';

export type { SessionEndReason, SessionState, SessionStatus } from '../../domain/api';

export interface SessionKeeperDeps {
  readonly tokens: TokenStore;
  readonly decoder: TokenDecoder;
  readonly refresher: RefreshGateway;
  readonly clock: Clock;
  readonly timer: Timer;
}

/**
 * The background refresh never runs sooner than this after the previous one, so a token that lives
 * under 30 s cannot start a refresh storm; a call that meets an expired token refreshes on its 401.
 */
export const MIN_BACKGROUND_REFRESH_DELAY_MS = 5_000;

const CHECKING: SessionState = { status: 'checking', isAdmin: false, expiresAt: null };
const ANONYMOUS: SessionState = { status: 'anonymous', isAdmin: false, expiresAt: null };

/**
 * Keeps the session alive: decides when to refresh (R-AUTH-3, R-AUTH-4), shares one refresh request among
 * all callers, schedules the background refresh, and notices tokens changed by another tab.
 * React reads it through `subscribe`/`getSnapshot`.
 */
export class SessionKeeper {
  readonly #deps: SessionKeeperDeps;
  readonly #store = createStateStore<SessionState>(CHECKING);
  #inflight: Promise<boolean> | null = null;
  #cancelTimer: (() => void) | null = null;
  #lastSeenAccess: string | null = null;
  readonly #endedListeners = new Set<(reason: SessionEndReason) => void>();

  constructor(deps: SessionKeeperDeps) {
    this.#deps = deps;
  }

  readonly getSnapshot = this.#store.getSnapshot;

  readonly subscribe = this.#store.subscribe;

  /**
   * Hears every end of a signed-in session (sign-out, failed refresh, 419, tokens removed by another
   * tab), so the app can forget the user and go to /login. Returns the unsubscribe.
   */
  onEnded(listener: (reason: SessionEndReason) => void): () => void {
    this.#endedListeners.add(listener);
    return () => {
      this.#endedListeners.delete(listener);
    };
  }

  /** The stored access token, for the HTTP client's bearer header. */
  accessToken(): string | null {
    return this.#deps.tokens.read().access;
  }

  /** The guard's check: both tokens, decodable, refreshed first when under 60 s remain. */
  async check(): Promise<SessionState> {
    const tokens = this.#deps.tokens.read();
    if (!hasBothTokens(tokens)) {
      return this.#store.getSnapshot().status === 'authenticated'
        ? this.#end('tokens-removed')
        : this.#becomeAnonymous(null);
    }
    const claims = readClaims(this.#deps.decoder, tokens.access);
    if (!claims.ok) return this.#end('undecodable');
    if (needsRefresh(claims.value.expiresAt, this.#deps.clock.now())) {
      await this.refresh();
      return this.#store.getSnapshot();
    }
    this.#becomeAuthenticated(tokens.access, claims.value.isAdmin, claims.value.expiresAt);
    return this.#store.getSnapshot();
  }

  /**
   * Exchanges the refresh token once; concurrent callers share the same request. Resolves true when
   * a new access token is stored. Any failure (HTTP error, malformed answer, undecodable token)
   * clears both tokens (R-AUTH-5).
   */
  refresh(): Promise<boolean> {
    this.#inflight ??= this.#refreshOnce().finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  /** Stores a fresh token pair after login. */
  signIn(tokens: { readonly access: string; readonly refresh: string }): SessionState {
    const claims = readClaims(this.#deps.decoder, tokens.access);
    if (!claims.ok) return this.#end('undecodable');
    this.#deps.tokens.write(tokens);
    this.#becomeAuthenticated(tokens.access, claims.value.isAdmin, claims.value.expiresAt);
    return this.#store.getSnapshot();
  }

  /** Ends the session: both tokens removed, timer cancelled, listeners told. */
  end(reason: SessionEndReason): SessionState {
    return this.#end(reason);
  }

  /**
   * Called by the 1 s poll and the `storage` event: picks up tokens another tab removed or replaced.
   * Cheap when nothing changed.
   */
  sync(): void {
    if (this.#store.getSnapshot().status === 'checking') return;
    const tokens = this.#deps.tokens.read();
    if (!hasBothTokens(tokens)) {
      if (this.#store.getSnapshot().status === 'authenticated') this.#end('tokens-removed');
      return;
    }
    if (tokens.access === this.#lastSeenAccess) return;
    const claims = readClaims(this.#deps.decoder, tokens.access);
    if (!claims.ok) {
      this.#end('undecodable');
      return;
    }
    this.#becomeAuthenticated(tokens.access, claims.value.isAdmin, claims.value.expiresAt);
  }

  /** Stops the background timer (for tests and teardown). */
  dispose(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    this.#store.clear();
    this.#endedListeners.clear();
  }

  async #refreshOnce(): Promise<boolean> {
    const { refresh } = this.#deps.tokens.read();
    if (!refresh) {
      this.#end('refresh-failed');
      return false;
    }
    let answer: Awaited<ReturnType<RefreshGateway['refresh']>>;
    try {
      answer = await this.#deps.refresher.refresh(refresh);
    } catch {
      answer = { ok: false, status: 0, detail: '' };
    }
    // The answer belongs to the refresh token it spent. Signed out, signed in anew or refreshed by
    // another tab while the request was out: that session is gone (or renewed) and its answer must
    // neither end nor overwrite the current one.
    if (this.#deps.tokens.read().refresh !== refresh)
      return this.#store.getSnapshot().status === 'authenticated';
    if (!answer.ok) {
      this.#end(answer.status === 419 ? 'revoked' : 'refresh-failed');
      return false;
    }
    const parsed = parseRefreshResponse(answer.value);
    if (!parsed.ok) {
      this.#end('refresh-failed');
      return false;
    }
    const next = { access: parsed.value.access, refresh: parsed.value.refresh ?? refresh };
    const claims = readClaims(this.#deps.decoder, next.access);
    if (!claims.ok) {
      this.#end('undecodable');
      return false;
    }
    this.#deps.tokens.write(next);
    this.#becomeAuthenticated(next.access, claims.value.isAdmin, claims.value.expiresAt);
    return true;
  }

  #becomeAuthenticated(access: string, isAdmin: boolean, expiresAt: number): void {
    this.#lastSeenAccess = access;
    this.#schedule(expiresAt);
    const s = this.#store.getSnapshot();
    if (s.status === 'authenticated' && s.isAdmin === isAdmin && s.expiresAt === expiresAt) return;
    this.#set({ status: 'authenticated', isAdmin, expiresAt });
  }

  #schedule(expiresAt: number): void {
    this.#cancelTimer?.();
    const delay = Math.max(
      MIN_BACKGROUND_REFRESH_DELAY_MS,
      backgroundRefreshDelay(expiresAt, this.#deps.clock.now()),
    );
    this.#cancelTimer = this.#deps.timer.after(delay, () => {
      this.#cancelTimer = null;
      if (!this.#adoptNewerTokens()) void this.refresh();
    });
  }

  /**
   * Another tab may have refreshed already (tokens are shared): use its fresh token instead of
   * spending the refresh token a second time.
   */
  #adoptNewerTokens(): boolean {
    const tokens = this.#deps.tokens.read();
    if (!hasBothTokens(tokens) || tokens.access === this.#lastSeenAccess) return false;
    const claims = readClaims(this.#deps.decoder, tokens.access);
    if (!claims.ok || claims.value.expiresAt - this.#deps.clock.now() <= BACKGROUND_REFRESH_LEAD_MS)
      return false;
    this.#becomeAuthenticated(tokens.access, claims.value.isAdmin, claims.value.expiresAt);
    return true;
  }

  #end(reason: SessionEndReason): SessionState {
    const wasSignedIn = this.#store.getSnapshot().status !== 'anonymous';
    this.#deps.tokens.clear();
    this.#becomeAnonymous(wasSignedIn ? reason : null);
    return this.#store.getSnapshot();
  }

  #becomeAnonymous(reason: SessionEndReason | null): SessionState {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    this.#lastSeenAccess = null;
    if (this.#store.getSnapshot() !== ANONYMOUS) this.#set(ANONYMOUS);
    if (reason) for (const listener of [...this.#endedListeners]) listener(reason);
    return this.#store.getSnapshot();
  }

  #set(state: SessionState): void {
    this.#store.set(state);
  }
}
