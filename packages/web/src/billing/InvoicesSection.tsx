import { calendarDayText } from '@loop/core/billing';
import { formatCents } from '@loop/core/format';
import { FormAlert } from '../forms/FormAlert';
import { Loading } from '../routing/Loading';
import { DownloadButton } from '../shell/DownloadButton';
import { TableScroll } from '../shell/TableScroll';
import { useInvoices } from './useInvoices';

const COLUMNS = ['Factuurnummer', 'Datum', 'Omschrijving', 'Bedrag (incl. btw)', 'PDF'];

/** 'Facturen' on the subscription page: every invoice of the organisation, each a PDF to download. */
export function InvoicesSection() {
  const { invoices, download } = useInvoices();
  const items = invoices.value?.items ?? null;
  return (
    <section className="panel" aria-labelledby="invoices-heading">
      <h2 id="invoices-heading">Facturen</h2>
      <p>Elke betaling krijgt een factuur met btw, als PDF voor je administratie.</p>
      <FormAlert message={invoices.error} />
      {items === null ? (
        invoices.error ? null : (
          <Loading />
        )
      ) : items.length === 0 ? (
        <p>Er zijn nog geen facturen.</p>
      ) : (
        <TableScroll label="Tabel met facturen" columns={COLUMNS}>
          {items.map((invoice) => (
            <tr key={invoice.id}>
              <td>{invoice.number}</td>
              <td>{calendarDayText(invoice.issue_date)}</td>
              <td>{invoice.description}</td>
              <td>{formatCents(invoice.total_cents)}</td>
              <td>
                <DownloadButton
                  label={`${invoice.number} downloaden`}
                  failed="De factuur kon niet worden gedownload."
                  download={() => download(invoice)}
                />
              </td>
            </tr>
          ))}
        </TableScroll>
      )}
    </section>
  );
}
