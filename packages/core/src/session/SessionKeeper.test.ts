import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../api/apiResult';
import type { AccessTokenClaims } from '../contract/wire';
import { type Deferred, deferred } from '../testing/deferred';
import type { Clock, RefreshGateway, StoredTokens, Timer, TokenDecoder, TokenStore } from './ports';
import { MIN_BACKGROUND_REFRESH_DELAY_MS, type SessionEndReason, SessionKeeper } from './SessionKeeper';

// --- hand-written fakes -------------------------------------------------------------------------

const NOW = 1_700_000_000_000;
const seconds = (ms: number) => ms / 1000;

class FakeTokenStore implements TokenStore {
  access: string | null;
  refresh: string | null;
  readonly writes: Array<{ access: string; refresh: string }> = [];
  clears = 0;

  constructor(tokens: Partial<StoredTokens> = {}) {
    this.access = tokens.access ?? null;
    this.refresh = tokens.refresh ?? null;
  }

  read(): StoredTokens {
    return { access: this.access, refresh: this.refresh };
  }

  write(tokens: { readonly access: string; readonly refresh: string }): void {
    this.writes.push({ ...tokens });
    this.access = tokens.access;
    this.refresh = tokens.refresh;
  }

  clear(): void {
    this.clears++;
    this.access = null;
    this.refresh = null;
  }
}

/** Knows the claims of the tokens a test registers; any other token cannot be decoded. */
class FakeDecoder implements TokenDecoder {
  readonly #claims = new Map<string, Partial<AccessTokenClaims>>();
  calls = 0;

  token(name: string, claims: Partial<AccessTokenClaims>): string {
    this.#claims.set(name, claims);
    return name;
  }

  /** A token expiring `msLeft` after NOW. */
  expiringIn(name: string, msLeft: number, isAdmin = false): string {
    return this.token(name, { exp: seconds(NOW + msLeft), is_admin: isAdmin, sub: '1', sid: 's' });
  }

  decode(token: string): Partial<AccessTokenClaims> {
    this.calls++;
    const claims = this.#claims.get(token);
    if (!claims) throw new Error('Invalid token specified');
    return claims;
  }
}

/** Records every refresh request and lets the test answer them one by one. */
class FakeRefreshGateway implements RefreshGateway {
  readonly calls: string[] = [];
  readonly #pending: Array<Deferred<ApiResult<unknown>>> = [];

  refresh(refreshToken: string): Promise<ApiResult<unknown>> {
    this.calls.push(refreshToken);
    const answer = deferred<ApiResult<unknown>>();
    this.#pending.push(answer);
    return answer.promise;
  }

  answer(result: ApiResult<unknown>): void {
    const next = this.#pending.shift();
    if (!next) throw new Error('no refresh request is waiting for an answer');
    next.resolve(result);
  }

  fail(error: unknown): void {
    const next = this.#pending.shift();
    if (!next) throw new Error('no refresh request is waiting for an answer');
    next.reject(error);
  }
}

class FakeClock implements Clock {
  time = NOW;
  now(): number {
    return this.time;
  }
}

/** Records every scheduled task with its delay; the test fires the pending one by hand. */
class FakeTimer implements Timer {
  readonly scheduled: Array<{ ms: number; task: () => void; cancelled: boolean }> = [];

  after(ms: number, task: () => void): () => void {
    const entry = { ms, task, cancelled: false };
    this.scheduled.push(entry);
    return () => {
      entry.cancelled = true;
    };
  }

  get delays(): number[] {
    return this.scheduled.map((entry) => entry.ms);
  }

  pending() {
    return this.scheduled.filter((entry) => !entry.cancelled);
  }

  fire(): void {
    const [entry, ...others] = this.pending();
    if (!entry || others.length > 0)
      throw new Error(`expected one pending task, found ${this.pending().length}`);
    entry.cancelled = true;
    entry.task();
  }
}

/** Lets pending promise callbacks run (no DOM or Node timers needed). */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

// --- set-up -------------------------------------------------------------------------------------

let tokens: FakeTokenStore;
let decoder: FakeDecoder;
let refresher: FakeRefreshGateway;
let clock: FakeClock;
let timer: FakeTimer;
let ended: SessionEndReason[];

const FIFTEEN_MINUTES = 15 * 60_000;

function keeper(): SessionKeeper {
  const session = new SessionKeeper({ tokens, decoder, refresher, clock, timer });
  session.onEnded((reason) => ended.push(reason));
  return session;
}

/** A keeper that has checked a valid stored session. */
async function signedIn(isAdmin = false): Promise<SessionKeeper> {
  tokens.write({ access: decoder.expiringIn('access-1', FIFTEEN_MINUTES, isAdmin), refresh: 'refresh-1' });
  tokens.writes.length = 0;
  const session = keeper();
  await session.check();
  expect(session.getSnapshot().status).toBe('authenticated');
  return session;
}

beforeEach(() => {
  tokens = new FakeTokenStore();
  decoder = new FakeDecoder();
  refresher = new FakeRefreshGateway();
  clock = new FakeClock();
  timer = new FakeTimer();
  ended = [];
});

// --- tests --------------------------------------------------------------------------------------

describe('SessionKeeper', () => {
  describe('check', () => {
    it('should be checking before the first check', () => {
      expect(keeper().getSnapshot()).toEqual({ status: 'checking', isAdmin: false, expiresAt: null });
    });

    it('should be anonymous without tokens, without a request and without onEnded', async () => {
      const session = keeper();
      const state = await session.check();
      expect(state.status).toBe('anonymous');
      expect(refresher.calls).toEqual([]);
      expect(ended).toEqual([]);
    });

    it('should be anonymous with only the access token stored', async () => {
      tokens.access = decoder.expiringIn('access-1', FIFTEEN_MINUTES);
      expect((await keeper().check()).status).toBe('anonymous');
      expect(refresher.calls).toEqual([]);
    });

    it('should be anonymous with only the refresh token stored', async () => {
      tokens.refresh = 'refresh-1';
      expect((await keeper().check()).status).toBe('anonymous');
      expect(refresher.calls).toEqual([]);
    });

    it('should be authenticated with both tokens, reading is_admin and exp from the token', async () => {
      tokens.write({ access: decoder.expiringIn('access-1', FIFTEEN_MINUTES, true), refresh: 'refresh-1' });
      const state = await keeper().check();
      expect(state).toEqual({ status: 'authenticated', isAdmin: true, expiresAt: NOW + FIFTEEN_MINUTES });
    });

    it('should not refresh when 61 s remain', async () => {
      tokens.write({ access: decoder.expiringIn('access-1', 61_000), refresh: 'refresh-1' });
      const state = await keeper().check();
      expect(refresher.calls).toEqual([]);
      expect(state.status).toBe('authenticated');
    });

    it('should refresh first when 59 s remain and use the new token', async () => {
      tokens.write({ access: decoder.expiringIn('access-1', 59_000), refresh: 'refresh-1' });
      decoder.expiringIn('access-2', FIFTEEN_MINUTES, true);
      const checking = keeper().check();
      await flush();
      expect(refresher.calls).toEqual(['refresh-1']);
      refresher.answer(apiOk({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      const state = await checking;
      expect(tokens.read()).toEqual({ access: 'access-2', refresh: 'refresh-2' });
      expect(state).toEqual({ status: 'authenticated', isAdmin: true, expiresAt: NOW + FIFTEEN_MINUTES });
    });

    it('should refresh an access token that has already expired', async () => {
      tokens.write({ access: decoder.expiringIn('access-1', -5_000), refresh: 'refresh-1' });
      decoder.expiringIn('access-2', FIFTEEN_MINUTES);
      const checking = keeper().check();
      await flush();
      refresher.answer(apiOk({ access_token: 'access-2' }));
      expect((await checking).status).toBe('authenticated');
      expect(refresher.calls).toEqual(['refresh-1']);
    });

    it('should end the session when the refresh during the check fails', async () => {
      tokens.write({ access: decoder.expiringIn('access-1', 30_000), refresh: 'refresh-1' });
      const checking = keeper().check();
      await flush();
      refresher.answer(apiFailure(401, 'Sessie verlopen.'));
      expect((await checking).status).toBe('anonymous');
      expect(tokens.read()).toEqual({ access: null, refresh: null });
    });

    it('should end the session when the decoder throws', async () => {
      tokens.write({ access: 'not-a-jwt', refresh: 'refresh-1' });
      const state = await keeper().check();
      expect(state.status).toBe('anonymous');
      expect(tokens.read()).toEqual({ access: null, refresh: null });
      expect(ended).toEqual(['undecodable']);
    });

    it('should end the session when the token has no exp', async () => {
      tokens.write({ access: decoder.token('no-exp', { is_admin: true }), refresh: 'refresh-1' });
      const state = await keeper().check();
      expect(state.status).toBe('anonymous');
      expect(tokens.read()).toEqual({ access: null, refresh: null });
      expect(ended).toEqual(['undecodable']);
    });

    it('should end a signed-in session when a later check finds the tokens gone', async () => {
      const session = await signedIn();
      tokens.refresh = null;
      expect((await session.check()).status).toBe('anonymous');
      expect(ended).toEqual(['tokens-removed']);
      expect(timer.pending()).toEqual([]);
    });
  });

  describe('background refresh', () => {
    it('should be scheduled exactly 30 s before expiry', async () => {
      await signedIn();
      expect(timer.delays).toEqual([FIFTEEN_MINUTES - 30_000]);
    });

    it('should be scheduled at the minimum delay (not 0) when already inside the 30 s window', () => {
      // backgroundRefreshDelay says 0; the keeper waits a little so a short-lived token (client clock
      // ahead of the server) cannot start a refresh storm.
      keeper().signIn({ access: decoder.expiringIn('short', 10_000), refresh: 'refresh-1' });
      expect(MIN_BACKGROUND_REFRESH_DELAY_MS).toBeGreaterThan(0);
      expect(timer.delays).toEqual([MIN_BACKGROUND_REFRESH_DELAY_MS]);
    });

    it('should not start a refresh storm when every new token is already inside the window', async () => {
      const session = keeper();
      session.signIn({ access: decoder.expiringIn('short-1', 1_000), refresh: 'refresh-1' });
      decoder.expiringIn('short-2', 1_000);
      timer.fire();
      refresher.answer(apiOk({ access_token: 'short-2', refresh_token: 'refresh-2' }));
      await flush();
      expect(refresher.calls).toEqual(['refresh-1']);
      expect(timer.pending().map((entry) => entry.ms)).toEqual([MIN_BACKGROUND_REFRESH_DELAY_MS]);
    });

    it('should refresh when the timer fires and schedule the next one for the new token', async () => {
      const session = await signedIn();
      clock.time = NOW + FIFTEEN_MINUTES - 30_000;
      decoder.token('access-2', { exp: seconds(clock.time + FIFTEEN_MINUTES) });
      timer.fire();
      await flush();
      expect(refresher.calls).toEqual(['refresh-1']);
      refresher.answer(apiOk({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      await flush();
      expect(tokens.read()).toEqual({ access: 'access-2', refresh: 'refresh-2' });
      expect(session.getSnapshot().expiresAt).toBe(clock.time + FIFTEEN_MINUTES);
      expect(timer.pending().map((entry) => entry.ms)).toEqual([FIFTEEN_MINUTES - 30_000]);
    });

    it('should use the token another tab refreshed instead of spending the refresh token again', async () => {
      const session = await signedIn();
      clock.time = NOW + FIFTEEN_MINUTES - 30_000;
      const fresh = decoder.token('from-other-tab', {
        exp: seconds(clock.time + FIFTEEN_MINUTES),
        is_admin: false,
      });
      tokens.write({ access: fresh, refresh: 'refresh-2' });
      timer.fire();
      await flush();
      expect(refresher.calls).toEqual([]);
      expect(session.getSnapshot().expiresAt).toBe(clock.time + FIFTEEN_MINUTES);
      expect(timer.pending().map((entry) => entry.ms)).toEqual([FIFTEEN_MINUTES - 30_000]);
    });

    it('should keep only one pending timer when tokens change', async () => {
      const session = await signedIn();
      tokens.write({ access: decoder.expiringIn('access-2', 10 * 60_000), refresh: 'refresh-2' });
      session.sync();
      expect(timer.pending().map((entry) => entry.ms)).toEqual([10 * 60_000 - 30_000]);
    });

    it('should be cancelled when the session ends', async () => {
      const session = await signedIn();
      session.end('signed-out');
      expect(timer.pending()).toEqual([]);
    });

    it('should be cancelled by dispose', async () => {
      const session = await signedIn();
      session.dispose();
      expect(timer.pending()).toEqual([]);
    });
  });

  describe('refresh', () => {
    it('should send the stored refresh token and store the rotated pair', async () => {
      const session = await signedIn();
      decoder.expiringIn('access-2', FIFTEEN_MINUTES, true);
      const refreshing = session.refresh();
      refresher.answer(apiOk({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      expect(await refreshing).toBe(true);
      expect(refresher.calls).toEqual(['refresh-1']);
      expect(tokens.writes).toEqual([{ access: 'access-2', refresh: 'refresh-2' }]);
      expect(session.getSnapshot().isAdmin).toBe(true);
    });

    it('should keep the old refresh token when the answer has none', async () => {
      const session = await signedIn();
      decoder.expiringIn('access-2', FIFTEEN_MINUTES);
      const refreshing = session.refresh();
      refresher.answer(apiOk({ access_token: 'access-2' }));
      expect(await refreshing).toBe(true);
      expect(tokens.read()).toEqual({ access: 'access-2', refresh: 'refresh-1' });
    });

    it.each([
      ['a missing access_token', { refresh_token: 'refresh-2' }],
      ['an empty access_token', { access_token: '', refresh_token: 'refresh-2' }],
      ['a non-string access_token', { access_token: 42 }],
      ['a null body', null],
    ])('should treat an answer with %s as malformed and end the session', async (_label, body) => {
      const session = await signedIn();
      const refreshing = session.refresh();
      refresher.answer(apiOk(body));
      expect(await refreshing).toBe(false);
      expect(tokens.read()).toEqual({ access: null, refresh: null });
      expect(tokens.writes).toEqual([]);
      expect(session.getSnapshot().status).toBe('anonymous');
      expect(ended).toEqual(['refresh-failed']);
    });

    it('should end the session without storing a refreshed token it cannot decode', async () => {
      const session = await signedIn();
      const refreshing = session.refresh();
      refresher.answer(apiOk({ access_token: 'garbage', refresh_token: 'refresh-2' }));
      expect(await refreshing).toBe(false);
      expect(tokens.writes).toEqual([]);
      expect(tokens.read()).toEqual({ access: null, refresh: null });
      expect(ended).toEqual(['undecodable']);
    });

    it('should end the session with reason revoked on 419', async () => {
      const session = await signedIn();
      const refreshing = session.refresh();
      refresher.answer(apiFailure(419, 'Je sessie is beëindigd.'));
      expect(await refreshing).toBe(false);
      expect(session.getSnapshot().status).toBe('anonymous');
      expect(tokens.read()).toEqual({ access: null, refresh: null });
      expect(ended).toEqual(['revoked']);
    });

    it.each([401, 500, 0])(
      'should end the session with reason refresh-failed on status %i',
      async (status) => {
        const session = await signedIn();
        const refreshing = session.refresh();
        refresher.answer(apiFailure(status, 'Mislukt.'));
        expect(await refreshing).toBe(false);
        expect(tokens.read()).toEqual({ access: null, refresh: null });
        expect(ended).toEqual(['refresh-failed']);
      },
    );

    it('should end the session when the gateway throws', async () => {
      const session = await signedIn();
      const refreshing = session.refresh();
      refresher.fail(new Error('network down'));
      expect(await refreshing).toBe(false);
      expect(tokens.read()).toEqual({ access: null, refresh: null });
      expect(ended).toEqual(['refresh-failed']);
    });

    it('should not call the gateway without a stored refresh token', async () => {
      const session = keeper();
      expect(await session.refresh()).toBe(false);
      expect(refresher.calls).toEqual([]);
      expect(session.getSnapshot().status).toBe('anonymous');
    });

    it('should share one request among 50 concurrent callers', async () => {
      const session = await signedIn();
      decoder.expiringIn('access-2', FIFTEEN_MINUTES);
      const callers = Array.from({ length: 50 }, () => session.refresh());
      await flush();
      expect(refresher.calls).toHaveLength(1);
      refresher.answer(apiOk({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      expect(await Promise.all(callers)).toEqual(Array.from({ length: 50 }, () => true));
      expect(tokens.writes).toHaveLength(1);
    });

    it('should make a new request with the rotated token after the shared one settled', async () => {
      const session = await signedIn();
      decoder.expiringIn('access-2', FIFTEEN_MINUTES);
      decoder.expiringIn('access-3', FIFTEEN_MINUTES);
      const first = session.refresh();
      refresher.answer(apiOk({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      await first;
      const second = session.refresh();
      refresher.answer(apiOk({ access_token: 'access-3', refresh_token: 'refresh-3' }));
      expect(await second).toBe(true);
      expect(refresher.calls).toEqual(['refresh-1', 'refresh-2']);
    });

    it('should end once when 50 concurrent callers share a failed request', async () => {
      const session = await signedIn();
      const callers = Array.from({ length: 50 }, () => session.refresh());
      refresher.answer(apiFailure(419, 'Ingetrokken.'));
      await Promise.all(callers);
      expect(ended).toEqual(['revoked']);
    });

    it('should not bring back a session that ended while the refresh was in flight', async () => {
      const session = await signedIn();
      decoder.expiringIn('access-2', FIFTEEN_MINUTES);
      const refreshing = session.refresh();
      session.end('signed-out');
      refresher.answer(apiOk({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      expect(await refreshing).toBe(false);
      expect(tokens.read()).toEqual({ access: null, refresh: null });
      expect(session.getSnapshot().status).toBe('anonymous');
      expect(timer.pending()).toEqual([]);
      expect(ended).toEqual(['signed-out']);
    });

    it('should not overwrite a newer sign-in with the answer of an older refresh', async () => {
      const session = await signedIn();
      decoder.expiringIn('access-2', FIFTEEN_MINUTES);
      const refreshing = session.refresh();
      session.signIn({ access: decoder.expiringIn('other-user', FIFTEEN_MINUTES, true), refresh: 'other-r' });
      refresher.answer(apiOk({ access_token: 'access-2', refresh_token: 'refresh-2' }));
      await refreshing;
      expect(tokens.read()).toEqual({ access: 'other-user', refresh: 'other-r' });
      expect(session.getSnapshot().isAdmin).toBe(true);
    });

    it('should neither end nor overwrite the session when another tab refreshed while its refresh was out', async () => {
      const session = await signedIn();
      const refreshing = session.refresh();
      // The other tab spent refresh-1 first; this tab's request is refused as a reuse.
      tokens.write({
        access: decoder.expiringIn('access-other-tab', FIFTEEN_MINUTES),
        refresh: 'refresh-other-tab',
      });
      refresher.answer(apiFailure(401, 'Ongeldig.'));
      expect(await refreshing).toBe(true);
      expect(tokens.read()).toEqual({ access: 'access-other-tab', refresh: 'refresh-other-tab' });
      expect(session.getSnapshot().status).toBe('authenticated');
      expect(ended).toEqual([]);
    });
  });

  describe('onEnded', () => {
    it('should fire once per end', async () => {
      const session = await signedIn();
      session.end('signed-out');
      session.end('signed-out');
      expect(ended).toEqual(['signed-out']);
    });

    it('should fire again for a second session that ends', async () => {
      const session = await signedIn();
      session.end('signed-out');
      session.signIn({ access: decoder.expiringIn('access-2', FIFTEEN_MINUTES), refresh: 'refresh-2' });
      session.end('revoked');
      expect(ended).toEqual(['signed-out', 'revoked']);
    });

    it('should stop telling a listener that unsubscribed, and keep telling the others', async () => {
      const session = await signedIn();
      const heard: string[] = [];
      const stop = session.onEnded((reason) => heard.push(reason));
      stop();
      session.end('signed-out');
      expect(heard).toEqual([]);
      expect(ended).toEqual(['signed-out']);
    });

    it('should not fire for a session that was never signed in', async () => {
      const session = keeper();
      await session.check();
      session.end('signed-out');
      expect(ended).toEqual([]);
    });

    it('should clear both tokens on end even when never signed in', async () => {
      tokens.refresh = 'stale-refresh';
      const session = keeper();
      await session.check();
      session.end('signed-out');
      expect(tokens.read()).toEqual({ access: null, refresh: null });
    });
  });

  describe('sync', () => {
    it('should do nothing before the first check', () => {
      const session = keeper();
      tokens.write({ access: decoder.expiringIn('access-1', FIFTEEN_MINUTES), refresh: 'refresh-1' });
      session.sync();
      expect(session.getSnapshot().status).toBe('checking');
    });

    it('should end the session when another tab removed the tokens', async () => {
      const session = await signedIn();
      tokens.access = null;
      tokens.refresh = null;
      session.sync();
      expect(session.getSnapshot().status).toBe('anonymous');
      expect(ended).toEqual(['tokens-removed']);
      expect(timer.pending()).toEqual([]);
    });

    it('should end the session when only one token was removed', async () => {
      const session = await signedIn();
      tokens.access = null;
      session.sync();
      expect(session.getSnapshot().status).toBe('anonymous');
      expect(ended).toEqual(['tokens-removed']);
    });

    it('should pick up tokens another tab replaced', async () => {
      const session = await signedIn(false);
      tokens.access = decoder.expiringIn('access-2', 10 * 60_000, true);
      tokens.refresh = 'refresh-2';
      session.sync();
      expect(session.getSnapshot()).toEqual({
        status: 'authenticated',
        isAdmin: true,
        expiresAt: NOW + 10 * 60_000,
      });
      expect(ended).toEqual([]);
    });

    it('should pick up a sign-in from another tab while anonymous', async () => {
      const session = keeper();
      await session.check();
      tokens.access = decoder.expiringIn('access-1', FIFTEEN_MINUTES);
      tokens.refresh = 'refresh-1';
      session.sync();
      expect(session.getSnapshot().status).toBe('authenticated');
      expect(ended).toEqual([]);
    });

    it('should end the session when the replacing token cannot be decoded', async () => {
      const session = await signedIn();
      tokens.access = 'garbage';
      session.sync();
      expect(session.getSnapshot().status).toBe('anonymous');
      expect(ended).toEqual(['undecodable']);
    });

    it('should do nothing when the tokens are unchanged', async () => {
      const session = await signedIn();
      const before = session.getSnapshot();
      const decodes = decoder.calls;
      const timers = timer.scheduled.length;
      let notified = 0;
      session.subscribe(() => notified++);
      session.sync();
      expect(session.getSnapshot()).toBe(before);
      expect(decoder.calls).toBe(decodes);
      expect(timer.scheduled.length).toBe(timers);
      expect(notified).toBe(0);
      expect(ended).toEqual([]);
    });

    it('should do nothing while anonymous and still without tokens', async () => {
      const session = keeper();
      await session.check();
      session.sync();
      expect(session.getSnapshot().status).toBe('anonymous');
      expect(ended).toEqual([]);
    });
  });

  describe('subscribe and getSnapshot', () => {
    it('should notify listeners on every change of state', async () => {
      tokens.write({ access: decoder.expiringIn('access-1', FIFTEEN_MINUTES), refresh: 'refresh-1' });
      const session = keeper();
      const seen: string[] = [];
      session.subscribe(() => seen.push(session.getSnapshot().status));
      await session.check();
      session.end('signed-out');
      expect(seen).toEqual(['authenticated', 'anonymous']);
    });

    it('should return the same snapshot object while nothing changed', async () => {
      const session = await signedIn();
      expect(session.getSnapshot()).toBe(session.getSnapshot());
      const before = session.getSnapshot();
      await session.check();
      expect(session.getSnapshot()).toBe(before);
    });

    it('should stop notifying after unsubscribe', async () => {
      const session = await signedIn();
      let notified = 0;
      const unsubscribe = session.subscribe(() => notified++);
      unsubscribe();
      session.end('signed-out');
      expect(notified).toBe(0);
    });
  });

  describe('signIn', () => {
    it('should store the tokens and become authenticated', () => {
      const session = keeper();
      const state = session.signIn({
        access: decoder.expiringIn('access-1', FIFTEEN_MINUTES, true),
        refresh: 'refresh-1',
      });
      expect(state).toEqual({ status: 'authenticated', isAdmin: true, expiresAt: NOW + FIFTEEN_MINUTES });
      expect(tokens.read()).toEqual({ access: 'access-1', refresh: 'refresh-1' });
      expect(session.accessToken()).toBe('access-1');
    });

    it('should not store a token it cannot decode', () => {
      const session = keeper();
      const state = session.signIn({ access: 'garbage', refresh: 'refresh-1' });
      expect(state.status).toBe('anonymous');
      expect(tokens.writes).toEqual([]);
      expect(tokens.read()).toEqual({ access: null, refresh: null });
    });
  });
});
