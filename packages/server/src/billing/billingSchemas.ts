import type {
  AdminPayment,
  AdminSubscription,
  BillingSettings,
  Feature,
  Invoice,
  InvoiceDetails,
  Payment,
  PaymentReceipt,
  Plan,
  UserSubscription,
} from '@loop/core';
import { INVOICE_DETAIL_LIMITS } from '@loop/core/billing';
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

const day = (description: string) => string({ format: 'date', description });

const addressSchema = array(string(), {
  description: 'Adresregels zoals gedrukt: straat, postcode en plaats, land.',
});

export const invoiceSchema = object<Invoice>(
  {
    id: integer(),
    number: string({ description: "Factuurnummer, per jaar doorlopend zonder gaten: 'LOOP-2026-000001'." }),
    payment_id: nullable(integer({ description: 'De betaling waarvan dit de factuur is.' })),
    issue_date: day('Factuurdatum: de dag van betaling (in Nederland).'),
    period_start: day('Eerste dag van de betaalde maand.'),
    period_end: day('Laatste dag van de betaalde maand.'),
    supplier: object<Invoice['supplier']>({
      name: string(),
      address: addressSchema,
      kvk_number: string({ description: 'KvK-nummer van de leverancier.' }),
      vat_number: string({ description: 'Btw-identificatienummer van de leverancier.' }),
    }),
    customer: object<Invoice['customer']>({
      name: string(),
      address: addressSchema,
      vat_number: nullable(string({ description: 'Btw-nummer van de klant, als opgegeven.' })),
    }),
    description: string(),
    amount_excl_cents: integer({ description: 'Bedrag zonder btw in eurocent.' }),
    vat_rate: integer({ description: 'Btw-tarief in procenten (21).' }),
    vat_cents: integer({ description: 'Btw in eurocent: totaal × 21/121, afgerond op hele centen.' }),
    total_cents: integer({ description: 'Betaald bedrag inclusief btw in eurocent.' }),
    currency: literal('EUR'),
    specimen: nullable(
      string({
        description: 'Waarom dit geen geldige factuur is (proefbetaling, demo-leverancier); anders null.',
      }),
    ),
  },
  { description: 'Een factuur: een kopie van alles wat erop staat, vastgelegd bij de betaling.' },
);

const detail = (key: keyof typeof INVOICE_DETAIL_LIMITS, description: string) =>
  // Room for spaces the server trims; the limits themselves are checked with a Dutch message.
  string({ maxLength: INVOICE_DETAIL_LIMITS[key] * 2, description });

export const invoiceDetailsSchema = object<InvoiceDetails>(
  {
    name: detail('name', 'Tenaamstelling; leeg: de naam van de organisatie.'),
    street: detail('street', 'Straat en huisnummer.'),
    postcode: detail('postcode', "Postcode; in Nederland '1234 AB'."),
    city: detail('city', 'Plaats.'),
    country: detail('country', "Land; leeg: 'Nederland'."),
    vat_number: string({
      maxLength: 40,
      description: "Btw-nummer, bijvoorbeeld 'NL123456789B01'; leeg: geen.",
    }),
  },
  {
    description:
      'Waarop de facturen van de organisatie staan. Straat, postcode en plaats horen bij elkaar; alles mag leeg.',
  },
);

export const paymentReceiptSchema = object<PaymentReceipt>(
  {
    payment: paymentSchema,
    paid_at: nullable(
      string({ format: 'date-time', description: 'Wanneer de betaling als betaald is vastgelegd.' }),
    ),
    plan_name: string(),
    features: array(featureSchema),
    previous_plan_name: nullable(string({ description: 'Het plan waarvandaan is afgerekend.' })),
    previous_plan_price_per_month: nullable(number()),
    plan_changed: boolean({ description: 'Of deze betaling het plan heeft gewijzigd.' }),
    invoice: nullable(invoiceSchema),
  },
  { description: 'Het betaalbewijs van een betaling.' },
);
