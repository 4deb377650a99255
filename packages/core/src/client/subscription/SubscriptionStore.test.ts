import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import type { Plan, UserSubscription } from '../../domain/contract';
import { BILLING_MESSAGES } from './SubscriptionStore';
import {
  CHECKOUT_ON,
  error,
  features,
  gateway,
  loadedStore,
  notifier,
  ON_FREE,
  PLANS,
  redirects,
  resetBillingFakes,
  SMART,
  SUBSCRIPTION,
  store,
} from './SubscriptionStore.fixtures';

beforeEach(resetBillingFakes);

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
});

// --- tests --------------------------------------------------------------------------------------

describe('BILLING_MESSAGES', () => {
  it('should hold the toast texts of R-BILL-8', () => {
    expect(BILLING_MESSAGES).toEqual({
      subscriptionFailed: 'Fout bij ophalen abonnement.',
      plansFailed: 'Fout bij ophalen plannen.',
      changeFailed: 'Kon abonnement wijzigen/afrekenen.',
      checkoutDisabled: 'Online afrekenen is tijdelijk uitgeschakeld.',
      changed: 'Abonnement gewijzigd!',
    });
  });
});
