import type { DropdownSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { LOCK_HELP } from '@loop/core/surveys/editor';
import { DROPDOWN_OPTIONS_MAX, type QuestionLocks } from '@loop/core/surveys/model';
import { ItemListEditor } from './ItemListEditor';

/** Dropdown (R-SURV-24): its options, up to 500; respondents search them by typing. */
export function DropdownEditor({
  idPrefix,
  settings,
  onChange,
  errors,
  locks,
}: {
  idPrefix: string;
  settings: DropdownSettings;
  onChange: (settings: DropdownSettings) => void;
  errors: FieldErrors;
  locks: QuestionLocks;
}) {
  return (
    <div className="choice-editor">
      <fieldset className="choice-group">
        <legend>Opties in de lijst</legend>
        <p className="field-hint">
          Respondenten typen om te zoeken; handig voor lange lijsten zoals afdelingen.
        </p>
        <ItemListEditor
          idPrefix={`${idPrefix}-option`}
          items={settings.options.map((option) => ({ id: option.id, text: option.label }))}
          onChange={(items) =>
            onChange({ options: items.map((item) => ({ id: item.id, label: item.text })) })
          }
          itemLabel={(n) => `Optie ${n}`}
          addLabel="Optie toevoegen"
          max={DROPDOWN_OPTIONS_MAX}
          errors={errors}
          errorKey="settings.options"
          lockedIds={new Set(locks.lockedItemIds)}
          lockedHelp="Opties die al gekozen zijn, kunnen niet meer worden verwijderd."
          orderLocked={locks.optionOrder}
          orderHelp={LOCK_HELP.optionOrder}
        />
      </fieldset>
    </div>
  );
}
