import { dutchLabel } from '../shared';

/**
 * What a status value means in plain Dutch (docs/decisions/billing.md, 'Statuses are shown as received'):
 * the return address's `status`, a subscription's and a payment's status. The value itself is
 * always shown as it came; this meaning goes beside it.
 */
const STATUS_MEANING: Readonly<Record<string, string>> = {
  active: 'actief',
  paid: 'betaald',
  success: 'terug van de betaalpagina na betalen',
  open: 'nog niet betaald',
  pending: 'in afwachting',
  failed: 'mislukt',
  cancelled: 'geannuleerd',
  canceled: 'geannuleerd',
  expired: 'verlopen',
};

/** The meaning of a value this table does not know (a newer server, a provider's own state). */
export const UNKNOWN_STATUS_MEANING = 'onbekende status';

/** A status value's meaning in plain Dutch ('paid' → 'betaald'); 'onbekende status' for others. */
export function statusMeaning(value: string): string {
  const key = value.trim().toLowerCase();
  return Object.hasOwn(STATUS_MEANING, key) ? (STATUS_MEANING[key] as string) : UNKNOWN_STATUS_MEANING;
}

/**
 * A status as received with its meaning beside it: 'paid (betaald)', 'requires_action (onbekende
 * status)'. A missing value shows `missing` alone ('-', or the return screen's 'onbekend').
 */
export function statusAsReceived(value: string | null | undefined, missing = '-'): string {
  if (value === null || value === undefined || value === '') return missing;
  return `${value} (${statusMeaning(value)})`;
}

const PAYMENT_PROVIDER: Readonly<Record<string, string>> = {
  stripe: 'Stripe',
  simulated: 'Proefbetaling',
};

/** A payment provider's name as users know it ('Stripe', 'Proefbetaling' for the simulated one). */
export const paymentProviderLabel = (provider: string | null | undefined): string =>
  dutchLabel(PAYMENT_PROVIDER, provider);
