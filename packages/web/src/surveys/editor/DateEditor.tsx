import type { DateSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { Field } from '../../forms/Field';

/** Date (R-SURV-24): the optional first and last day a respondent may pick. */
export function DateEditor({
  idPrefix,
  settings,
  onChange,
  errors,
}: {
  idPrefix: string;
  settings: DateSettings;
  onChange: (settings: DateSettings) => void;
  errors: FieldErrors;
}) {
  const set = (key: 'min' | 'max', day: string) => {
    const { [key]: _old, ...rest } = settings;
    onChange(day === '' ? rest : { ...rest, [key]: day });
  };
  return (
    <div className="field-row">
      <Field
        id={`${idPrefix}-min`}
        label="Eerste dag (optioneel)"
        type="date"
        value={settings.min ?? ''}
        onChange={(event) => set('min', event.target.value)}
        error={errors['settings.min']}
      />
      <Field
        id={`${idPrefix}-max`}
        label="Laatste dag (optioneel)"
        type="date"
        value={settings.max ?? ''}
        onChange={(event) => set('max', event.target.value)}
        error={errors['settings.max']}
      />
    </div>
  );
}
