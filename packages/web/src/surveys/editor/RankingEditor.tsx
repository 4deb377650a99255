import type { RankingSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { LOCK_HELP } from '@loop/core/surveys/editor';
import { type QuestionLocks, RANKING_OPTIONS_MAX } from '@loop/core/surveys/model';
import { ItemListEditor } from './ItemListEditor';

/** Ranking (R-SURV-24): the options respondents put in order, 2 to 20. */
export function RankingEditor({
  idPrefix,
  settings,
  onChange,
  errors,
  locks,
}: {
  idPrefix: string;
  settings: RankingSettings;
  onChange: (settings: RankingSettings) => void;
  errors: FieldErrors;
  locks: QuestionLocks;
}) {
  return (
    <div className="choice-editor">
      <fieldset className="choice-group">
        <legend>Opties om te ordenen</legend>
        <p className="field-hint">Respondenten zetten ze in volgorde, met knoppen of door te slepen.</p>
        <ItemListEditor
          idPrefix={`${idPrefix}-option`}
          items={settings.options.map((option) => ({ id: option.id, text: option.label }))}
          onChange={(items) =>
            onChange({ options: items.map((item) => ({ id: item.id, label: item.text })) })
          }
          itemLabel={(n) => `Optie ${n}`}
          addLabel="Optie toevoegen"
          max={RANKING_OPTIONS_MAX}
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
