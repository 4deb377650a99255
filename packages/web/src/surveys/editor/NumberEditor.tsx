import type { NumberSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { parseTypedNumber } from '@loop/core/surveys/model';
import { useState } from 'react';
import { Field } from '../../forms/Field';
import { FieldError } from '../../forms/FormAlert';

/** A typed number ('12,5'); empty is null, what is no number NaN, which the survey's check names. */
function DecimalField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onChange: (value: number | null) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState(() => (value === undefined ? '' : String(value).replace('.', ',')));
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseTypedNumber(event.target.value));
        }}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Number (R-SURV-24): the optional minimum and maximum, the step and the unit. */
export function NumberEditor({
  idPrefix,
  settings,
  onChange,
  errors,
}: {
  idPrefix: string;
  settings: NumberSettings;
  onChange: (settings: NumberSettings) => void;
  errors: FieldErrors;
}) {
  const set = (key: 'min' | 'max', value: number | null) => {
    const { [key]: _old, ...rest } = settings;
    onChange(value === null ? rest : { ...rest, [key]: value });
  };
  return (
    <div className="field-row">
      <DecimalField
        id={`${idPrefix}-min`}
        label="Minimum (optioneel)"
        value={settings.min}
        onChange={(value) => set('min', value)}
        error={errors['settings.min']}
      />
      <DecimalField
        id={`${idPrefix}-max`}
        label="Maximum (optioneel)"
        value={settings.max}
        onChange={(value) => set('max', value)}
        error={errors['settings.max']}
      />
      <DecimalField
        id={`${idPrefix}-step`}
        label="Stap"
        value={settings.step}
        onChange={(value) => onChange({ ...settings, step: value ?? Number.NaN })}
        error={errors['settings.step']}
      />
      <Field
        id={`${idPrefix}-unit`}
        label="Eenheid (optioneel)"
        value={settings.unit ?? ''}
        placeholder="bijv. kg, jaar, €"
        onChange={(event) => {
          const { unit: _old, ...rest } = settings;
          onChange(event.target.value === '' ? rest : { ...rest, unit: event.target.value });
        }}
        error={errors['settings.unit']}
      />
    </div>
  );
}
