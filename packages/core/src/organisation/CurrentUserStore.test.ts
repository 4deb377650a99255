import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../api/apiResult';
import type { OrganisationGateway, UserGateway } from '../api/ports';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  CreateOrganizationRequest,
  CurrentUser,
  MessageResponse,
  Organization,
  OrganizationRef,
  UpdateProfileRequest,
} from '../contract/wire';
import { type Deferred, deferred } from '../testing/deferred';
import { type CurrentUserState, CurrentUserStore, toUserCheck } from './CurrentUserStore';
import type { OrganisationStore, StoredOrganisation } from './resolveOrganisation';

// --- hand-written fakes -------------------------------------------------------------------------

/** One gateway method: records its arguments; answers with `reply` or waits for `answer()`. */
class FakeCall<A, T> {
  readonly calls: A[] = [];
  reply: ApiResult<T> | null = null;
  readonly #pending: Array<Deferred<ApiResult<T>>> = [];

  readonly invoke = (arg: A): Promise<ApiResult<T>> => {
    this.calls.push(arg);
    if (this.reply) return Promise.resolve(this.reply);
    const next = deferred<ApiResult<T>>();
    this.#pending.push(next);
    return next.promise;
  };

  answer(result: ApiResult<T>): void {
    const next = this.#pending.shift();
    if (!next) throw new Error('no call is waiting for an answer');
    next.resolve(result);
  }
}

class FakeUserGateway implements UserGateway {
  readonly meCall = new FakeCall<void, CurrentUser>();
  readonly profileCall = new FakeCall<UpdateProfileRequest, CurrentUser>();
  readonly passwordCall = new FakeCall<ChangePasswordRequest, MessageResponse>();
  readonly emailCall = new FakeCall<ChangeEmailRequest, MessageResponse>();
  readonly cancelEmailCall = new FakeCall<void, void>();
  me = () => this.meCall.invoke(undefined);
  updateProfile = (request: UpdateProfileRequest) => this.profileCall.invoke(request);
  changePassword = (request: ChangePasswordRequest) => this.passwordCall.invoke(request);
  changeEmail = (request: ChangeEmailRequest) => this.emailCall.invoke(request);
  cancelEmailChange = () => this.cancelEmailCall.invoke(undefined);
  exportAccount = () => Promise.reject(new Error('not used here'));
  deleteAccount = () => Promise.reject(new Error('not used here'));
}

class FakeOrganisationGateway implements OrganisationGateway {
  readonly createCall = new FakeCall<CreateOrganizationRequest, Organization>();
  list = () => Promise.resolve(apiOk([] as readonly Organization[]));
  create = (request: CreateOrganizationRequest) => this.createCall.invoke(request);
}

class FakeOrganisationStore implements OrganisationStore {
  stored: StoredOrganisation = { id: null, name: null };
  readonly writes: OrganizationRef[] = [];
  read = () => this.stored;
  write = (organisation: OrganizationRef) => {
    this.writes.push(organisation);
    this.stored = { id: String(organisation.id), name: organisation.name };
  };
  clear = () => {
    this.stored = { id: null, name: null };
  };
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

const USER: CurrentUser = {
  can_manage_templates: false,
  onboarding_completed: true,
  organizations: [{ id: 7, name: 'Acme', role: 'owner' }],
  organization_id: null,
  organization_name: null,
  id: 1,
  name: 'Anna de Vries',
  email: 'anna@example.nl',
  is_admin: false,
  email_verified: true,
  pending_email: null,
};

let users: FakeUserGateway;
let organisations: FakeOrganisationGateway;
let organisationStore: FakeOrganisationStore;
let logged: Array<{ message: string; detail: unknown }>;

const store = () =>
  new CurrentUserStore({
    users,
    organisations,
    organisationStore,
    log: (message, detail) => logged.push({ message, detail }),
  });

beforeEach(() => {
  users = new FakeUserGateway();
  organisations = new FakeOrganisationGateway();
  organisationStore = new FakeOrganisationStore();
  logged = [];
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

  describe('createOrganisation', () => {
    it('should refuse an empty name without a call', async () => {
      const result = await store().createOrganisation('   ');
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: { name: 'Vul de naam van je organisatie in.' },
      });
      expect(organisations.createCall.calls).toEqual([]);
    });

    it('should refuse a name over 120 characters without a call', async () => {
      const result = await store().createOrganisation('a'.repeat(121));
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: { name: 'De naam mag hoogstens 120 tekens lang zijn.' },
      });
      expect(organisations.createCall.calls).toEqual([]);
    });

    it('should create with the trimmed name, store it and reload the user', async () => {
      const created: Organization = { id: 12, name: 'Nieuw BV', role: 'owner' };
      organisations.createCall.reply = apiOk(created);
      users.meCall.reply = apiOk({
        ...USER,
        organizations: [...USER.organizations, { id: 12, name: 'Nieuw BV', role: 'owner' }],
      });
      const current = store();
      const result = await current.createOrganisation('  Nieuw BV  ');
      expect(organisations.createCall.calls).toEqual([{ name: 'Nieuw BV' }]);
      expect(result).toEqual({ ok: true, value: created });
      expect(organisationStore.writes[0]).toEqual({ id: 12, name: 'Nieuw BV' });
      expect(users.meCall.calls).toHaveLength(1);
      expect(current.getSnapshot().organisation).toEqual({ id: 12, name: 'Nieuw BV' });
    });

    it('should pass the server detail and field errors through, without storing or reloading', async () => {
      organisations.createCall.reply = apiFailure(409, 'Deze naam is al in gebruik.', {
        name: 'Kies een andere naam.',
      });
      const result = await store().createOrganisation('Acme');
      expect(result).toEqual({
        ok: false,
        message: 'Deze naam is al in gebruik.',
        fields: { name: 'Kies een andere naam.' },
        status: 409,
      });
      expect(organisationStore.writes).toEqual([]);
      expect(users.meCall.calls).toEqual([]);
    });
  });

  describe('updateProfile', () => {
    it('should refuse an empty name without a call', async () => {
      const result = await store().updateProfile({ name: ' ' });
      expect(result).toEqual({ ok: false, message: null, fields: { name: 'Vul je naam in.' } });
      expect(users.profileCall.calls).toEqual([]);
    });

    it('should send a trimmed name and show the updated user', async () => {
      const updated = { ...USER, name: 'Anna' };
      users.profileCall.reply = apiOk(updated);
      const current = store();
      const result = await current.updateProfile({ name: '  Anna ' });
      expect(users.profileCall.calls).toEqual([{ name: 'Anna' }]);
      expect(result).toEqual({ ok: true, value: updated });
      expect(current.getSnapshot().user).toBe(updated);
    });
  });

  describe('changeEmail', () => {
    it('should refuse a bad address or a missing password without a call', async () => {
      const result = await store().changeEmail({ new_email: 'geen-adres', current_password: '' });
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: {
          new_email: 'Vul een geldig e-mailadres in.',
          current_password: 'Vul je huidige wachtwoord in.',
        },
      });
      expect(users.emailCall.calls).toEqual([]);
    });

    it("should send the normalised address, answer the server's message and reload the user", async () => {
      users.emailCall.reply = apiOk({ detail: 'Als dit adres nog niet in gebruik is...' });
      users.meCall.reply = apiOk({ ...USER, pending_email: 'nieuw@voorbeeld.nl' });
      const current = store();
      const result = await current.changeEmail({
        new_email: ' Nieuw@Voorbeeld.NL ',
        current_password: 'geheim',
      });
      expect(users.emailCall.calls).toEqual([
        { new_email: 'nieuw@voorbeeld.nl', current_password: 'geheim' },
      ]);
      expect(result).toEqual({ ok: true, value: 'Als dit adres nog niet in gebruik is...' });
      expect(current.getSnapshot().user?.pending_email).toBe('nieuw@voorbeeld.nl');
    });

    it('should put the wrong-password error on its field', async () => {
      users.emailCall.reply = apiFailure(400, 'Je huidige wachtwoord klopt niet.', {
        current_password: 'Je huidige wachtwoord klopt niet.',
      });
      const result = await store().changeEmail({ new_email: 'nieuw@voorbeeld.nl', current_password: 'fout' });
      expect(result).toMatchObject({
        ok: false,
        fields: { current_password: 'Je huidige wachtwoord klopt niet.' },
      });
    });

    it('should withdraw a pending address and reload the user', async () => {
      users.cancelEmailCall.reply = apiOk(undefined);
      users.meCall.reply = apiOk({ ...USER, pending_email: null });
      const current = store();
      expect(await current.cancelEmailChange()).toEqual({ ok: true, value: undefined });
      expect(users.cancelEmailCall.calls).toHaveLength(1);
      expect(current.getSnapshot().user?.pending_email).toBeNull();
    });
  });

  describe('changePassword', () => {
    it('should require the current password and a valid new one without a call', async () => {
      const result = await store().changePassword({ current_password: '', new_password: 'kort' });
      expect(result).toEqual({
        ok: false,
        message: null,
        fields: {
          current_password: 'Vul je huidige wachtwoord in.',
          new_password: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
        },
      });
      expect(users.passwordCall.calls).toEqual([]);
    });

    it('should send both passwords unchanged and return the server message', async () => {
      users.passwordCall.reply = apiOk({ detail: 'Je wachtwoord is gewijzigd.' });
      const input = { current_password: ' oud wachtwoord ', new_password: 'nieuw-wachtwoord' };
      const result = await store().changePassword(input);
      expect(users.passwordCall.calls).toEqual([input]);
      expect(result).toEqual({ ok: true, value: 'Je wachtwoord is gewijzigd.' });
    });

    it('should pass the server detail and field errors through', async () => {
      users.passwordCall.reply = apiFailure(400, 'Controleer de velden.', {
        current_password: 'Je huidige wachtwoord klopt niet.',
      });
      const result = await store().changePassword({
        current_password: 'fout',
        new_password: 'nieuw-wachtwoord',
      });
      expect(result).toEqual({
        ok: false,
        message: 'Controleer de velden.',
        fields: { current_password: 'Je huidige wachtwoord klopt niet.' },
        status: 400,
      });
    });
  });
});
