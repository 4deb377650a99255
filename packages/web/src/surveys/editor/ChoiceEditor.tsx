import type { MultipleChoiceSettings, SingleChoiceSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { LOCK_HELP } from '@loop/core/surveys/editor';
import { OPTIONS_MAX, type QuestionLocks } from '@loop/core/surveys/model';
import { FieldError } from '../../forms/FormAlert';
import { ItemListEditor } from './ItemListEditor';
import { NumberField } from './NumberField';

/** Options of a single or multiple choice, 'Anders, namelijk', and for multiple choice the limits. */
export function ChoiceEditor({
  idPrefix,
  multiple,
  settings,
  onChange,
  errors,
  locks,
}: {
  idPrefix: string;
  multiple: boolean;
  settings: SingleChoiceSettings | MultipleChoiceSettings;
  onChange: (settings: SingleChoiceSettings | MultipleChoiceSettings) => void;
  errors: FieldErrors;
  locks: QuestionLocks;
}) {
  const otherLocked = locks.other && settings.allow_other;
  const limits = settings as MultipleChoiceSettings;
  const setLimit = (key: 'min_choices' | 'max_choices', value: number | null) => {
    const { [key]: _old, ...rest } = limits;
    onChange(value === null ? rest : { ...rest, [key]: value });
  };

  return (
    <div className="choice-editor">
      <fieldset className="choice-group">
        <legend>Antwoordopties</legend>
        <ItemListEditor
          idPrefix={`${idPrefix}-option`}
          items={settings.options.map((option) => ({ id: option.id, text: option.label }))}
          onChange={(items) =>
            onChange({ ...settings, options: items.map((item) => ({ id: item.id, label: item.text })) })
          }
          itemLabel={(n) => `Optie ${n}`}
          addLabel="Optie toevoegen"
          max={OPTIONS_MAX}
          errors={errors}
          errorKey="settings.options"
          lockedIds={new Set(locks.lockedItemIds)}
          lockedHelp="Opties die al gekozen zijn, kunnen niet meer worden verwijderd."
          orderLocked={locks.optionOrder}
          orderHelp={LOCK_HELP.optionOrder}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.allow_other}
            disabled={otherLocked}
            aria-describedby={`${idPrefix}-other-hint`}
            onChange={(event) => onChange({ ...settings, allow_other: event.target.checked })}
          />
          Anders, namelijk
        </label>
        <p id={`${idPrefix}-other-hint`} className="field-hint">
          {otherLocked
            ? LOCK_HELP.other
            : 'Voegt een laatste keuze toe met een tekstveld voor een eigen antwoord.'}
        </p>
        <FieldError id={`${idPrefix}-other-error`} error={errors['settings.allow_other']} />
      </fieldset>
      {multiple ? (
        <fieldset className="choice-group">
          <legend>Aantal keuzes</legend>
          <div className="field-row">
            <NumberField
              id={`${idPrefix}-min`}
              label="Minimaal aantal keuzes"
              hint="Leeg: geen minimum."
              value={limits.min_choices ?? null}
              min={1}
              onChange={(value) => setLimit('min_choices', value)}
              error={errors['settings.min_choices']}
            />
            <NumberField
              id={`${idPrefix}-max`}
              label="Maximaal aantal keuzes"
              hint="Leeg: geen maximum."
              value={limits.max_choices ?? null}
              min={1}
              onChange={(value) => setLimit('max_choices', value)}
              error={errors['settings.max_choices']}
            />
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
