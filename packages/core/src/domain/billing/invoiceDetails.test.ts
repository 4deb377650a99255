import { describe, expect, it } from 'vitest';
import {
  checkInvoiceDetails,
  INVOICE_DETAIL_MESSAGES,
  invoiceAddressLines,
  NO_INVOICE_DETAILS,
} from './invoiceDetails';

const details = (patch: Partial<typeof NO_INVOICE_DETAILS>) => ({ ...NO_INVOICE_DETAILS, ...patch });

describe('checkInvoiceDetails', () => {
  it('should accept nothing at all: the invoice then names the organisation only', () => {
    expect(checkInvoiceDetails(NO_INVOICE_DETAILS)).toEqual({
      ok: true,
      value: { ...NO_INVOICE_DETAILS, country: 'Nederland' },
    });
  });

  it('should tidy a Dutch address and VAT number as an invoice prints them', () => {
    const checked = checkInvoiceDetails(
      details({
        name: '  Voorbeeld  BV ',
        street: 'Keizersgracht 1',
        postcode: '1015cj',
        city: 'Amsterdam',
        vat_number: 'nl 8123.45678 b01',
      }),
    );
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'Voorbeeld BV',
        street: 'Keizersgracht 1',
        postcode: '1015 CJ',
        city: 'Amsterdam',
        country: 'Nederland',
        vat_number: 'NL812345678B01',
      },
    });
  });

  it('should ask for the whole address once part of it is given, in Dutch per field', () => {
    expect(checkInvoiceDetails(details({ city: 'Utrecht' }))).toEqual({
      ok: false,
      fields: {
        street: INVOICE_DETAIL_MESSAGES.streetMissing,
        postcode: INVOICE_DETAIL_MESSAGES.postcodeMissing,
      },
    });
  });

  it('should hold a Dutch postcode to 1234 AB and take a foreign one as written', () => {
    const dutch = checkInvoiceDetails(details({ street: 'Straat 1', postcode: '123 AB', city: 'Ergens' }));
    expect(dutch).toEqual({ ok: false, fields: { postcode: INVOICE_DETAIL_MESSAGES.dutchPostcode } });
    const belgian = checkInvoiceDetails(
      details({
        street: 'Rue 1',
        postcode: '1000',
        city: 'Brussel',
        country: 'België',
        vat_number: 'BE0123456789',
      }),
    );
    expect(belgian).toMatchObject({ ok: true, value: { postcode: '1000', vat_number: 'BE0123456789' } });
  });

  it.each([
    ['NL12345678B01', INVOICE_DETAIL_MESSAGES.dutchVat],
    ['NL123456789B1', INVOICE_DETAIL_MESSAGES.dutchVat],
    ['NL123456789X01', INVOICE_DETAIL_MESSAGES.dutchVat],
    ['US123456789', INVOICE_DETAIL_MESSAGES.euVat],
    ['DE1', INVOICE_DETAIL_MESSAGES.euVat],
    ['123456789', INVOICE_DETAIL_MESSAGES.euVat],
    ['DE12345678901234', INVOICE_DETAIL_MESSAGES.euVat],
  ])('should refuse the VAT number %s with a Dutch reason', (vat, message) => {
    expect(checkInvoiceDetails(details({ vat_number: vat }))).toEqual({
      ok: false,
      fields: { vat_number: message },
    });
  });

  it('should refuse texts that are too long', () => {
    expect(checkInvoiceDetails(details({ name: 'x'.repeat(201) }))).toEqual({
      ok: false,
      fields: { name: INVOICE_DETAIL_MESSAGES.tooLong(200) },
    });
  });
});

describe('invoiceAddressLines', () => {
  it('should print street, postcode and city, and the country', () => {
    expect(
      invoiceAddressLines(
        details({ street: 'Keizersgracht 1', postcode: '1015 CJ', city: 'Amsterdam', country: 'Nederland' }),
      ),
    ).toEqual(['Keizersgracht 1', '1015 CJ Amsterdam', 'Nederland']);
    expect(invoiceAddressLines(NO_INVOICE_DETAILS)).toEqual([]);
  });
});
