import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldError } from './FormAlert';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  readonly id: string;
  readonly label: string;
  readonly error?: string | null | undefined;
  readonly hint?: string;
}

/** What every labelled control shares: its label, hint and error around it, tied with aria-describedby. */
export function FieldFrame({
  id,
  label,
  error,
  hint,
  control,
}: {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: string | undefined;
  /** The control, given the attributes that tie it to its hint and error. */
  control: (described: {
    readonly 'aria-invalid': true | undefined;
    readonly 'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {control({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled input whose hint and error are tied to it with aria-describedby; errors are announced. */
export function Field({ id, label, error, hint, type = 'text', ...input }: FieldProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(described) => <input id={id} name={id} type={type} {...described} {...input} />}
    />
  );
}
