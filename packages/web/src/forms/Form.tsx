import type { ReactNode } from 'react';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';
import type { FormHandle } from './useForm';

/**
 * A screen's form as `useForm` drives it: no browser validation (the Dutch errors are ours), the
 * form-wide message first, the fields, and the submit button, relabelled while busy, with `cancel`
 * (a dialog's 'Annuleren') beside it.
 */
export function Form({
  form,
  submit,
  busyLabel,
  children,
  cancel,
  className = 'form',
}: {
  form: FormHandle;
  submit: ReactNode;
  busyLabel: string;
  children: ReactNode;
  cancel?: () => void;
  className?: string;
}) {
  const button = (
    <SubmitButton busy={form.busy} busyLabel={busyLabel}>
      {submit}
    </SubmitButton>
  );
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className={className}>
      <FormAlert message={form.message} />
      {children}
      {cancel ? (
        <div className="actions">
          {button}
          <button type="button" className="button button-secondary" disabled={form.busy} onClick={cancel}>
            Annuleren
          </button>
        </div>
      ) : (
        button
      )}
    </form>
  );
}
