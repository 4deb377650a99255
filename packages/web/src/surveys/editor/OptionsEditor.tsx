import type { ChoiceOption } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { LOCK_HELP } from '@loop/core/surveys/editor';
import { DROPDOWN_OPTIONS_MAX, type QuestionLocks, RANKING_OPTIONS_MAX } from '@loop/core/surveys/model';
import { ItemListEditor } from './ItemListEditor';

/** What differs between the question types whose settings are only a list of options (R-SURV-24). */
const KINDS = {
  dropdown: {
    legend: 'Opties in de lijst',
    hint: 'Respondenten typen om te zoeken; handig voor lange lijsten zoals afdelingen.',
    max: DROPDOWN_OPTIONS_MAX,
  },
  ranking: {
    legend: 'Opties om te ordenen',
    hint: 'Respondenten zetten ze in volgorde, met knoppen of door te slepen.',
    max: RANKING_OPTIONS_MAX,
  },
} as const;

/**
 * The options of a dropdown (up to 500; respondents search them by typing) or of a ranking (2 to
 * 20, put in order): one list editor with the locks of options already chosen.
 */
export function OptionsEditor({
  kind,
  idPrefix,
  settings,
  onChange,
  errors,
  locks,
}: {
  kind: keyof typeof KINDS;
  idPrefix: string;
  settings: { readonly options: readonly ChoiceOption[] };
  onChange: (settings: { readonly options: ChoiceOption[] }) => void;
  errors: FieldErrors;
  locks: QuestionLocks;
}) {
  const { legend, hint, max } = KINDS[kind];
  return (
    <div className="choice-editor">
      <fieldset className="choice-group">
        <legend>{legend}</legend>
        <p className="field-hint">{hint}</p>
        <ItemListEditor
          idPrefix={`${idPrefix}-option`}
          items={settings.options.map((option) => ({ id: option.id, text: option.label }))}
          onChange={(items) =>
            onChange({ options: items.map((item) => ({ id: item.id, label: item.text })) })
          }
          itemLabel={(n) => `Optie ${n}`}
          addLabel="Optie toevoegen"
          max={max}
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
