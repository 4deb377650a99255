import type { SurveyInput } from '@loop/core';
import { type LanguageView, type TranslationsView, translationRows } from '@loop/core/surveys/editor';
import { XLIFF_NOTES } from '@loop/core/surveys/translations';
import { FieldError } from '../../forms/FormAlert';

/** A text that may be longer than this (or HTML) is translated in a textarea, others in an input. */
const LONG_TEXT = 300;

/**
 * 'Vertalen': every Dutch text of the survey beside its translation in one language, in the order a
 * respondent meets them, each with where it stands ('Vraag 2 ('Afdeling'): keuze 'Verkoop'').
 * Plain inputs in reading order, so Tab goes from text to text; a text still missing or changed in
 * Dutch since it was translated says so. On a phone each row stacks (surveyLanguages.css).
 */
export function TranslationTable({
  id,
  draft,
  view,
  language,
  errors,
  onChange,
  onConfirm,
}: {
  id: string;
  draft: SurveyInput;
  view: TranslationsView;
  language: LanguageView;
  /** The server's refusals per text key (a 400 on `translations.<lang>.<key>`). */
  errors: Readonly<Record<string, string>>;
  onChange: (key: string, text: string) => void;
  /** 'Klopt nog': a stale translation is kept as it is. */
  onConfirm: (key: string) => void;
}) {
  const rows = translationRows(view, draft, language.language);
  const p = `${id}-text`;
  return (
    <div className="translation-table-wrap" id={id} data-testid="translation-table">
      <table className="translation-table">
        <caption className="visually-hidden">Teksten in het Nederlands en het {language.name}</caption>
        <thead>
          <tr>
            <th scope="col">Tekst</th>
            <th scope="col">Nederlands</th>
            <th scope="col">{language.name}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const input = `${p}-${index}`;
            const hint = `${input}-hint`;
            const error = errors[row.source.key] ?? null;
            const long = row.source.kind === 'html' || row.source.max_length > LONG_TEXT;
            const notes = [
              ...(row.source.kind === 'html' ? [XLIFF_NOTES.html] : []),
              ...(row.stale ? [XLIFF_NOTES.stale] : []),
            ];
            const common = {
              id: input,
              value: row.text,
              lang: language.language,
              dir: language.dir,
              maxLength: row.source.max_length,
              'aria-describedby':
                [notes.length > 0 ? hint : '', error ? `${input}-error` : ''].join(' ').trim() || undefined,
              'aria-invalid': error ? true : undefined,
              onChange: (event: { target: { value: string } }) =>
                onChange(row.source.key, event.target.value),
            };
            return (
              <tr
                key={row.source.key}
                data-key={row.source.key}
                data-missing={row.missing}
                data-stale={row.stale}
                className={row.missing ? 'is-missing' : row.stale ? 'is-stale' : undefined}
              >
                <th scope="row" className="translation-label">
                  <label htmlFor={input}>{row.source.label}</label>
                  {row.missing ? <span className="translation-flag"> · nog niet vertaald</span> : null}
                </th>
                <td className="translation-source" lang="nl">
                  <span className="translation-cell-title" aria-hidden="true">
                    Nederlands:{' '}
                  </span>
                  {row.source.text}
                </td>
                <td className="translation-target">
                  {long ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
                  {notes.length > 0 ? (
                    <p id={hint} className="field-hint">
                      {notes.join(' ')}
                    </p>
                  ) : null}
                  <FieldError id={`${input}-error`} error={error} />
                  {row.stale ? (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => onConfirm(row.source.key)}
                    >
                      Klopt nog<span className="visually-hidden"> ({row.source.label})</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
