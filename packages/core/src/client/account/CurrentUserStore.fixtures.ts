import type { OrganisationGateway, UserGateway } from '../../domain/api';
import { type ApiResult, apiOk } from '../../domain/api';
import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  CreateOrganizationRequest,
  CurrentUser,
  MessageResponse,
  Organization,
  OrganizationRef,
  UpdateProfileRequest,
} from '../../domain/contract';
import type { OrganisationStore, StoredOrganisation } from '../../domain/organisation';
import { type Deferred, deferred } from '../../testing/deferred';
import { CurrentUserStore } from './CurrentUserStore';

// --- hand-written fakes -------------------------------------------------------------------------

/** One gateway method: records its arguments; answers with `reply` or waits for `answer()`. */
export class FakeCall<A, T> {
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

export class FakeUserGateway implements UserGateway {
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

export class FakeOrganisationGateway implements OrganisationGateway {
  readonly createCall = new FakeCall<CreateOrganizationRequest, Organization>();
  list = () => Promise.resolve(apiOk([] as readonly Organization[]));
  create = (request: CreateOrganizationRequest) => this.createCall.invoke(request);
}

export class FakeOrganisationStore implements OrganisationStore {
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

export const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

export const USER: CurrentUser = {
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

export let users: FakeUserGateway;

export let organisations: FakeOrganisationGateway;

export let organisationStore: FakeOrganisationStore;

export let logged: Array<{ message: string; detail: unknown }>;

export const store = () =>
  new CurrentUserStore({
    users,
    organisations,
    organisationStore,
    log: (message, detail) => logged.push({ message, detail }),
  });

/** Fresh fakes for every test (each test file calls it in its beforeEach). */
export function resetUserFakes(): void {
  users = new FakeUserGateway();
  organisations = new FakeOrganisationGateway();
  organisationStore = new FakeOrganisationStore();
  logged = [];
}
