import type { SelectHTMLAttributes } from 'react';
import { FieldFrame } from './Field';

export interface SelectFieldProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name' | 'onChange' | 'value'> {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  /** A first option with value '' ('Kies een survey'); none when every value is a choice. */
  readonly placeholder?: string;
  readonly error?: string | null | undefined;
  readonly hint?: string;
}

/** A labelled select whose hint and error are tied to it with aria-describedby, like `Field`. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(described) => (
        <select
          id={id}
          name={id}
          value={value}
          {...described}
          onChange={(event) => onChange(event.target.value)}
          {...select}
        >
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
