import type { ReactNode } from 'react';
import { FormAlert } from './FormAlert';
import { SubmitButton } from './SubmitButton';
import type { FormHandle } from './useForm';

/**
 * A screen's form as `useForm` drives it: no browser validation (the Dutch errors are ours), the
 * form-wide message first, the fields, and the submit button, relabelled while busy.
 */
export function Form({
  form,
  submit,
  busyLabel,
  children,
}: {
  form: FormHandle;
  submit: ReactNode;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate className="form">
      <FormAlert message={form.message} />
      {children}
      <SubmitButton busy={form.busy} busyLabel={busyLabel}>
        {submit}
      </SubmitButton>
    </form>
  );
}
