import type { OpenTextSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { OPEN_TEXT_HARD_MAX_LENGTH } from '@loop/core/surveys/model';
import { NumberField } from './NumberField';

/** Open text: the maximum length (short or long is the question's type). */
export function OpenTextEditor({
  idPrefix,
  settings,
  onChange,
  errors,
}: {
  idPrefix: string;
  settings: OpenTextSettings;
  onChange: (settings: OpenTextSettings) => void;
  errors: FieldErrors;
}) {
  return (
    <NumberField
      id={`${idPrefix}-max-length`}
      label="Maximale lengte (tekens)"
      hint={`Hoogstens ${OPEN_TEXT_HARD_MAX_LENGTH.toLocaleString('nl-NL')} tekens.`}
      value={settings.max_length}
      min={1}
      max={OPEN_TEXT_HARD_MAX_LENGTH}
      onChange={(value) => onChange({ max_length: value ?? Number.NaN })}
      error={errors['settings.max_length']}
    />
  );
}
