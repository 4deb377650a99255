import type { InvoiceGateway } from '@loop/core/billing';
import type { ApiClient } from './createApiClient';
import { downloadFile } from './downloadFile';

/** The current organisation's invoices (GET /invoices, their PDFs) and its invoice details. */
export function createInvoiceGateway(client: ApiClient): InvoiceGateway {
  return {
    invoices: ({ page, page_size }) => client.request('GET', '/invoices', { query: { page, page_size } }),
    downloadInvoice: (id) =>
      downloadFile(client, `/invoices/${encodeURIComponent(String(id))}/pdf`, 'factuur.pdf'),
    details: () => client.request('GET', '/organization/invoice-details'),
    saveDetails: (details) => client.request('PUT', '/organization/invoice-details', { body: details }),
  };
}
