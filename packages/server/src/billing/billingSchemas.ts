import type {
  AdminPayment,
  AdminSubscription,
  BillingSettings,
  Feature,
  Payment,
  Plan,
  UserSubscription,
} from '@loop/core';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from '../db/schema';
import { array, boolean, integer, literal, nullable, number, object, oneOf, string } from '../http/schema';

export const featureSchema = object<Feature>(
  {
    key: string({ description: 'Vaste sleutel: core, ai, analytics, export, branding of business.' }),
    name: string(),
    description: string({ description: 'HTML (p, strong, ul, li, a …); de client schoont het op.' }),
  },
  { description: 'Een functie die bij een plan kan horen.' },
);

export const planSchema = object<Plan>(
  {
    id: integer(),
    name: string(),
    price_per_month: number({ description: 'Prijs per maand in euro; 0 is gratis.' }),
    features: array(featureSchema),
  },
  { description: 'Een abonnement met zijn functies.' },
);

export const userSubscriptionSchema = object<UserSubscription>(
  {
    id: integer({ description: 'Het abonnement (user_subscription_id bij het afrekenen).' }),
    plan_id: integer(),
    plan_name: string(),
    status: string({ description: "'active' (huidig), 'cancelled' of 'expired'." }),
    start_date: string({ format: 'date-time' }),
    end_date: nullable(string({ format: 'date-time' })),
    features: array(featureSchema),
  },
  { description: 'Het huidige abonnement van de organisatie; elk lid krijgt de functies ervan.' },
);

const paymentProperties = {
  id: integer(),
  provider: oneOf(PAYMENT_PROVIDERS),
  kind: literal('subscription'),
  status: oneOf(PAYMENT_STATUSES),
  amount_cents: integer({ description: 'Bedrag in eurocent.' }),
  currency: literal('EUR'),
  user_subscription_id: integer({ description: 'Het abonnement waarvandaan is afgerekend.' }),
  plan_id: integer({ description: 'Het plan waarvoor wordt betaald.' }),
  created_at: string({ format: 'date-time' }),
} as const;

export const paymentSchema = object<Payment>(paymentProperties, { description: 'Een betaling.' });

export const adminPaymentSchema = object<AdminPayment>({
  ...paymentProperties,
  organization_id: integer(),
  organization_name: string(),
});

export const adminSubscriptionSchema = object<AdminSubscription>({
  id: integer(),
  organization_id: integer(),
  organization_name: string(),
  plan_id: integer(),
  plan_name: string(),
  status: string(),
  start_date: string({ format: 'date-time' }),
  end_date: nullable(string({ format: 'date-time' })),
});

export const billingSettingsSchema = object<BillingSettings>({
  online_checkout: boolean({
    description: 'Of betaalde plannen online af te rekenen zijn (ONLINE_CHECKOUT).',
  }),
  provider: oneOf(PAYMENT_PROVIDERS, { description: 'De betaalprovider voor het afrekenen.' }),
});
