// The billing feature: plans, prices, reading the billing answers, payment return and its receipt,
// feature unlocks, statuses in plain Dutch, and invoices (numbers, BTW, details, PDF layout,
// use-cases). The subscription store is the client's: `client/subscription`.
// What other features and packages use of it; everything else in this folder is internal.
export { parseOrganisationIdInput, parsePriceInput, priceInputText } from './adminInputs';
export type { AdminFormErrors, AssignPlanFields, PlanFormFields } from './adminPlanForms';
export {
  ADMIN_PLAN_FORM_MESSAGES,
  assignPlanErrors,
  assignPlanRequestOf,
  planFormErrors,
  planInputOf,
} from './adminPlanForms';
export { readPlans, readSubscription } from './billingAnswers';
export {
  paymentProviderLabel,
  statusAsReceived,
  statusMeaning,
  UNKNOWN_STATUS_MEANING,
} from './billingLabels';
export type { BillingPeriod } from './billingPeriod';
export { addMonths, billingPeriod, calendarDayIso, calendarDayText, parseCalendarDay } from './billingPeriod';
export { featureDescriptionHtml } from './featureHtml';
export { decideFeatureGate, joinNames, missingFeatureNote, plansWithFeature } from './featureUnlock';
export type { CheckedInvoiceDetails } from './invoiceDetails';
export {
  checkInvoiceDetails,
  DEFAULT_COUNTRY,
  INVOICE_DETAIL_LIMITS,
  INVOICE_DETAIL_MESSAGES,
  invoiceAddressLines,
  NO_INVOICE_DETAILS,
  normaliseVatNumber,
  vatNumberProblem,
} from './invoiceDetails';
export { formatInvoiceNumber, INVOICE_NUMBER_PREFIX, invoiceFileName } from './invoiceNumber';
export type { InvoiceUseCases } from './invoiceUseCases';
export { createInvoiceUseCases, INVOICES_PAGE_SIZE } from './invoiceUseCases';
export { INVOICE_PDF_TEXTS, invoicePdfTitle, layoutInvoicePdf } from './layoutInvoicePdf';
export type { ReceiptView } from './paymentReceipt';
export { receiptView } from './paymentReceipt';
export type { PaymentReturn, PaymentReturnView } from './paymentReturn';
export { createPaymentReturn, parsePaymentId } from './paymentReturn';
export type { FeatureLine, PlanCardView } from './planCard';
export { featureSummary, planCardView, planChangeNote, planVatNote } from './planCard';
export {
  amountCents,
  decidePlanChange,
  formatDate,
  formatPlanPrice,
  otherPlans,
  planBadgeColour,
  readCheckoutUrl,
} from './plans';
export type {
  AdminBillingGateway,
  BillingGateway,
  InvoiceGateway,
  Notice,
  Notifier,
  PageQuery,
} from './ports';
export type { PlanFeatureGroups, SubscriptionAccess } from './subscriptionView';
export { CORE_FEATURE_KEY, planFeatureGroups, subscriptionAccess } from './subscriptionView';
export type { VatSplit } from './vat';
export { splitVat, VAT_RATE } from './vat';
