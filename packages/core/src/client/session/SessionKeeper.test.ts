import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import { MIN_BACKGROUND_REFRESH_DELAY_MS } from './SessionKeeper';
import {
  clock,
  decoder,
  ended,
  FIFTEEN_MINUTES,
  flush,
  keeper,
  NOW,
  refresher,
  resetSessionFakes,
  seconds,
  signedIn,
  timer,
  tokens,
} from './SessionKeeper.fixtures';

beforeEach(resetSessionFakes);

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
});
