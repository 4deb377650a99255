import { useEffect, useState } from 'react';
import { FieldError } from '../../forms/FormAlert';

/**
 * A whole-number input that may be left empty (null). What the user types stays as typed; a value
 * that is not a whole number reaches the draft as NaN, so the survey's validation names it.
 */
export function NumberField({
  id,
  label,
  hint,
  value,
  min,
  max,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint?: string;
  value: number | null;
  min?: number;
  max?: number;
  onChange: (value: number | null) => void;
  error?: string | undefined;
}) {
  const shown = value === null || Number.isNaN(value) ? '' : String(value);
  const [text, setText] = useState(shown);
  // Follows the draft when it changes from elsewhere (the latest version loaded).
  useEffect(() => {
    setText((current) => (Object.is(parse(current), value) ? current : shown));
  }, [value, shown]);

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        min={min}
        max={max}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parse(event.target.value));
        }}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function parse(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) ? value : Number.NaN;
}
