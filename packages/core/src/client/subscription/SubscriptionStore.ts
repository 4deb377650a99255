import type { BillingGateway, Notifier } from '../../domain/billing';
import { decidePlanChange, readCheckoutUrl, readPlans, readSubscription } from '../../domain/billing';
import type { BillingSettings, Plan, UserSubscription } from '../../domain/contract';
import type { FeatureStore } from '../../domain/features';
import { createStateStore } from '../../domain/shared';

/** Toast texts of R-BILL-8. */
export const BILLING_MESSAGES = {
  subscriptionFailed: 'Fout bij ophalen abonnement.',
  plansFailed: 'Fout bij ophalen plannen.',
  changeFailed: 'Kon abonnement wijzigen/afrekenen.',
  checkoutDisabled: 'Online afrekenen is tijdelijk uitgeschakeld.',
  changed: 'Abonnement gewijzigd!',
} as const;

export interface SubscriptionState {
  readonly status: 'idle' | 'loading' | 'loaded';
  readonly subscription: UserSubscription | null;
  readonly plans: readonly Plan[];
  readonly settings: BillingSettings | null;
  /** The plan whose change is in progress. */
  readonly changingPlanId: number | null;
}

export interface SubscriptionStoreDeps {
  readonly gateway: BillingGateway;
  readonly features: FeatureStore;
  readonly notifier: Notifier;
  /** Sends the browser to the provider's checkout page. */
  readonly redirect: (url: string) => void;
  /** Absolute address of the return screen, e.g. `${location.origin}/billing/return`. */
  readonly returnUrl: () => string;
}

const IDLE: SubscriptionState = {
  status: 'idle',
  subscription: null,
  plans: [],
  settings: null,
  changingPlanId: null,
};

/** Online checkout stays off unless the server says otherwise (R-BILL-9: flag defaults to false). */
const CHECKOUT_OFF: BillingSettings = { online_checkout: false, provider: 'stripe' };

/**
 * The subscription screen's use-case: loads the current subscription, the plans and the checkout
 * settings, and changes plan by R-BILL-5 (free: switch; paid: checkout or the disabled notice).
 * The subscription's feature keys are stored for feature gating.
 */
export class SubscriptionStore {
  readonly #deps: SubscriptionStoreDeps;
  readonly #store = createStateStore<SubscriptionState>(IDLE);
  #generation = 0;
  /** Counts resets, so a plan change answered after one is dropped (load() must not cancel it). */
  #resets = 0;

  constructor(deps: SubscriptionStoreDeps) {
    this.#deps = deps;
  }

  readonly getSnapshot = this.#store.getSnapshot;

  readonly subscribe = this.#store.subscribe;

  /** Loads everything again; failures show the toasts of R-BILL-8 and leave the rest usable. */
  async load(): Promise<void> {
    const generation = ++this.#generation;
    this.#set({ ...this.#store.getSnapshot(), status: 'loading' });
    const [subscription, plans, settings] = await Promise.all([
      this.#deps.gateway.subscription(),
      this.#deps.gateway.plans(),
      this.#deps.gateway.settings(),
    ]);
    if (generation !== this.#generation) return;
    // A malformed answer counts as a failed one: the screen reaches its error state either way.
    const current = subscription.ok ? readSubscription(subscription.value) : null;
    const planList = plans.ok ? readPlans(plans.value) : null;
    if (!current) this.#deps.notifier.notify({ kind: 'error', message: BILLING_MESSAGES.subscriptionFailed });
    if (!planList) this.#deps.notifier.notify({ kind: 'error', message: BILLING_MESSAGES.plansFailed });
    if (current) this.#deps.features.write(current.features.map((f) => f.key));
    this.#set({
      status: 'loaded',
      subscription: current,
      plans: planList ?? [],
      settings: settings.ok ? settings.value : CHECKOUT_OFF,
      changingPlanId: null,
    });
  }

  /** Forgets everything (session ended or organisation switched). */
  reset(): void {
    this.#generation++;
    this.#resets++;
    this.#set(IDLE);
  }

  /** 'Kies dit plan'. */
  async choosePlan(plan: Plan): Promise<void> {
    const { subscription, settings, changingPlanId } = this.#store.getSnapshot();
    if (changingPlanId !== null) return;
    if (!subscription) {
      this.#deps.notifier.notify({ kind: 'error', message: BILLING_MESSAGES.subscriptionFailed });
      return;
    }
    const change = decidePlanChange({
      plan,
      subscriptionId: subscription.id,
      onlineCheckout: settings?.online_checkout ?? false,
      provider: settings?.provider ?? CHECKOUT_OFF.provider,
      returnUrl: this.#deps.returnUrl(),
    });
    if (change.kind === 'checkout-disabled') {
      this.#deps.notifier.notify({ kind: 'info', message: BILLING_MESSAGES.checkoutDisabled });
      return;
    }
    const resets = this.#resets;
    this.#set({ ...this.#store.getSnapshot(), changingPlanId: plan.id });
    try {
      if (change.kind === 'switch') {
        const answer = await this.#deps.gateway.changePlan({ plan_id: change.planId });
        if (resets !== this.#resets) return;
        if (!answer.ok) return this.#failed(answer);
        const changed = readSubscription(answer.value);
        if (!changed) {
          this.#deps.notifier.notify({ kind: 'error', message: BILLING_MESSAGES.changeFailed });
          return;
        }
        this.#deps.features.write(changed.features.map((f) => f.key));
        this.#set({ ...this.#store.getSnapshot(), subscription: changed });
        this.#deps.notifier.notify({ kind: 'success', message: BILLING_MESSAGES.changed });
        return;
      }
      const answer = await this.#deps.gateway.checkout(change.request);
      if (resets !== this.#resets) return;
      if (!answer.ok) return this.#failed(answer);
      const url = readCheckoutUrl(answer.value);
      if (!url.ok) {
        this.#deps.notifier.notify({ kind: 'error', message: url.detail ?? BILLING_MESSAGES.changeFailed });
        return;
      }
      this.#deps.redirect(url.value);
    } finally {
      if (resets === this.#resets) this.#set({ ...this.#store.getSnapshot(), changingPlanId: null });
    }
  }

  /** The server's detail when it sent one, otherwise R-BILL-8's fallback. */
  #failed(answer: { readonly detail: string; readonly fallback?: true }): void {
    const message = answer.fallback || !answer.detail ? BILLING_MESSAGES.changeFailed : answer.detail;
    this.#deps.notifier.notify({ kind: 'error', message });
  }

  #set(state: SubscriptionState): void {
    this.#store.set(state);
  }
}
