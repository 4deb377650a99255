import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import {
  decoder,
  ended,
  FIFTEEN_MINUTES,
  flush,
  keeper,
  refresher,
  resetSessionFakes,
  signedIn,
  timer,
  tokens,
} from './SessionKeeper.fixtures';

beforeEach(resetSessionFakes);

// --- tests --------------------------------------------------------------------------------------

describe('SessionKeeper', () => {
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
});
