import type { LogicValue } from '@loop/core/surveys/logic';
import { dayKey, isDay, keyDay, parseTypedNumber } from '@loop/core/surveys/model';
import { useState } from 'react';

/**
 * A typed number ('12,5'); the text stays as typed while it is edited, and what is no number is
 * passed on as text, so the logic check names it.
 */
export function LogicNumberInput({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: LogicValue;
  disabled: boolean;
  onChange: (value: LogicValue) => void;
}) {
  const [text, setText] = useState(() =>
    typeof value === 'number' ? String(value).replace('.', ',') : String(value),
  );
  return (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      value={text}
      disabled={disabled}
      onChange={(event) => {
        setText(event.target.value);
        const number = parseTypedNumber(event.target.value);
        onChange(number === null || Number.isNaN(number) ? event.target.value : number);
      }}
    />
  );
}

/** Values typed as a list ('verkoop, support'); the text stays as typed while it is edited. */
export function ListInput({
  id,
  values,
  disabled,
  onChange,
}: {
  id: string;
  values: readonly LogicValue[];
  disabled: boolean;
  onChange: (values: readonly string[]) => void;
}) {
  const [text, setText] = useState(() => values.join(', '));
  return (
    <div className="field">
      <label htmlFor={id}>Waarden</label>
      <input
        id={id}
        type="text"
        value={text}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          onChange(
            event.target.value
              .split(',')
              .map((value) => value.trim())
              .filter((value) => value !== ''),
          );
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        Scheid de waarden met komma's.
      </p>
    </div>
  );
}

/** A day picked with the browser's date field; the condition holds its key (20260315), '' while empty. */
export function LogicDateInput({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: LogicValue;
  disabled: boolean;
  onChange: (value: LogicValue) => void;
}) {
  return (
    <input
      id={id}
      type="date"
      value={typeof value === 'number' ? keyDay(value) : ''}
      disabled={disabled}
      onChange={(event) => onChange(isDay(event.target.value) ? dayKey(event.target.value) : '')}
    />
  );
}
