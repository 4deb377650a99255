import { type ApiResult, type FormResult, formFromApi, formInvalid } from '../api';
import type { Invoice, InvoiceDetails, Page } from '../contract';
import type { FileSaver } from '../shared';
import { checkInvoiceDetails } from './invoiceDetails';
import type { InvoiceGateway, PageQuery } from './ports';

/** The subscription page shows the newest invoices first, this many at a time. */
export const INVOICES_PAGE_SIZE = 25;

/**
 * The subscription page's invoices: the list, a PDF downloaded as the server made it, and the
 * organisation's invoice details, checked here with the server's own rules before they are sent.
 */
export function createInvoiceUseCases(deps: {
  readonly gateway: InvoiceGateway;
  readonly files: Pick<FileSaver, 'saveFile'>;
}) {
  const { gateway, files } = deps;
  return {
    list(page = 1): Promise<ApiResult<Page<Invoice>>> {
      const query: PageQuery = { page, page_size: INVOICES_PAGE_SIZE };
      return gateway.invoices(query);
    },

    async download(invoice: Pick<Invoice, 'id'>): Promise<FormResult<void>> {
      const file = await gateway.downloadInvoice(invoice.id);
      if (!file.ok) return formFromApi(file);
      files.saveFile(file.value);
      return { ok: true, value: undefined };
    },

    details(): Promise<ApiResult<InvoiceDetails>> {
      return gateway.details();
    },

    async saveDetails(input: InvoiceDetails): Promise<FormResult<InvoiceDetails>> {
      const checked = checkInvoiceDetails(input);
      if (!checked.ok) return formInvalid(checked.fields);
      return formFromApi(await gateway.saveDetails(checked.value));
    },
  };
}

export type InvoiceUseCases = ReturnType<typeof createInvoiceUseCases>;
