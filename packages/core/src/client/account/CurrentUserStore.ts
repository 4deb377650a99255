import type { OrganisationGateway, UserGateway } from '../../domain/api';
import { type FormResult, formFromApi, formInvalid, formOk } from '../../domain/api';
import {
  hasErrors,
  normaliseEmail,
  validateEmailChange,
  validateOrganization,
  validatePasswordChange,
  validateProfile,
} from '../../domain/auth';
import type { CurrentUser, Organization, OrganizationRef } from '../../domain/contract';
import { createOrganisationResolver, type OrganisationStore } from '../../domain/organisation';
import { createStateStore } from '../../domain/shared';
import type { UserCheck } from '../access';

export interface CurrentUserState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly user: CurrentUser | null;
  readonly organisation: OrganizationRef | null;
}

export interface CurrentUserDeps {
  readonly users: UserGateway;
  readonly organisations: OrganisationGateway;
  readonly organisationStore: OrganisationStore;
  /** Logs a failed user fetch (R-ACCESS-9: only logged). */
  readonly log?: (message: string, detail: unknown) => void;
}

const IDLE: CurrentUserState = { status: 'idle', user: null, organisation: null };

/** The guard's view of the user: template rights stay false when the fetch failed (R-ACCESS-9). */
export function toUserCheck(state: CurrentUserState): UserCheck {
  if (state.status === 'loaded' && state.user) {
    return {
      status: 'loaded',
      onboardingCompleted: state.user.onboarding_completed,
      canManageTemplates: state.user.can_manage_templates,
    };
  }
  return state.status === 'failed' ? { status: 'failed' } : { status: 'loading' };
}

/**
 * The signed-in user (`GET /users/me`) and the current organisation, shared by the guard, the header
 * and the screens. One request at a time; `reset` forgets everything when the session ends.
 */
export class CurrentUserStore {
  readonly #deps: CurrentUserDeps;
  readonly #resolve: ReturnType<typeof createOrganisationResolver>;
  readonly #store = createStateStore<CurrentUserState>(IDLE);
  #inflight: Promise<CurrentUserState> | null = null;
  #generation = 0;

  constructor(deps: CurrentUserDeps) {
    this.#deps = deps;
    this.#resolve = createOrganisationResolver({ store: deps.organisationStore });
  }

  readonly getSnapshot = this.#store.getSnapshot;

  readonly subscribe = this.#store.subscribe;

  /** Loads the user once; later calls reuse the answer until `reload` or `reset`. */
  ensureLoaded(): Promise<CurrentUserState> {
    if (this.#store.getSnapshot().status === 'loaded' || this.#store.getSnapshot().status === 'failed')
      return Promise.resolve(this.#store.getSnapshot());
    return this.reload();
  }

  reload(): Promise<CurrentUserState> {
    if (this.#inflight) return this.#inflight;
    const request = this.#load().finally(() => {
      // A load that `reset` abandoned must not clear the request that replaced it.
      if (this.#inflight === request) this.#inflight = null;
    });
    this.#inflight = request;
    return request;
  }

  /** Forgets the user (session ended or another user signed in). */
  reset(): void {
    this.#generation++;
    this.#inflight = null;
    this.#set(IDLE);
  }

  /** Makes another of the user's organisations the current one. */
  switchOrganisation(organisation: OrganizationRef): void {
    this.#deps.organisationStore.write(organisation);
    this.#set({ ...this.#store.getSnapshot(), organisation });
  }

  async createOrganisation(name: string): Promise<FormResult<Organization>> {
    const fields = validateOrganization({ name });
    if (hasErrors(fields)) return formInvalid(fields);
    const result = await this.#deps.organisations.create({ name: name.trim() });
    if (!result.ok) return formFromApi(result);
    this.#deps.organisationStore.write({ id: result.value.id, name: result.value.name });
    await this.reload();
    return formOk(result.value);
  }

  async updateProfile(input: { name: string }): Promise<FormResult<CurrentUser>> {
    const fields = validateProfile(input);
    if (hasErrors(fields)) return formInvalid(fields);
    const result = await this.#deps.users.updateProfile({ name: input.name.trim() });
    if (!result.ok) return formFromApi(result);
    this.#set({ ...this.#store.getSnapshot(), user: result.value });
    return formOk(result.value);
  }

  /** Asks for a new address; the answer is the same whether it is free. The user is reloaded (pending_email). */
  async changeEmail(input: { new_email: string; current_password: string }): Promise<FormResult<string>> {
    const fields = validateEmailChange(input);
    if (hasErrors(fields)) return formInvalid(fields);
    const result = await this.#deps.users.changeEmail({
      new_email: normaliseEmail(input.new_email),
      current_password: input.current_password,
    });
    if (!result.ok) return formFromApi(result);
    await this.reload();
    return formOk(result.value.detail);
  }

  /** Withdraws the address waiting for confirmation. */
  async cancelEmailChange(): Promise<FormResult<void>> {
    const result = await this.#deps.users.cancelEmailChange();
    if (!result.ok) return formFromApi(result);
    await this.reload();
    return formOk(undefined);
  }

  async changePassword(input: {
    current_password: string;
    new_password: string;
  }): Promise<FormResult<string>> {
    const fields = validatePasswordChange(input);
    if (hasErrors(fields)) return formInvalid(fields);
    const result = await this.#deps.users.changePassword(input);
    return result.ok ? formOk(result.value.detail) : formFromApi(result);
  }

  async #load(): Promise<CurrentUserState> {
    const generation = this.#generation;
    if (this.#store.getSnapshot().status !== 'loaded')
      this.#set({ ...this.#store.getSnapshot(), status: 'loading' });
    const result = await this.#deps.users.me();
    if (generation !== this.#generation) return this.#store.getSnapshot();
    if (!result.ok) {
      this.#deps.log?.('Ophalen van de gebruiker mislukt', result);
      this.#set({ status: 'failed', user: null, organisation: null });
      return this.#store.getSnapshot();
    }
    const organisation = this.#resolve(result.value);
    this.#set({ status: 'loaded', user: result.value, organisation });
    return this.#store.getSnapshot();
  }

  #set(state: CurrentUserState): void {
    this.#store.set(state);
  }
}
