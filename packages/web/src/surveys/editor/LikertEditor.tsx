import type { LikertSettings } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { LOCK_HELP } from '@loop/core/surveys/editor';
import {
  LIKERT_DEFAULT_LABELS,
  type QuestionLocks,
  STATEMENTS_MAX,
  withLikertPoints,
} from '@loop/core/surveys/model';
import { FieldError } from '../../forms/FormAlert';
import { ItemListEditor } from './ItemListEditor';

const POINTS = [5, 7] as const;

/**
 * The Likert question's own editor: 5 or 7 points, a label per point, a neutral middle, and the
 * statements that share the scale as a matrix, with a live preview of how respondents see it.
 */
export function LikertEditor({
  idPrefix,
  settings,
  onChange,
  errors,
  locks,
}: {
  idPrefix: string;
  settings: LikertSettings;
  onChange: (settings: LikertSettings) => void;
  errors: FieldErrors;
  locks: QuestionLocks;
}) {
  const middle = (settings.points - 1) / 2;
  const lockedStatements = new Set(locks.lockedItemIds);
  const defaults = LIKERT_DEFAULT_LABELS[settings.points];

  return (
    <div className="likert-editor">
      <fieldset className="choice-group">
        <legend>Schaal</legend>
        <div className="choice-row">
          {POINTS.map((points) => (
            <label key={points} className="checkbox">
              <input
                type="radio"
                name={`${idPrefix}-points`}
                value={points}
                checked={settings.points === points}
                disabled={locks.points}
                aria-describedby={locks.points ? `${idPrefix}-points-lock` : undefined}
                onChange={() => onChange(withLikertPoints(settings, points))}
              />
              {points} punten
            </label>
          ))}
        </div>
        {locks.points ? (
          <p id={`${idPrefix}-points-lock`} className="field-hint">
            {LOCK_HELP.points}
          </p>
        ) : null}
        <FieldError id={`${idPrefix}-points-error`} error={errors['settings.points']} />
      </fieldset>

      <fieldset className="choice-group">
        <legend>Labels per punt</legend>
        <ol className="likert-labels">
          {settings.labels.map((label, index) => {
            const inputId = `${idPrefix}-label-${index}`;
            const error = errors[`settings.labels.${index}`];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: one label per point, never reordered
              <li key={index} className="field">
                <label htmlFor={inputId}>Label punt {index + 1}</label>
                <input
                  id={inputId}
                  type="text"
                  value={label}
                  placeholder={defaults[index]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(event) =>
                    onChange({
                      ...settings,
                      labels: settings.labels.map((old, i) => (i === index ? event.target.value : old)),
                    })
                  }
                />
                <FieldError id={`${inputId}-error`} error={error} />
              </li>
            );
          })}
        </ol>
        <FieldError id={`${idPrefix}-labels-error`} error={errors['settings.labels']} />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={settings.neutral_middle}
            aria-describedby={`${idPrefix}-neutral-hint`}
            onChange={(event) => onChange({ ...settings, neutral_middle: event.target.checked })}
          />
          Neutraal midden
        </label>
        <p id={`${idPrefix}-neutral-hint`} className="field-hint">
          Het middelste punt ('{settings.labels[middle] || defaults[middle]}') telt als neutraal: in de
          resultaten staat het apart, niet bij eens of oneens.
        </p>
      </fieldset>

      <fieldset className="choice-group">
        <legend>Stellingen</legend>
        <p className="field-hint">Alle stellingen delen dezelfde schaal.</p>
        <ItemListEditor
          idPrefix={`${idPrefix}-statement`}
          items={settings.statements}
          onChange={(items) => onChange({ ...settings, statements: items })}
          itemLabel={(n) => `Stelling ${n}`}
          addLabel="Stelling toevoegen"
          max={STATEMENTS_MAX}
          errors={errors}
          errorKey="settings.statements"
          lockedIds={lockedStatements}
          lockedHelp="Stellingen met antwoorden kunnen niet meer worden verwijderd."
        />
      </fieldset>

      <LikertPreview settings={settings} />
    </div>
  );
}

/** The scale as a respondent sees it: one row per statement, one column per point. */
function LikertPreview({ settings }: { settings: LikertSettings }) {
  const defaults = LIKERT_DEFAULT_LABELS[settings.points];
  const middle = (settings.points - 1) / 2;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the preview scrolls sideways on phones and must be reachable by keyboard
    <section className="likert-preview table-scroll" aria-label="Voorbeeld van de schaal" tabIndex={0}>
      <table>
        <caption>Voorbeeld van de schaal</caption>
        <thead>
          <tr>
            <td />
            {settings.labels.map((label, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: one column per point
                key={index}
                scope="col"
                className={settings.neutral_middle && index === middle ? 'is-neutral' : undefined}
              >
                {label || defaults[index]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {settings.statements.map((statement, row) => (
            <tr key={statement.id}>
              <th scope="row">{statement.text || `Stelling ${row + 1}`}</th>
              {settings.labels.map((_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per point
                <td key={index} className="likert-dot">
                  <span aria-hidden="true">○</span>
                  <span className="visually-hidden">keuze {index + 1}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
