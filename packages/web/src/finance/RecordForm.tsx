import type { FinanceRecordInput } from '@loop/core';
import { BTW_RATE_CHOICES, type FinanceRecordForm, financeFormInput } from '@loop/core/finance';
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../forms/Field';
import { FieldError, FormAlert } from '../forms/FormAlert';

/** Where a server's field names differ from the form's. */
const FORM_FIELD: Readonly<Record<string, string>> = { amount_cents: 'amount' };

/**
 * Adding or changing a record inline: the amount in Dutch notation ('1.234,56'), read by core's
 * rules with the Dutch message beside the field; categories offered from what the organisation
 * uses and the common Dutch ones. Nothing is sent while a field is wrong.
 */
export function RecordForm({
  title,
  initial,
  categories,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: FinanceRecordForm;
  categories: readonly string[];
  submitLabel: string;
  /** Answers null when stored, or the server's message and field errors. */
  onSubmit: (
    input: FinanceRecordInput,
  ) => Promise<null | { readonly detail: string; readonly fields?: Readonly<Record<string, string>> }>;
  onCancel: () => void;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const set = (key: keyof FinanceRecordForm) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const checked = financeFormInput(form);
    if (!checked.ok) {
      setErrors(checked.fields);
      setAlert('Controleer de gemarkeerde velden.');
      return;
    }
    setErrors({});
    setAlert(null);
    setBusy(true);
    const failure = await onSubmit(checked.value);
    setBusy(false);
    if (failure === null) return;
    setAlert(failure.detail);
    setErrors(
      Object.fromEntries(
        Object.entries(failure.fields ?? {}).map(([key, text]) => [FORM_FIELD[key] ?? key, text]),
      ),
    );
  }

  const field = (key: keyof FinanceRecordForm) => ({
    id: `${id}-${key}`,
    value: form[key],
    error: errors[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key)(event.target.value),
  });

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h3>
      <FormAlert message={alert} />
      <form className="finance-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field label="Datum" type="date" required {...field('date')} />
        <div className="field">
          <label htmlFor={`${id}-direction`}>Soort</label>
          <select
            id={`${id}-direction`}
            value={form.direction}
            required
            aria-invalid={errors.direction ? true : undefined}
            aria-describedby={errors.direction ? `${id}-direction-error` : undefined}
            onChange={(event) => set('direction')(event.target.value)}
          >
            {form.direction === '' ? (
              <option value="" disabled>
                Kies inkomsten of kosten
              </option>
            ) : null}
            <option value="income">Inkomsten (geld ontvangen)</option>
            <option value="cost">Kosten (geld betaald)</option>
          </select>
          <FieldError id={`${id}-direction-error`} error={errors.direction} />
        </div>
        <Field
          label="Bedrag inclusief btw (€)"
          hint="Bijvoorbeeld 1.234,56"
          inputMode="decimal"
          autoComplete="off"
          required
          {...field('amount')}
        />
        <div className="field">
          <label htmlFor={`${id}-btw`}>Btw-tarief</label>
          <select
            id={`${id}-btw`}
            value={form.btw_rate}
            aria-invalid={errors.btw_rate ? true : undefined}
            aria-describedby={errors.btw_rate ? `${id}-btw-error` : undefined}
            onChange={(event) => set('btw_rate')(event.target.value)}
          >
            {BTW_RATE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-btw-error`} error={errors.btw_rate} />
        </div>
        <Field label="Categorie" list={`${id}-categories`} autoComplete="off" {...field('category')} />
        <datalist id={`${id}-categories`}>
          {categories.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        <Field label="Omschrijving" autoComplete="off" {...field('description')} />
        <Field label="Tegenpartij" autoComplete="off" {...field('counterparty')} />
        <Field label="Bijlage (factuurnummer of link)" autoComplete="off" {...field('attachment_ref')} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Bezig met opslaan...' : submitLabel}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={busy}>
            Annuleren
          </button>
        </div>
      </form>
    </section>
  );
}
