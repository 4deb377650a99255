import type { FieldErrors } from '../auth';
import { normalisePostcode } from '../contacts';
import type { InvoiceDetails } from '../contract';

export const INVOICE_DETAIL_LIMITS = {
  name: 200,
  street: 200,
  postcode: 20,
  city: 100,
  country: 60,
} as const;

/** Where the invoice address is when no country is given. */
export const DEFAULT_COUNTRY = 'Nederland';

/** The EU's VAT country codes (Greece is 'EL'; 'XI' is Northern Ireland, which keeps EU VAT for goods). */
const EU_VAT_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

export const INVOICE_DETAIL_MESSAGES = {
  tooLong: (max: number) => `Hoogstens ${max} tekens.`,
  streetMissing: 'Vul ook de straat en het huisnummer in.',
  postcodeMissing: 'Vul ook de postcode in.',
  cityMissing: 'Vul ook de plaats in.',
  dutchPostcode: 'Vul een Nederlandse postcode in, zoals 1234 AB.',
  dutchVat: 'Een Nederlands btw-nummer is NL, 9 cijfers, B en 2 cijfers, zoals NL123456789B01.',
  euVat: 'Een btw-nummer begint met de landcode (zoals NL of BE), gevolgd door 2 tot 12 cijfers of letters.',
} as const;

const isDutch = (country: string): boolean => /^(nederland|the netherlands|netherlands|nl)$/i.test(country);

/** A VAT number as it is written on an invoice: capitals, without spaces, dots or dashes. */
export const normaliseVatNumber = (vat: string): string => vat.replace(/[\s.-]/g, '').toUpperCase();

/** Why a (normalised) VAT number cannot be right, or null: NL + 9 digits + B + 2 digits; other EU codes loosely. */
export function vatNumberProblem(vat: string): string | null {
  if (vat.startsWith('NL')) return /^NL\d{9}B\d{2}$/.test(vat) ? null : INVOICE_DETAIL_MESSAGES.dutchVat;
  const country = vat.slice(0, 2);
  return EU_VAT_COUNTRIES.has(country) && /^[A-Z]{2}[0-9A-Z+*]{2,12}$/.test(vat)
    ? null
    : INVOICE_DETAIL_MESSAGES.euVat;
}

export type CheckedInvoiceDetails =
  | { readonly ok: true; readonly value: InvoiceDetails }
  | { readonly ok: false; readonly fields: FieldErrors };

/**
 * Checks what an organisation enters as its invoice details (docs/decisions/billing.md, 'Invoices name
 * what the organisation entered'): texts trimmed, a Dutch postcode written '1234 AB', the VAT number
 * in capitals without spaces. An address is street, postcode and city together, or none of them;
 * the country defaults to 'Nederland'. Every problem is a Dutch message under its field.
 */
export function checkInvoiceDetails(input: InvoiceDetails): CheckedInvoiceDetails {
  const fields: Record<string, string> = {};
  const text = (key: keyof typeof INVOICE_DETAIL_LIMITS): string => {
    const value = input[key].trim().replace(/\s+/g, ' ');
    if ([...value].length > INVOICE_DETAIL_LIMITS[key])
      fields[key] = INVOICE_DETAIL_MESSAGES.tooLong(INVOICE_DETAIL_LIMITS[key]);
    return value;
  };
  const name = text('name');
  const street = text('street');
  const city = text('city');
  const country = text('country') || DEFAULT_COUNTRY;
  const postcode = normalisePostcode(text('postcode'));
  const address = [street, postcode, city];
  if (address.some((part) => part !== '')) {
    if (street === '') fields.street ??= INVOICE_DETAIL_MESSAGES.streetMissing;
    if (postcode === '') fields.postcode ??= INVOICE_DETAIL_MESSAGES.postcodeMissing;
    if (city === '') fields.city ??= INVOICE_DETAIL_MESSAGES.cityMissing;
  }
  if (postcode !== '' && isDutch(country) && !/^[1-9]\d{3} [A-Z]{2}$/.test(postcode)) {
    fields.postcode ??= INVOICE_DETAIL_MESSAGES.dutchPostcode;
  }
  const vat = normaliseVatNumber(input.vat_number);
  if (vat !== '') {
    const problem = vatNumberProblem(vat);
    if (problem !== null) fields.vat_number = problem;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: { name, street, postcode, city, country, vat_number: vat } };
}

/** No invoice details entered yet. */
export const NO_INVOICE_DETAILS: InvoiceDetails = {
  name: '',
  street: '',
  postcode: '',
  city: '',
  country: '',
  vat_number: '',
};

/** The address lines an invoice prints: street, then postcode and city, then the country. */
export function invoiceAddressLines(details: InvoiceDetails): string[] {
  if (details.street === '') return [];
  return [details.street, `${details.postcode} ${details.city}`, details.country || DEFAULT_COUNTRY];
}
