// The features feature: which plan features an organisation has (feature gate).
// What other features and packages use of it; everything else in this folder is internal.
export type { FeatureKey, FeatureStore } from './featureGate';
export { hasFeature, parseFeatureList } from './featureGate';
