import { expect } from 'vitest';
import type { ApiResult } from '../../domain/api';
import type { AccessTokenClaims } from '../../domain/contract';
import { type Deferred, deferred } from '../../testing/deferred';
import type { Clock, RefreshGateway, StoredTokens, Timer, TokenDecoder, TokenStore } from './ports';
import { type SessionEndReason, SessionKeeper } from './SessionKeeper';

// --- hand-written fakes -------------------------------------------------------------------------

export const NOW = 1_700_000_000_000;

export const seconds = (ms: number) => ms / 1000;

export class FakeTokenStore implements TokenStore {
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
export class FakeDecoder implements TokenDecoder {
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
export class FakeRefreshGateway implements RefreshGateway {
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

export class FakeClock implements Clock {
  time = NOW;
  now(): number {
    return this.time;
  }
}

/** Records every scheduled task with its delay; the test fires the pending one by hand. */
export class FakeTimer implements Timer {
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
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

// --- set-up -------------------------------------------------------------------------------------

export let tokens: FakeTokenStore;

export let decoder: FakeDecoder;

export let refresher: FakeRefreshGateway;

export let clock: FakeClock;

export let timer: FakeTimer;

export let ended: SessionEndReason[];

export const FIFTEEN_MINUTES = 15 * 60_000;

export function keeper(): SessionKeeper {
  const session = new SessionKeeper({ tokens, decoder, refresher, clock, timer });
  session.onEnded((reason) => ended.push(reason));
  return session;
}

/** A keeper that has checked a valid stored session. */
export async function signedIn(isAdmin = false): Promise<SessionKeeper> {
  tokens.write({ access: decoder.expiringIn('access-1', FIFTEEN_MINUTES, isAdmin), refresh: 'refresh-1' });
  tokens.writes.length = 0;
  const session = keeper();
  await session.check();
  expect(session.getSnapshot().status).toBe('authenticated');
  return session;
}

/** Fresh fakes for every test (each test file calls it in its beforeEach). */
export function resetSessionFakes(): void {
  tokens = new FakeTokenStore();
  decoder = new FakeDecoder();
  refresher = new FakeRefreshGateway();
  clock = new FakeClock();
  timer = new FakeTimer();
  ended = [];
}
