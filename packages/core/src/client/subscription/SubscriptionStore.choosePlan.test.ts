import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import {
  BASIC,
  CHECKOUT_OFF,
  error,
  FREE,
  features,
  gateway,
  loadedStore,
  notifier,
  ON_FREE,
  redirects,
  resetBillingFakes,
  SMART,
  SUBSCRIPTION,
  store,
} from './SubscriptionStore.fixtures';

beforeEach(resetBillingFakes);

describe('SubscriptionStore', () => {
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

    it('should start a checkout with the request of R-BILL-6 and redirect to the checkout address', async () => {
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
