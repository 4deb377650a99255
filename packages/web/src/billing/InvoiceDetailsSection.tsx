import type { InvoiceDetails } from '@loop/core';
import { NO_INVOICE_DETAILS } from '@loop/core/billing';
import { useState } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useNotices } from '../app/useServices';
import { Field } from '../forms/Field';
import { Form } from '../forms/Form';
import { FormAlert } from '../forms/FormAlert';
import { useForm } from '../forms/useForm';
import { Loading } from '../routing/Loading';
import { useInvalidate, useQuery } from '../shared/useQuery';

const DETAILS_KEY = 'invoice-details';

const FIELDS: ReadonlyArray<{
  readonly key: keyof InvoiceDetails;
  readonly label: string;
  readonly hint?: string;
  readonly autoComplete?: string;
}> = [
  {
    key: 'name',
    label: 'Tenaamstelling',
    hint: 'Leeg: de naam van de organisatie.',
    autoComplete: 'organization',
  },
  { key: 'street', label: 'Straat en huisnummer', autoComplete: 'street-address' },
  { key: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
  { key: 'city', label: 'Plaats', autoComplete: 'address-level2' },
  { key: 'country', label: 'Land', hint: 'Leeg: Nederland.', autoComplete: 'country-name' },
  { key: 'vat_number', label: 'Btw-nummer', hint: 'Bijvoorbeeld NL123456789B01; leeg als je er geen hebt.' },
];

/**
 * 'Factuurgegevens' on the subscription page (owners): what the organisation's invoices are made out
 * to. A change holds for the next invoices; an issued invoice keeps what it printed.
 */
export function InvoiceDetailsSection({ organisationName }: { organisationName: string }) {
  const notices = useNotices();
  const useCases = useAsyncInjection(TOKENS.InvoiceUseCases);
  const stored = useQuery(DETAILS_KEY, () => useCases.details());
  const invalidate = useInvalidate();
  // What is typed; null while untouched, so the stored details (and a fresher answer) show.
  const [edited, setEdited] = useState<InvoiceDetails | null>(null);
  const details = edited ?? stored.value;
  const values = details ?? NO_INVOICE_DETAILS;
  const form = useForm({
    action: () => useCases.saveDetails(values),
    onSuccess: (saved) => {
      // The tidied details as stored ('1234 AB'); a later visit asks the server again.
      setEdited(saved);
      invalidate(DETAILS_KEY);
      notices.success('Factuurgegevens opgeslagen.');
    },
  });

  return (
    <section className="panel" aria-labelledby="invoice-details-heading">
      <h2 id="invoice-details-heading">Factuurgegevens</h2>
      <p>
        Zo staat {organisationName} op de facturen die hierna komen; een factuur die er al is, verandert niet.
        Zonder adres is de factuur een vereenvoudigde factuur (toegestaan tot € 100 inclusief btw).
      </p>
      {details === null ? (
        stored.error ? (
          <FormAlert message={stored.error} />
        ) : (
          <Loading />
        )
      ) : (
        <Form form={form} submit="Factuurgegevens opslaan" busyLabel="Bezig met opslaan...">
          {FIELDS.map((field) => (
            <Field
              key={field.key}
              id={`invoice-${field.key}`}
              label={field.label}
              {...(field.hint ? { hint: field.hint } : {})}
              {...(field.autoComplete ? { autoComplete: field.autoComplete } : {})}
              value={values[field.key]}
              placeholder={field.key === 'name' ? organisationName : undefined}
              onChange={(event) => setEdited({ ...values, [field.key]: event.target.value })}
              error={form.fields[field.key]}
            />
          ))}
        </Form>
      )}
    </section>
  );
}
