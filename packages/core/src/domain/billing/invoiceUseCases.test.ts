import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../api';
import type { InvoiceDetails } from '../contract';
import type { DownloadedFile } from '../shared';
import { sampleInvoice } from './invoice.fixtures';
import { INVOICE_DETAIL_MESSAGES, NO_INVOICE_DETAILS } from './invoiceDetails';
import { createInvoiceUseCases } from './invoiceUseCases';
import type { InvoiceGateway } from './ports';

const PDF: DownloadedFile = {
  filename: 'factuur-LOOP-2026-000042.pdf',
  content: { size: 900, type: 'application/pdf' },
};

function setup(overrides: Partial<InvoiceGateway> = {}) {
  const calls: string[] = [];
  const saved: DownloadedFile[] = [];
  const gateway: InvoiceGateway = {
    invoices: async (query) => {
      calls.push(`invoices ${query.page}/${query.page_size}`);
      return apiOk({ items: [sampleInvoice()], total: 1, page: query.page, page_size: query.page_size });
    },
    downloadInvoice: async (id) => {
      calls.push(`pdf ${id}`);
      return apiOk(PDF);
    },
    details: async () => apiOk(NO_INVOICE_DETAILS),
    saveDetails: async (details: InvoiceDetails) => {
      calls.push(`save ${JSON.stringify(details)}`);
      return apiOk(details);
    },
    ...overrides,
  };
  const useCases = createInvoiceUseCases({ gateway, files: { saveFile: (file) => saved.push(file) } });
  return { useCases, calls, saved };
}

describe('createInvoiceUseCases', () => {
  it('should list the newest invoices 25 at a time', async () => {
    const { useCases, calls } = setup();
    const page = await useCases.list();
    expect(calls).toEqual(['invoices 1/25']);
    expect(page.ok && page.value.items.map((invoice) => invoice.number)).toEqual(['LOOP-2026-000042']);
  });

  it("should hand the server's PDF to the browser under the server's file name", async () => {
    const { useCases, calls, saved } = setup();
    expect(await useCases.download({ id: 7 })).toEqual({ ok: true, value: undefined });
    expect(calls).toEqual(['pdf 7']);
    expect(saved).toEqual([PDF]);
  });

  it("should pass on the server's refusal of a download and save nothing", async () => {
    const { useCases, saved } = setup({
      downloadInvoice: async () => apiFailure(404, 'Deze factuur bestaat niet.'),
    });
    expect(await useCases.download({ id: 9 })).toMatchObject({
      ok: false,
      message: 'Deze factuur bestaat niet.',
      status: 404,
    });
    expect(saved).toEqual([]);
  });

  it('should check the details before sending, and send them tidied', async () => {
    const { useCases, calls } = setup();
    expect(await useCases.saveDetails({ ...NO_INVOICE_DETAILS, vat_number: 'NL123' })).toEqual({
      ok: false,
      message: null,
      fields: { vat_number: INVOICE_DETAIL_MESSAGES.dutchVat },
    });
    expect(calls).toEqual([]);
    const saved = await useCases.saveDetails({ ...NO_INVOICE_DETAILS, vat_number: 'nl123456789b01' });
    expect(saved).toMatchObject({ ok: true, value: { vat_number: 'NL123456789B01', country: 'Nederland' } });
    expect(calls).toHaveLength(1);
  });
});
