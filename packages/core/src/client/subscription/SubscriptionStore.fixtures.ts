import { expect } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../domain/api';
import type { BillingGateway, Notice, Notifier } from '../../domain/billing';
import type {
  BillingSettings,
  ChangePlanRequest,
  CheckoutRequest,
  Feature,
  Page,
  Payment,
  PaymentReceipt,
  Plan,
  UserSubscription,
} from '../../domain/contract';
import type { FeatureStore } from '../../domain/features';
import { type Deferred, deferred } from '../../testing/deferred';
import { SubscriptionStore } from './SubscriptionStore';

// --- hand-written fakes -------------------------------------------------------------------------

export type Call = 'subscription' | 'plans' | 'settings' | 'changePlan' | 'checkout' | 'payments';

/**
 * Answers every call with the matching `reply`, unless the call is held: then it waits until the
 * test releases it with `release(call, result)`.
 */
export class FakeBillingGateway implements BillingGateway {
  readonly calls: Call[] = [];
  readonly changeRequests: ChangePlanRequest[] = [];
  readonly checkoutRequests: CheckoutRequest[] = [];
  readonly held = new Set<Call>();
  readonly #waiting = new Map<Call, Array<Deferred<ApiResult<unknown>>>>();

  subscriptionReply: ApiResult<UserSubscription> = apiOk(SUBSCRIPTION);
  plansReply: ApiResult<readonly Plan[]> = apiOk(PLANS);
  settingsReply: ApiResult<BillingSettings> = apiOk(CHECKOUT_ON);
  changeReply: ApiResult<UserSubscription> = apiFailure(500, 'Niet ingesteld.');
  checkoutReply: ApiResult<unknown> = apiFailure(500, 'Niet ingesteld.');

  subscription(): Promise<ApiResult<UserSubscription>> {
    return this.#answer('subscription', this.subscriptionReply);
  }

  plans(): Promise<ApiResult<readonly Plan[]>> {
    return this.#answer('plans', this.plansReply);
  }

  settings(): Promise<ApiResult<BillingSettings>> {
    return this.#answer('settings', this.settingsReply);
  }

  changePlan(request: ChangePlanRequest): Promise<ApiResult<UserSubscription>> {
    this.changeRequests.push(request);
    return this.#answer('changePlan', this.changeReply);
  }

  checkout(request: CheckoutRequest): Promise<ApiResult<unknown>> {
    this.checkoutRequests.push(request);
    return this.#answer('checkout', this.checkoutReply);
  }

  payments(): Promise<ApiResult<Page<Payment>>> {
    return this.#answer('payments', apiFailure(500, 'Niet gebruikt.'));
  }

  syncPayment(): Promise<ApiResult<Payment>> {
    return Promise.resolve(apiFailure(500, 'Niet gebruikt.'));
  }

  cancelPayment(): Promise<ApiResult<Payment>> {
    return Promise.resolve(apiFailure(500, 'Niet gebruikt.'));
  }

  receipt(): Promise<ApiResult<PaymentReceipt>> {
    return Promise.resolve(apiFailure(500, 'Niet gebruikt.'));
  }

  release(call: Call, result: ApiResult<unknown>): void {
    const next = this.#waiting.get(call)?.shift();
    if (!next) throw new Error(`no ${call} request is waiting`);
    next.resolve(result);
  }

  #answer<T>(call: Call, reply: ApiResult<T>): Promise<ApiResult<T>> {
    this.calls.push(call);
    if (!this.held.has(call)) return Promise.resolve(reply);
    const answer = deferred<ApiResult<unknown>>();
    const queue = this.#waiting.get(call) ?? [];
    queue.push(answer);
    this.#waiting.set(call, queue);
    return answer.promise as Promise<ApiResult<T>>;
  }
}

export class FakeFeatureStore implements FeatureStore {
  keys: readonly string[] = [];
  readonly writes: Array<readonly string[]> = [];
  clears = 0;

  read(): readonly string[] {
    return this.keys;
  }

  write(keys: readonly string[]): void {
    this.writes.push([...keys]);
    this.keys = [...keys];
  }

  clear(): void {
    this.clears++;
    this.keys = [];
  }
}

export class FakeNotifier implements Notifier {
  readonly notices: Notice[] = [];

  notify(notice: Notice): void {
    this.notices.push(notice);
  }
}

// --- data ---------------------------------------------------------------------------------------

export const feature = (key: string): Feature => ({
  key,
  name: key.toUpperCase(),
  description: `<p>${key}</p>`,
});

export const plan = (id: number, name: string, price: number, keys: readonly string[]): Plan => ({
  id,
  name,
  price_per_month: price,
  features: keys.map(feature),
});

export const FREE = plan(1, 'Gratis', 0, ['core']);

export const BASIC = plan(2, 'basicloop', 9.99, ['core', 'export']);

export const SMART = plan(3, 'smartloop', 29, ['core', 'analytics', 'export']);

export const PLANS: readonly Plan[] = [FREE, BASIC, SMART];

export const SUBSCRIPTION: UserSubscription = {
  id: 42,
  plan_id: 3,
  plan_name: 'smartloop',
  status: 'active',
  start_date: '2026-01-01T00:00:00Z',
  end_date: null,
  features: SMART.features,
};

export const ON_FREE: UserSubscription = {
  ...SUBSCRIPTION,
  id: 43,
  plan_id: 1,
  plan_name: 'Gratis',
  start_date: '2026-02-01T00:00:00Z',
  features: FREE.features,
};

export const CHECKOUT_ON: BillingSettings = { online_checkout: true, provider: 'simulated' };

export const CHECKOUT_OFF: BillingSettings = { online_checkout: false, provider: 'stripe' };

export const RETURN_URL = 'https://app.example.nl/billing/return';

// --- set-up -------------------------------------------------------------------------------------

export let gateway: FakeBillingGateway;

export let features: FakeFeatureStore;

export let notifier: FakeNotifier;

export let redirects: string[];

export const store = () =>
  new SubscriptionStore({
    gateway,
    features,
    notifier,
    redirect: (url) => redirects.push(url),
    returnUrl: () => RETURN_URL,
  });

/** A store that has loaded the defaults (or what the test set), with the records emptied. */
export async function loadedStore(): Promise<SubscriptionStore> {
  const s = store();
  await s.load();
  expect(s.getSnapshot().status).toBe('loaded');
  gateway.calls.length = 0;
  features.writes.length = 0;
  notifier.notices.length = 0;
  return s;
}

export const error = (message: string): Notice => ({ kind: 'error', message });

/** Fresh fakes for every test (each test file calls it in its beforeEach). */
export function resetBillingFakes(): void {
  gateway = new FakeBillingGateway();
  features = new FakeFeatureStore();
  notifier = new FakeNotifier();
  redirects = [];
}
