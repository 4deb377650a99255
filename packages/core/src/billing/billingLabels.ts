import { dutchLabel } from '../shared';

// Values the server sends in English show in Dutch. A value this table does not know (a newer
// server, a provider's own state) is shown as received rather than hidden.
const SUBSCRIPTION_STATUS: Readonly<Record<string, string>> = {
  active: 'Actief',
  cancelled: 'Geannuleerd',
  canceled: 'Geannuleerd',
  expired: 'Verlopen',
};

const PAYMENT_STATUS: Readonly<Record<string, string>> = {
  pending: 'In afwachting',
  paid: 'Betaald',
  failed: 'Mislukt',
  cancelled: 'Geannuleerd',
  canceled: 'Geannuleerd',
  expired: 'Verlopen',
};

const PAYMENT_PROVIDER: Readonly<Record<string, string>> = {
  stripe: 'Stripe',
  simulated: 'Proefbetaling',
};

/** A subscription's status in Dutch ('Actief', 'Geannuleerd', 'Verlopen'). */
export const subscriptionStatusLabel = (status: string | null | undefined): string =>
  dutchLabel(SUBSCRIPTION_STATUS, status);

/** A payment's status in Dutch ('In afwachting', 'Betaald', …). */
export const paymentStatusLabel = (status: string | null | undefined): string =>
  dutchLabel(PAYMENT_STATUS, status);

/** A payment provider's name as users know it ('Stripe', 'Proefbetaling' for the simulated one). */
export const paymentProviderLabel = (provider: string | null | undefined): string =>
  dutchLabel(PAYMENT_PROVIDER, provider);
