import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../api/apiResult';
import type { Page } from '../contract/admin';
import type {
  BillingSettings,
  ChangePlanRequest,
  CheckoutRequest,
  Feature,
  Payment,
  Plan,
  UserSubscription,
} from '../contract/billing';
import type { FeatureStore } from '../features/featureGate';
import { type Deferred, deferred } from '../testing/deferred';
import type { BillingGateway, Notice, Notifier } from './ports';
import { BILLING_MESSAGES, SubscriptionStore } from './SubscriptionStore';

// --- hand-written fakes -------------------------------------------------------------------------

type Call = 'subscription' | 'plans' | 'settings' | 'changePlan' | 'checkout' | 'payments';

/**
 * Answers every call with the matching `reply`, unless the call is held: then it waits until the
 * test releases it with `release(call, result)`.
 */
class FakeBillingGateway implements BillingGateway {
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

class FakeFeatureStore implements FeatureStore {
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

class FakeNotifier implements Notifier {
  readonly notices: Notice[] = [];

  notify(notice: Notice): void {
    this.notices.push(notice);
  }
}

// --- data ---------------------------------------------------------------------------------------

const feature = (key: string): Feature => ({ key, name: key.toUpperCase(), description: `<p>${key}</p>` });

const plan = (id: number, name: string, price: number, keys: readonly string[]): Plan => ({
  id,
  name,
  price_per_month: price,
  features: keys.map(feature),
});

const FREE = plan(1, 'Gratis', 0, ['core']);
const BASIC = plan(2, 'basicloop', 9.99, ['core', 'export']);
const SMART = plan(3, 'smartloop', 29, ['core', 'analytics', 'export']);
const PLANS: readonly Plan[] = [FREE, BASIC, SMART];

const SUBSCRIPTION: UserSubscription = {
  id: 42,
  plan_id: 3,
  plan_name: 'smartloop',
  status: 'active',
  start_date: '2026-01-01T00:00:00Z',
  end_date: null,
  features: SMART.features,
};

const ON_FREE: UserSubscription = {
  ...SUBSCRIPTION,
  id: 43,
  plan_id: 1,
  plan_name: 'Gratis',
  start_date: '2026-02-01T00:00:00Z',
  features: FREE.features,
};

const CHECKOUT_ON: BillingSettings = { online_checkout: true, provider: 'simulated' };
const CHECKOUT_OFF: BillingSettings = { online_checkout: false, provider: 'stripe' };

const RETURN_URL = 'https://app.example.nl/billing/return';

// --- set-up -------------------------------------------------------------------------------------

let gateway: FakeBillingGateway;
let features: FakeFeatureStore;
let notifier: FakeNotifier;
let redirects: string[];

const store = () =>
  new SubscriptionStore({
    gateway,
    features,
    notifier,
    redirect: (url) => redirects.push(url),
    returnUrl: () => RETURN_URL,
  });

/** A store that has loaded the defaults (or what the test set), with the records emptied. */
async function loadedStore(): Promise<SubscriptionStore> {
  const s = store();
  await s.load();
  expect(s.getSnapshot().status).toBe('loaded');
  gateway.calls.length = 0;
  features.writes.length = 0;
  notifier.notices.length = 0;
  return s;
}

const error = (message: string): Notice => ({ kind: 'error', message });

beforeEach(() => {
  gateway = new FakeBillingGateway();
  features = new FakeFeatureStore();
  notifier = new FakeNotifier();
  redirects = [];
});

// --- tests --------------------------------------------------------------------------------------

describe('BILLING_MESSAGES', () => {
  it('should hold the toast texts of spec §8', () => {
    expect(BILLING_MESSAGES).toEqual({
      subscriptionFailed: 'Fout bij ophalen abonnement.',
      plansFailed: 'Fout bij ophalen plannen.',
      changeFailed: 'Kon abonnement wijzigen/afrekenen.',
      checkoutDisabled: 'Online afrekenen is tijdelijk uitgeschakeld.',
      changed: 'Abonnement gewijzigd!',
    });
  });
});

describe('SubscriptionStore', () => {
  describe('load', () => {
    it('should be idle and empty before loading', () => {
      expect(store().getSnapshot()).toEqual({
        status: 'idle',
        subscription: null,
        plans: [],
        settings: null,
        changingPlanId: null,
      });
    });

    it('should be loading while the answers are out, asking for subscription, plans and settings', async () => {
      gateway.held.add('subscription');
      const s = store();
      const loading = s.load();
      expect(s.getSnapshot().status).toBe('loading');
      expect([...gateway.calls].sort()).toEqual(['plans', 'settings', 'subscription']);
      gateway.release('subscription', apiOk(SUBSCRIPTION));
      await loading;
      expect(s.getSnapshot().status).toBe('loaded');
    });

    it('should store the subscription, plans and settings and write the feature keys', async () => {
      const s = store();
      await s.load();
      expect(s.getSnapshot()).toEqual({
        status: 'loaded',
        subscription: SUBSCRIPTION,
        plans: PLANS,
        settings: CHECKOUT_ON,
        changingPlanId: null,
      });
      expect(features.writes).toEqual([['core', 'analytics', 'export']]);
      expect(notifier.notices).toEqual([]);
    });

    it('should write an empty feature list for a subscription without features', async () => {
      gateway.subscriptionReply = apiOk({ ...SUBSCRIPTION, features: [] });
      await store().load();
      expect(features.writes).toEqual([[]]);
    });

    it("should toast 'Fout bij ophalen abonnement.' when the subscription fails, keep the plans and leave the features alone", async () => {
      gateway.subscriptionReply = apiFailure(500, 'Serverfout.');
      const s = store();
      await s.load();
      expect(notifier.notices).toEqual([error('Fout bij ophalen abonnement.')]);
      expect(s.getSnapshot().status).toBe('loaded');
      expect(s.getSnapshot().subscription).toBeNull();
      expect(s.getSnapshot().plans).toEqual(PLANS);
      expect(features.writes).toEqual([]);
    });

    it("should toast 'Fout bij ophalen plannen.' when the plans fail and keep the subscription", async () => {
      gateway.plansReply = apiFailure(0, 'Kan de server niet bereiken.');
      const s = store();
      await s.load();
      expect(notifier.notices).toEqual([error('Fout bij ophalen plannen.')]);
      expect(s.getSnapshot().plans).toEqual([]);
      expect(s.getSnapshot().subscription).toEqual(SUBSCRIPTION);
      expect(features.writes).toEqual([['core', 'analytics', 'export']]);
    });

    it('should treat a subscription with malformed features as failed, reaching the loaded state', async () => {
      gateway.subscriptionReply = apiOk({ ...SUBSCRIPTION, features: 'core' } as unknown as UserSubscription);
      gateway.plansReply = apiOk([{ ...PLANS[0], features: null }] as unknown as readonly Plan[]);
      const s = store();
      await s.load();
      expect(notifier.notices).toEqual([
        error('Fout bij ophalen abonnement.'),
        error('Fout bij ophalen plannen.'),
      ]);
      expect(s.getSnapshot().status).toBe('loaded');
      expect(s.getSnapshot().subscription).toBeNull();
      expect(s.getSnapshot().plans).toEqual([]);
      expect(features.writes).toEqual([]);
    });

    it('should toast both failures, subscription first', async () => {
      gateway.subscriptionReply = apiFailure(500, 'x');
      gateway.plansReply = apiFailure(500, 'y');
      await store().load();
      expect(notifier.notices).toEqual([
        error('Fout bij ophalen abonnement.'),
        error('Fout bij ophalen plannen.'),
      ]);
    });

    it('should treat checkout as off, without a toast, when the settings fail', async () => {
      gateway.settingsReply = apiFailure(500, 'Serverfout.');
      const s = store();
      await s.load();
      expect(notifier.notices).toEqual([]);
      expect(s.getSnapshot().settings?.online_checkout).toBe(false);

      await s.choosePlan(SMART);
      expect(notifier.notices).toEqual([
        { kind: 'info', message: 'Online afrekenen is tijdelijk uitgeschakeld.' },
      ]);
      expect(gateway.checkoutRequests).toEqual([]);
      expect(redirects).toEqual([]);
    });

    it('should notify subscribers on every change and stop after unsubscribing', async () => {
      const s = store();
      const seen: string[] = [];
      const unsubscribe = s.subscribe(() => seen.push(s.getSnapshot().status));
      await s.load();
      expect(seen).toEqual(['loading', 'loaded']);
      unsubscribe();
      await s.load();
      expect(seen).toEqual(['loading', 'loaded']);
    });

    it('should discard the answer of a load that was reset while in flight', async () => {
      gateway.held.add('subscription');
      const s = store();
      const loading = s.load();
      s.reset();
      expect(s.getSnapshot().status).toBe('idle');
      gateway.release('subscription', apiOk(SUBSCRIPTION));
      await loading;
      expect(s.getSnapshot()).toEqual({
        status: 'idle',
        subscription: null,
        plans: [],
        settings: null,
        changingPlanId: null,
      });
      expect(features.writes).toEqual([]);
    });

    it('should discard the failure toasts of a load that was reset while in flight', async () => {
      gateway.held.add('subscription');
      gateway.plansReply = apiFailure(500, 'y');
      const s = store();
      const loading = s.load();
      s.reset();
      gateway.release('subscription', apiFailure(500, 'x'));
      await loading;
      expect(notifier.notices).toEqual([]);
    });

    it('should keep the newer load when an older one answers last', async () => {
      gateway.held.add('subscription');
      const s = store();
      const first = s.load();
      const second = s.load();
      gateway.release('subscription', apiOk(ON_FREE)); // answers the first request
      gateway.release('subscription', apiOk(SUBSCRIPTION));
      await Promise.all([first, second]);
      expect(s.getSnapshot().subscription).toEqual(SUBSCRIPTION);
      expect(features.writes).toEqual([['core', 'analytics', 'export']]);
    });

    it('should forget everything on reset after a load', async () => {
      const s = await loadedStore();
      s.reset();
      expect(s.getSnapshot()).toEqual({
        status: 'idle',
        subscription: null,
        plans: [],
        settings: null,
        changingPlanId: null,
      });
    });
  });

  describe('choosePlan: free plan', () => {
    it("should call changePlan with {plan_id}, toast 'Abonnement gewijzigd!' and store the new subscription and features", async () => {
      gateway.changeReply = apiOk(ON_FREE);
      const s = await loadedStore();
      await s.choosePlan(FREE);
      expect(gateway.changeRequests).toEqual([{ plan_id: 1 }]);
      expect(gateway.calls).toEqual(['changePlan']);
      expect(notifier.notices).toEqual([{ kind: 'success', message: 'Abonnement gewijzigd!' }]);
      expect(s.getSnapshot().subscription).toEqual(ON_FREE);
      expect(s.getSnapshot().changingPlanId).toBeNull();
      expect(features.writes).toEqual([['core']]);
      expect(features.read()).toEqual(['core']);
      expect(redirects).toEqual([]);
    });

    it('should switch directly when online checkout is off', async () => {
      gateway.settingsReply = apiOk(CHECKOUT_OFF);
      gateway.changeReply = apiOk(ON_FREE);
      const s = await loadedStore();
      await s.choosePlan(FREE);
      expect(gateway.changeRequests).toEqual([{ plan_id: 1 }]);
      expect(gateway.checkoutRequests).toEqual([]);
      expect(notifier.notices).toEqual([{ kind: 'success', message: 'Abonnement gewijzigd!' }]);
    });

    it("should toast the server's detail when the change fails and keep the subscription and features", async () => {
      gateway.changeReply = apiFailure(409, 'Je zit al op dit plan.');
      const s = await loadedStore();
      await s.choosePlan(FREE);
      expect(notifier.notices).toEqual([error('Je zit al op dit plan.')]);
      expect(s.getSnapshot().subscription).toEqual(SUBSCRIPTION);
      expect(s.getSnapshot().changingPlanId).toBeNull();
      expect(features.writes).toEqual([]);
    });

    it("should fall back to 'Kon abonnement wijzigen/afrekenen.' when the detail is empty", async () => {
      gateway.changeReply = apiFailure(500, '');
      const s = await loadedStore();
      await s.choosePlan(FREE);
      expect(notifier.notices).toEqual([error('Kon abonnement wijzigen/afrekenen.')]);
    });

    it("should show 'Kon abonnement wijzigen/afrekenen.' rather than the client's own fallback text", async () => {
      const failure = apiFailure(500, 'Er ging iets mis. Probeer het later opnieuw.');
      gateway.changeReply = failure.ok ? failure : { ...failure, fallback: true };
      const s = await loadedStore();
      await s.choosePlan(FREE);
      expect(notifier.notices).toEqual([error('Kon abonnement wijzigen/afrekenen.')]);
    });

    it('should set changingPlanId while the change is out and clear it afterwards', async () => {
      gateway.held.add('changePlan');
      const s = await loadedStore();
      const seen: Array<number | null> = [];
      s.subscribe(() => seen.push(s.getSnapshot().changingPlanId));
      const choosing = s.choosePlan(FREE);
      expect(s.getSnapshot().changingPlanId).toBe(1);
      gateway.release('changePlan', apiOk(ON_FREE));
      await choosing;
      expect(s.getSnapshot().changingPlanId).toBeNull();
      expect(seen[0]).toBe(1);
      expect(seen.at(-1)).toBeNull();
    });

    it('should clear changingPlanId after a failed change too', async () => {
      gateway.held.add('changePlan');
      const s = await loadedStore();
      const choosing = s.choosePlan(FREE);
      expect(s.getSnapshot().changingPlanId).toBe(1);
      gateway.release('changePlan', apiFailure(500, 'Mislukt.'));
      await choosing;
      expect(s.getSnapshot().changingPlanId).toBeNull();
    });

    it('should ignore a second choosePlan while one is in progress, and accept one afterwards', async () => {
      gateway.held.add('changePlan');
      const s = await loadedStore();
      const first = s.choosePlan(FREE);
      await s.choosePlan(BASIC);
      await s.choosePlan(FREE);
      expect(gateway.calls).toEqual(['changePlan']);
      expect(gateway.checkoutRequests).toEqual([]);
      expect(notifier.notices).toEqual([]);
      gateway.release('changePlan', apiOk(ON_FREE));
      await first;

      gateway.held.clear();
      gateway.changeReply = apiOk(ON_FREE);
      await s.choosePlan(FREE);
      expect(gateway.changeRequests).toEqual([{ plan_id: 1 }, { plan_id: 1 }]);
    });

    it('should discard a change answer that arrives after a reset (no features written after logout)', async () => {
      gateway.held.add('changePlan');
      const s = await loadedStore();
      const choosing = s.choosePlan(FREE);
      s.reset();
      features.clear(); // what the session-ended handler does
      gateway.release('changePlan', apiOk(ON_FREE));
      await choosing;
      expect(features.writes).toEqual([]);
      expect(features.read()).toEqual([]);
      expect(s.getSnapshot()).toEqual({
        status: 'idle',
        subscription: null,
        plans: [],
        settings: null,
        changingPlanId: null,
      });
    });
  });

  describe('choosePlan: paid plan', () => {
    it("should toast 'Online afrekenen is tijdelijk uitgeschakeld.' and call nothing when checkout is off", async () => {
      gateway.settingsReply = apiOk(CHECKOUT_OFF);
      const s = await loadedStore();
      const seen: number[] = [];
      s.subscribe(() => seen.push(1));
      await s.choosePlan(BASIC);
      expect(notifier.notices).toEqual([
        { kind: 'info', message: 'Online afrekenen is tijdelijk uitgeschakeld.' },
      ]);
      expect(gateway.calls).toEqual([]);
      expect(redirects).toEqual([]);
      expect(s.getSnapshot().changingPlanId).toBeNull();
      expect(seen).toEqual([]);
    });

    it('should start a checkout with the request of spec §7 and redirect to the checkout address', async () => {
      gateway.checkoutReply = apiOk({ checkout_url: 'https://pay.example/cs_1' });
      const s = await loadedStore();
      await s.choosePlan(BASIC);
      expect(gateway.calls).toEqual(['checkout']);
      expect(gateway.checkoutRequests).toStrictEqual([
        {
          provider: 'simulated',
          kind: 'subscription',
          amount_cents: 999,
          currency: 'EUR',
          user_subscription_id: 42,
          plan_id: 2,
          success_url: 'https://app.example.nl/billing/return?status=success',
          cancel_url: 'https://app.example.nl/billing/return?status=cancelled',
        },
      ]);
      expect(redirects).toEqual(['https://pay.example/cs_1']);
      expect(notifier.notices).toEqual([]);
      expect(s.getSnapshot().changingPlanId).toBeNull();
    });

    it('should use the provider from the settings', async () => {
      gateway.settingsReply = apiOk({ online_checkout: true, provider: 'stripe' });
      gateway.checkoutReply = apiOk({ checkout_url: 'https://checkout.stripe.com/c/pay/cs_2' });
      const s = await loadedStore();
      await s.choosePlan(SMART);
      expect(gateway.checkoutRequests.map((r) => [r.provider, r.amount_cents])).toEqual([['stripe', 2900]]);
      expect(redirects).toEqual(['https://checkout.stripe.com/c/pay/cs_2']);
    });

    it('should redirect to a checkout address found under data', async () => {
      gateway.checkoutReply = apiOk({ data: { checkout_url: 'http://localhost:8000/pay/9' } });
      const s = await loadedStore();
      await s.choosePlan(SMART);
      expect(redirects).toEqual(['http://localhost:8000/pay/9']);
    });

    it("should toast 'Geen geldige checkout_url ontvangen van de server.' and not redirect for an invalid address", async () => {
      gateway.checkoutReply = apiOk({ checkout_url: 'javascript:alert(1)' });
      const s = await loadedStore();
      await s.choosePlan(SMART);
      expect(notifier.notices).toEqual([error('Geen geldige checkout_url ontvangen van de server.')]);
      expect(redirects).toEqual([]);
      expect(s.getSnapshot().changingPlanId).toBeNull();
    });

    it('should toast the invalid-address message when the answer has no address at all', async () => {
      gateway.checkoutReply = apiOk(null);
      const s = await loadedStore();
      await s.choosePlan(SMART);
      expect(notifier.notices).toEqual([error('Geen geldige checkout_url ontvangen van de server.')]);
      expect(redirects).toEqual([]);
    });

    it("should toast the server's detail when the checkout fails", async () => {
      gateway.checkoutReply = apiFailure(400, 'Bedrag klopt niet met het plan.');
      const s = await loadedStore();
      await s.choosePlan(SMART);
      expect(notifier.notices).toEqual([error('Bedrag klopt niet met het plan.')]);
      expect(redirects).toEqual([]);
      expect(s.getSnapshot().changingPlanId).toBeNull();
    });

    it("should fall back to 'Kon abonnement wijzigen/afrekenen.' when the checkout fails without detail", async () => {
      gateway.checkoutReply = apiFailure(502, '');
      const s = await loadedStore();
      await s.choosePlan(SMART);
      expect(notifier.notices).toEqual([error('Kon abonnement wijzigen/afrekenen.')]);
    });

    it('should not touch the subscription or the features on checkout', async () => {
      gateway.checkoutReply = apiOk({ checkout_url: 'https://pay.example/cs_1' });
      const s = await loadedStore();
      await s.choosePlan(BASIC);
      expect(s.getSnapshot().subscription).toEqual(SUBSCRIPTION);
      expect(features.writes).toEqual([]);
    });

    it('should set changingPlanId during the checkout and ignore a second choosePlan meanwhile', async () => {
      gateway.held.add('checkout');
      const s = await loadedStore();
      const first = s.choosePlan(SMART);
      expect(s.getSnapshot().changingPlanId).toBe(3);
      await s.choosePlan(BASIC);
      await s.choosePlan(FREE);
      expect(gateway.calls).toEqual(['checkout']);
      expect(gateway.checkoutRequests.map((r) => r.plan_id)).toEqual([3]);
      gateway.release('checkout', apiOk({ checkout_url: 'https://pay.example/cs_3' }));
      await first;
      expect(s.getSnapshot().changingPlanId).toBeNull();
      expect(redirects).toEqual(['https://pay.example/cs_3']);
    });

    it('should discard a checkout answer that arrives after a reset (no redirect)', async () => {
      gateway.held.add('checkout');
      const s = await loadedStore();
      const choosing = s.choosePlan(SMART);
      s.reset();
      gateway.release('checkout', apiOk({ checkout_url: 'https://pay.example/cs_1' }));
      await choosing;
      expect(redirects).toEqual([]);
      expect(notifier.notices).toEqual([]);
    });
  });

  describe('choosePlan across load and reset', () => {
    it('should still redirect when the screen reloads while the checkout is out', async () => {
      gateway.held.add('checkout');
      const s = await loadedStore();
      const choosing = s.choosePlan(SMART);
      await s.load();
      gateway.release('checkout', apiOk({ checkout_url: 'https://pay.example/cs_4' }));
      await choosing;
      expect(redirects).toEqual(['https://pay.example/cs_4']);
    });

    it('should still apply a free switch answered after a reload', async () => {
      gateway.held.add('changePlan');
      const s = await loadedStore();
      const choosing = s.choosePlan(FREE);
      await s.load();
      gateway.release('changePlan', apiOk(ON_FREE));
      await choosing;
      expect(s.getSnapshot().subscription).toEqual(ON_FREE);
      expect(features.read()).toEqual(['core']);
      expect(notifier.notices).toEqual([{ kind: 'success', message: 'Abonnement gewijzigd!' }]);
    });

    it('should not clear the changingPlanId of a newer change when a change from before a reset ends', async () => {
      gateway.held.add('changePlan');
      gateway.held.add('checkout');
      const s = await loadedStore();
      const stale = s.choosePlan(FREE);
      s.reset();
      await s.load();
      const current = s.choosePlan(SMART);
      expect(s.getSnapshot().changingPlanId).toBe(3);
      gateway.release('changePlan', apiOk(ON_FREE));
      await stale;
      expect(s.getSnapshot().changingPlanId).toBe(3);
      expect(s.getSnapshot().subscription).toEqual(SUBSCRIPTION);
      gateway.release('checkout', apiOk({ checkout_url: 'https://pay.example/cs_5' }));
      await current;
      expect(s.getSnapshot().changingPlanId).toBeNull();
      expect(redirects).toEqual(['https://pay.example/cs_5']);
    });
  });

  describe('choosePlan without a subscription', () => {
    it("should toast 'Fout bij ophalen abonnement.' and call nothing", async () => {
      gateway.subscriptionReply = apiFailure(500, 'x');
      const s = await loadedStore();
      await s.choosePlan(FREE);
      await s.choosePlan(SMART);
      expect(notifier.notices).toEqual([
        error('Fout bij ophalen abonnement.'),
        error('Fout bij ophalen abonnement.'),
      ]);
      expect(gateway.calls).toEqual([]);
      expect(redirects).toEqual([]);
    });

    it('should refuse before the first load too', async () => {
      const s = store();
      await s.choosePlan(FREE);
      expect(notifier.notices).toEqual([error('Fout bij ophalen abonnement.')]);
      expect(gateway.calls).toEqual([]);
    });
  });
});
