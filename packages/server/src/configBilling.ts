import type { PaymentProvider } from '@loop/core';
import { normaliseVatNumber } from '@loop/core/billing';
import { absoluteUrl, ConfigError, type Env, flag, value } from './configEnv';
import type { AppConfig, InvoiceSupplier } from './configTypes';

/**
 * The supplier of local runs without INVOICE_SUPPLIER_* (never in production): named so that nobody
 * takes it for a company, and every invoice it is on says it is not valid.
 */
export const DEMO_INVOICE_SUPPLIER: InvoiceSupplier = {
  name: 'Loop demo-leverancier (geen echt bedrijf)',
  street: 'Voorbeeldstraat 1',
  postcode: '1234 AB',
  city: 'Voorbeeldstad',
  country: 'Nederland',
  kvkNumber: '00000000',
  vatNumber: 'NL000000000B00',
  demo: true,
};

const SUPPLIER_KEYS = {
  name: 'INVOICE_SUPPLIER_NAME',
  street: 'INVOICE_SUPPLIER_STREET',
  postcode: 'INVOICE_SUPPLIER_POSTCODE',
  city: 'INVOICE_SUPPLIER_CITY',
  kvkNumber: 'INVOICE_SUPPLIER_KVK',
  vatNumber: 'INVOICE_SUPPLIER_VAT_NUMBER',
} as const;

/**
 * INVOICE_SUPPLIER_* (all of them, or none; INVOICE_SUPPLIER_COUNTRY defaults to Nederland). None set:
 * the demo supplier outside production, else null; a production server that can take card payments
 * (STRIPE_SECRET_KEY) must name its supplier, because every paid payment gets an invoice.
 */
export function invoiceSupplier(
  env: Env,
  production: boolean,
  stripeConfigured: boolean,
): InvoiceSupplier | null {
  const given = Object.entries(SUPPLIER_KEYS).map(([field, key]) => [field, key, value(env, key)] as const);
  const missing = given.filter(([, , found]) => found === undefined).map(([, key]) => key);
  if (missing.length === given.length && value(env, 'INVOICE_SUPPLIER_COUNTRY') === undefined) {
    if (production && stripeConfigured) {
      throw new ConfigError(
        `Met Stripe krijgt elke betaling een factuur: zet de leveranciersgegevens ${Object.values(SUPPLIER_KEYS).join(', ')} ` +
          '(en eventueel INVOICE_SUPPLIER_COUNTRY).',
      );
    }
    return production ? null : DEMO_INVOICE_SUPPLIER;
  }
  if (missing.length > 0) {
    throw new ConfigError(
      `De leveranciersgegevens voor facturen zijn onvolledig: zet ook ${missing.join(', ')}.`,
    );
  }
  const field = Object.fromEntries(given.map(([name, , found]) => [name, found ?? ''])) as Record<
    keyof typeof SUPPLIER_KEYS,
    string
  >;
  if (!/^\d{8}$/.test(field.kvkNumber)) {
    throw new ConfigError(
      `INVOICE_SUPPLIER_KVK moet een KvK-nummer van 8 cijfers zijn (nu: "${field.kvkNumber}").`,
    );
  }
  const vatNumber = normaliseVatNumber(field.vatNumber);
  if (!/^NL\d{9}B\d{2}$/.test(vatNumber)) {
    throw new ConfigError(
      `INVOICE_SUPPLIER_VAT_NUMBER moet een Nederlands btw-nummer zijn: NL, 9 cijfers, B en 2 cijfers (nu: "${field.vatNumber}").`,
    );
  }
  return {
    name: field.name,
    street: field.street,
    postcode: field.postcode,
    city: field.city,
    country: value(env, 'INVOICE_SUPPLIER_COUNTRY') ?? 'Nederland',
    kvkNumber: field.kvkNumber,
    vatNumber,
    demo: false,
  };
}

const PAYMENT_PROVIDERS: readonly PaymentProvider[] = ['stripe', 'simulated'];

export function paymentSettings(
  env: Env,
  production: boolean,
): Pick<
  AppConfig,
  'onlineCheckout' | 'paymentProvider' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeApiUrl'
> {
  const onlineCheckout = flag(env, 'ONLINE_CHECKOUT', false);
  const provider = value(env, 'PAYMENT_PROVIDER')?.toLowerCase() ?? 'stripe';
  if (!PAYMENT_PROVIDERS.includes(provider as PaymentProvider)) {
    throw new ConfigError(`PAYMENT_PROVIDER moet "stripe" of "simulated" zijn (nu: "${provider}").`);
  }
  const paymentProvider = provider as PaymentProvider;
  if (production && paymentProvider === 'simulated') {
    throw new ConfigError(
      'PAYMENT_PROVIDER=simulated is alleen voor ontwikkeling en tests; in productie (NODE_ENV=production) ' +
        'kan het niet. Gebruik PAYMENT_PROVIDER=stripe.',
    );
  }
  const stripeSecretKey = value(env, 'STRIPE_SECRET_KEY') ?? null;
  const stripeWebhookSecret = value(env, 'STRIPE_WEBHOOK_SECRET') ?? null;
  if (
    onlineCheckout &&
    paymentProvider === 'stripe' &&
    (stripeSecretKey === null || stripeWebhookSecret === null)
  ) {
    throw new ConfigError(
      'ONLINE_CHECKOUT=true met Stripe vraagt STRIPE_SECRET_KEY en STRIPE_WEBHOOK_SECRET. Zet ze, of gebruik ' +
        'PAYMENT_PROVIDER=simulated (niet in productie), of zet ONLINE_CHECKOUT=false.',
    );
  }
  const apiUrl = value(env, 'STRIPE_API_URL');
  return {
    onlineCheckout,
    paymentProvider,
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiUrl: apiUrl === undefined ? null : absoluteUrl('STRIPE_API_URL', apiUrl),
  };
}
