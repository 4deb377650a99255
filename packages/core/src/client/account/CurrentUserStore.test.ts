import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import { type CurrentUserState, toUserCheck } from './CurrentUserStore';
import {
  flush,
  logged,
  organisationStore,
  resetUserFakes,
  store,
  USER,
  users,
} from './CurrentUserStore.fixtures';

beforeEach(resetUserFakes);

describe('CurrentUserStore', () => {
  describe('ensureLoaded', () => {
    it('should start idle', () => {
      expect(store().getSnapshot()).toEqual({ status: 'idle', user: null, organisation: null });
    });

    it('should be loading while the request is out, then loaded with the resolved organisation', async () => {
      const current = store();
      const loading = current.ensureLoaded();
      expect(current.getSnapshot().status).toBe('loading');
      users.meCall.answer(apiOk(USER));
      const state = await loading;
      expect(state).toEqual({ status: 'loaded', user: USER, organisation: { id: 7, name: 'Acme' } });
      expect(current.getSnapshot()).toBe(state);
      expect(organisationStore.writes).toEqual([{ id: 7, name: 'Acme' }]);
    });

    it('should load only once', async () => {
      users.meCall.reply = apiOk(USER);
      const current = store();
      await current.ensureLoaded();
      const again = await current.ensureLoaded();
      expect(users.meCall.calls).toHaveLength(1);
      expect(again.status).toBe('loaded');
    });

    it('should share one request among concurrent callers', async () => {
      const current = store();
      const callers = [current.ensureLoaded(), current.ensureLoaded(), current.ensureLoaded()];
      users.meCall.answer(apiOk(USER));
      const states = await Promise.all(callers);
      expect(users.meCall.calls).toHaveLength(1);
      expect(states.every((state) => state.status === 'loaded')).toBe(true);
    });

    it('should mark a failed fetch as failed and log it', async () => {
      const failure = apiFailure(500, 'Er ging iets mis.');
      users.meCall.reply = failure;
      const current = store();
      const state = await current.ensureLoaded();
      expect(state).toEqual({ status: 'failed', user: null, organisation: null });
      expect(logged).toEqual([{ message: 'Ophalen van de gebruiker mislukt', detail: failure }]);
    });

    it('should not retry a failed fetch on its own, but reload does', async () => {
      users.meCall.reply = apiFailure(0, 'Geen verbinding.');
      const current = store();
      await current.ensureLoaded();
      await current.ensureLoaded();
      expect(users.meCall.calls).toHaveLength(1);
      users.meCall.reply = apiOk(USER);
      expect((await current.reload()).status).toBe('loaded');
      expect(users.meCall.calls).toHaveLength(2);
    });

    it('should keep showing the loaded user while reloading', async () => {
      users.meCall.reply = apiOk(USER);
      const current = store();
      await current.ensureLoaded();
      users.meCall.reply = null;
      const reloading = current.reload();
      expect(current.getSnapshot().status).toBe('loaded');
      users.meCall.answer(apiOk({ ...USER, name: 'Anna' }));
      expect((await reloading).user?.name).toBe('Anna');
    });

    it('should notify subscribers of each change', async () => {
      const current = store();
      const seen: string[] = [];
      current.subscribe(() => seen.push(current.getSnapshot().status));
      const loading = current.ensureLoaded();
      users.meCall.answer(apiOk(USER));
      await loading;
      expect(seen).toEqual(['loading', 'loaded']);
    });
  });

  describe('reset', () => {
    it('should forget the user', async () => {
      users.meCall.reply = apiOk(USER);
      const current = store();
      await current.ensureLoaded();
      current.reset();
      expect(current.getSnapshot()).toEqual({ status: 'idle', user: null, organisation: null });
    });

    it('should discard the answer of a load that was in flight', async () => {
      const current = store();
      const stale = current.ensureLoaded();
      current.reset();
      users.meCall.answer(apiOk(USER));
      await stale;
      expect(current.getSnapshot().status).toBe('idle');
      expect(current.getSnapshot().user).toBeNull();
    });

    it('should load the new user after a reset even when the stale answer comes last', async () => {
      const current = store();
      const stale = current.ensureLoaded();
      current.reset();
      const fresh = current.ensureLoaded();
      users.meCall.answer(apiOk({ ...USER, name: 'Oud' }));
      users.meCall.answer(apiOk({ ...USER, name: 'Nieuw' }));
      await Promise.all([stale, fresh]);
      expect(current.getSnapshot().user?.name).toBe('Nieuw');
    });

    it('should keep sharing the new request when the stale one settles first', async () => {
      const current = store();
      const stale = current.ensureLoaded();
      current.reset();
      const fresh = current.ensureLoaded();
      users.meCall.answer(apiOk({ ...USER, name: 'Oud' }));
      await stale;
      await flush();
      const joined = current.ensureLoaded();
      expect(users.meCall.calls).toHaveLength(2);
      users.meCall.answer(apiOk(USER));
      await Promise.all([fresh, joined]);
    });
  });

  describe('switchOrganisation', () => {
    it('should store the organisation and make it current', async () => {
      users.meCall.reply = apiOk({
        ...USER,
        organizations: [
          { id: 7, name: 'Acme', role: 'owner' },
          { id: 9, name: 'Beta', role: 'owner' },
        ],
      });
      const current = store();
      await current.ensureLoaded();
      let notified = 0;
      current.subscribe(() => notified++);
      current.switchOrganisation({ id: 9, name: 'Beta' });
      expect(organisationStore.stored).toEqual({ id: '9', name: 'Beta' });
      expect(current.getSnapshot().organisation).toEqual({ id: 9, name: 'Beta' });
      expect(current.getSnapshot().user).toEqual(expect.objectContaining({ id: 1 }));
      expect(notified).toBe(1);
    });
  });
});

// --- tests --------------------------------------------------------------------------------------

describe('toUserCheck', () => {
  const state = (overrides: Partial<CurrentUserState>): CurrentUserState => ({
    status: 'idle',
    user: null,
    organisation: null,
    ...overrides,
  });

  it('should map a loaded user to onboarding and template rights', () => {
    const user = { ...USER, onboarding_completed: false, can_manage_templates: true };
    expect(toUserCheck(state({ status: 'loaded', user }))).toEqual({
      status: 'loaded',
      onboardingCompleted: false,
      canManageTemplates: true,
    });
  });

  it('should map a failed fetch to failed', () => {
    expect(toUserCheck(state({ status: 'failed' }))).toEqual({ status: 'failed' });
  });

  it.each(['idle', 'loading'] as const)('should map %s to loading', (status) => {
    expect(toUserCheck(state({ status }))).toEqual({ status: 'loading' });
  });
});
