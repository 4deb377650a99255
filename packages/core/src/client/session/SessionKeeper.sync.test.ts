import { beforeEach, describe, expect, it } from 'vitest';
import {
  decoder,
  ended,
  FIFTEEN_MINUTES,
  keeper,
  NOW,
  resetSessionFakes,
  signedIn,
  timer,
  tokens,
} from './SessionKeeper.fixtures';

beforeEach(resetSessionFakes);

// --- tests --------------------------------------------------------------------------------------

describe('SessionKeeper', () => {
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
