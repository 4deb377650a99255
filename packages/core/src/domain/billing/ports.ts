import type { ApiResult } from '../api';
import type {
  AdminPayment,
  AdminSubscription,
  AssignPlanRequest,
  BillingSettings,
  ChangePlanRequest,
  CheckoutRequest,
  Feature,
  Invoice,
  InvoiceDetails,
  Page,
  Payment,
  PaymentReceipt,
  Plan,
  PlanInput,
  UserSubscription,
} from '../contract';
import type { DownloadedFile } from '../shared';

export interface PageQuery {
  readonly page: number;
  readonly page_size: number;
}

/** The current organisation's subscription, the plans and payments. */
export interface BillingGateway {
  subscription(): Promise<ApiResult<UserSubscription>>;
  plans(): Promise<ApiResult<readonly Plan[]>>;
  settings(): Promise<ApiResult<BillingSettings>>;
  changePlan(request: ChangePlanRequest): Promise<ApiResult<UserSubscription>>;
  /** The raw answer: the checkout address is validated by readCheckoutUrl. */
  checkout(request: CheckoutRequest): Promise<ApiResult<unknown>>;
  payments(query: PageQuery): Promise<ApiResult<Page<Payment>>>;
  /** Asks the server to apply the provider's verified state of a payment (idempotent). */
  syncPayment(id: number): Promise<ApiResult<Payment>>;
  /**
   * Cancels a pending payment the user walked away from at the provider (idempotent); the server
   * answers 409 for a payment that was paid after all.
   */
  cancelPayment(id: number): Promise<ApiResult<Payment>>;
  /** A payment with what the return screen's receipt says about it. */
  receipt(id: number): Promise<ApiResult<PaymentReceipt>>;
}

/** The organisation's invoices and the details they are made out to. */
export interface InvoiceGateway {
  invoices(query: PageQuery): Promise<ApiResult<Page<Invoice>>>;
  /** The invoice's PDF as the server made it, named 'factuur-{number}.pdf'. */
  downloadInvoice(id: number): Promise<ApiResult<DownloadedFile>>;
  details(): Promise<ApiResult<InvoiceDetails>>;
  saveDetails(details: InvoiceDetails): Promise<ApiResult<InvoiceDetails>>;
}

/** Platform admins: plans, subscriptions and payments of every organisation. */
export interface AdminBillingGateway {
  features(): Promise<ApiResult<readonly Feature[]>>;
  plans(): Promise<ApiResult<readonly Plan[]>>;
  createPlan(input: PlanInput): Promise<ApiResult<Plan>>;
  updatePlan(id: number, input: PlanInput): Promise<ApiResult<Plan>>;
  subscriptions(query: PageQuery): Promise<ApiResult<Page<AdminSubscription>>>;
  payments(query: PageQuery): Promise<ApiResult<Page<AdminPayment>>>;
  assignPlan(request: AssignPlanRequest): Promise<ApiResult<AdminSubscription>>;
}

export type Notice = { readonly kind: 'success' | 'info' | 'error'; readonly message: string };

/** Shows a toast. */
export interface Notifier {
  notify(notice: Notice): void;
}
