import type { NpsSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { NPS_DEFAULT_LABELS } from '@loop/core/surveys/model';
import { Field } from '../../forms/Field';

/** NPS: the labels at both ends of the 0–10 scale (empty: the defaults). */
export function NpsEditor({
  idPrefix,
  settings,
  onChange,
  errors,
}: {
  idPrefix: string;
  settings: NpsSettings;
  onChange: (settings: NpsSettings) => void;
  errors: FieldErrors;
}) {
  const set = (key: 'low_label' | 'high_label', text: string) => {
    const { [key]: _old, ...rest } = settings;
    onChange(text === '' ? rest : { ...rest, [key]: text });
  };
  return (
    <div className="field-row">
      <Field
        id={`${idPrefix}-low`}
        label="Label bij 0"
        value={settings.low_label ?? ''}
        placeholder={NPS_DEFAULT_LABELS.low_label}
        onChange={(event) => set('low_label', event.target.value)}
        error={errors['settings.low_label']}
      />
      <Field
        id={`${idPrefix}-high`}
        label="Label bij 10"
        value={settings.high_label ?? ''}
        placeholder={NPS_DEFAULT_LABELS.high_label}
        onChange={(event) => set('high_label', event.target.value)}
        error={errors['settings.high_label']}
      />
    </div>
  );
}
