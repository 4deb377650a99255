// The subscription feature: the organisation's subscription and the plans on offer (SubscriptionStore),
// and choosing a plan through checkout or a plan change.
// What other features and packages use of it; everything else in this folder is internal.
export type { SubscriptionState } from './SubscriptionStore';
export { SubscriptionStore } from './SubscriptionStore';
