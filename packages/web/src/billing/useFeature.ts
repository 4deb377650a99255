import { type FeatureKey, hasFeature } from '@loop/core/features';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useSubscription } from './useSubscription';

/** Whether the plan includes a feature: 'loading' until the subscription is known, then true or false. */
export type FeatureCheck = 'loading' | boolean;

/**
 * The one feature gate of the screens (R-BILL-14): core's hasFeature over the subscription's feature
 * keys. When the subscription could not be fetched, the keys stored at the last successful fetch
 * decide; the server refuses what the plan lacks either way.
 */
export function useFeature(key: FeatureKey): FeatureCheck {
  const features = useInjection(TOKENS.FeatureStore);
  const state = useSubscription();
  if (state.status !== 'loaded') return 'loading';
  const keys = state.subscription
    ? state.subscription.features.map((feature) => feature.key)
    : features.read();
  return hasFeature(keys, key);
}
