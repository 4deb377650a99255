import type { ReceiptView } from '@loop/core/billing';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { DownloadButton } from '../shell/DownloadButton';

/**
 * The receipt above the return screen's lines (docs/decisions/billing.md, 'The page after payment is a
 * receipt'): what was bought, what it changed, what is now unlocked, the amount with and without
 * BTW, the next renewal and the invoice.
 */
export function Receipt({ view }: { view: ReceiptView }) {
  const invoices = useAsyncInjection(TOKENS.InvoiceUseCases);
  const invoice = view.invoice;
  return (
    <section className="panel receipt" aria-labelledby="receipt-heading">
      <h2 id="receipt-heading">{view.heading}</h2>
      <p className="receipt-bought">{view.bought}</p>
      {view.change ? <p className="receipt-change">{view.change}</p> : null}
      {view.unlockedHeading ? (
        <>
          <p>{view.unlockedHeading}</p>
          <ul className="plan-features receipt-unlocked">
            {view.unlocked.map((feature) => (
              <li key={feature.key}>
                <strong>{feature.name}</strong>
                {feature.summary ? `: ${feature.summary}` : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="receipt-amount">{view.amount}</p>
      {view.renewal ? <p className="receipt-renewal">{view.renewal}</p> : null}
      {invoice ? (
        <div className="row-actions">
          <DownloadButton
            label={invoice.label}
            failed="De factuur kon niet worden gedownload."
            download={() => invoices.download({ id: invoice.id })}
          />
        </div>
      ) : null}
    </section>
  );
}
