// The billing feature: plans, prices, subscription store, payment return and feature unlocks.
// What other features and packages use of it; everything else in this folder is internal.
export { parseOrganisationIdInput, parsePriceInput, priceInputText } from './adminInputs';
export { paymentProviderLabel, paymentStatusLabel, subscriptionStatusLabel } from './billingLabels';
export { featureDescriptionHtml } from './featureHtml';
export { decideFeatureGate, joinNames, missingFeatureNote, plansWithFeature } from './featureUnlock';
export type { PaymentReturn } from './paymentReturn';
export { createPaymentReturn, parsePaymentId } from './paymentReturn';
export { amountCents, formatDate, formatPlanPrice, otherPlans, planBadgeColour } from './plans';
export type { AdminBillingGateway, BillingGateway, Notifier, PageQuery } from './ports';
export type { SubscriptionState } from './SubscriptionStore';
export { SubscriptionStore } from './SubscriptionStore';
