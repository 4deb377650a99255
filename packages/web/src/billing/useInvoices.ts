import type { Invoice, Page } from '@loop/core';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useQuery } from '../shared/useQuery';

/** The cache key of the organisation's invoices (asked again after a payment). */
export const INVOICES_KEY = 'invoices';

/** The organisation's invoices, newest first, and a download that hands the PDF to the browser. */
export function useInvoices(page = 1): {
  readonly invoices: Remote<Page<Invoice>>;
  readonly download: (invoice: Pick<Invoice, 'id'>) => Promise<{ ok: boolean; message?: string | null }>;
} {
  const useCases = useAsyncInjection(TOKENS.InvoiceUseCases);
  const invoices = useQuery(`${INVOICES_KEY}:${page}`, () => useCases.list(page));
  return { invoices, download: (invoice) => useCases.download(invoice) };
}
