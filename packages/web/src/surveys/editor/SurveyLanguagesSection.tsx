import './surveyLanguages.css';
import type { SurveyInput } from '@loop/core';
import {
  type EditorIssues,
  type LanguageView,
  type SurveyTranslationCommands,
  TRANSLATION_EDITOR_MESSAGES,
  type TranslationImport,
  type TranslationsView,
} from '@loop/core/surveys/editor';
import { languageName } from '@loop/core/surveys/translations';
import { type ChangeEvent, Suspense, useEffect, useRef, useState } from 'react';
import { useNotices } from '../../app/useServices';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { DownloadXliff, ImportReport } from './TranslationFiles';
import { TranslationTable } from './TranslationTable';

/** A request from elsewhere on the page (the list of what to fix) to open a language's table. */
export interface LanguageRequest {
  readonly language: string;
  /** Bumped by every request, so asking for the same language again opens it again. */
  readonly seq: number;
}

/** The set of open tables with one opened or closed. */
function toggled(open: ReadonlySet<string>, language: string, to: boolean): ReadonlySet<string> {
  if (open.has(language) === to) return open;
  const next = new Set(open);
  if (to) next.add(language);
  else next.delete(language);
  return next;
}

/**
 * 'Talen': the survey's main language (Dutch) and its extra languages (issue 26, R-SURV-16). Per
 * language its status, 'Vertalen' (a table of every Dutch text beside its translation), its XLIFF
 * file to download, an XLIFF file to upload (tried first: the report, then 'Toepassen' or
 * 'Annuleren', R-SURV-17) and 'Taal verwijderen' (after a confirmation, since its texts go).
 */
export function SurveyLanguagesSection({
  draft,
  view,
  pending,
  issues,
  commands,
  request,
}: {
  draft: SurveyInput;
  view: TranslationsView;
  pending: TranslationImport | null;
  issues: EditorIssues;
  commands: SurveyTranslationCommands;
  request: LanguageRequest | null;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [choice, setChoice] = useState('');
  const addSelect = useRef<HTMLSelectElement>(null);
  const toggle = (language: string, to: boolean) => setOpen((current) => toggled(current, language, to));

  // Where the focus goes once the next render is on screen: a language's heading (just added), its
  // first text still to translate (asked for from the list of what to fix), or, with no language
  // (one was removed), 'Taal toevoegen'.
  const [focusTarget, setFocusTarget] = useState<{ language: string | null; missing: boolean } | null>(null);

  useEffect(() => {
    if (request === null) return;
    setOpen((current) => toggled(current, request.language, true));
    setFocusTarget({ language: request.language, missing: true });
  }, [request]);

  useEffect(() => {
    if (focusTarget === null) return;
    const { language, missing } = focusTarget;
    const block = language === null ? null : document.getElementById(`language-${language}`);
    const target =
      (missing
        ? block?.querySelector<HTMLElement>('[data-missing="true"] textarea, [data-missing="true"] input')
        : null) ??
      (language === null
        ? (addSelect.current ?? document.getElementById('languages-heading'))
        : document.getElementById(`language-${language}-heading`));
    target?.scrollIntoView?.({ block: 'center' });
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const add = () => {
    const language = choice || view.available[0];
    if (language === undefined || !commands.addLanguage(language)) return;
    setChoice('');
    setOpen((current) => toggled(current, language, true));
    setFocusTarget({ language, missing: false });
  };

  const saveErrors = Object.entries(issues.survey).filter(([key]) => key.startsWith('translations.'));

  return (
    <section
      className="editor-section languages-section"
      aria-labelledby="languages-heading"
      data-testid="survey-languages"
    >
      <h2 id="languages-heading" tabIndex={-1}>
        Talen
      </h2>
      <p className="field-hint">
        Je schrijft de survey in het Nederlands. Voeg een taal toe om hem ook in die taal aan te bieden.
        Deelnemers krijgen een taal pas te zien als de vertaling volledig is. Een concept met een onvolledige
        taal kan niet worden gepubliceerd; bij een open survey wacht die taal tot alles vertaald is.
      </p>
      <ul className="language-list">
        <li className="language-main" data-testid="main-language">
          <strong>{TRANSLATION_EDITOR_MESSAGES.mainLanguage}</strong>
        </li>
        {view.languages.map((language) => (
          <li key={language.language}>
            <LanguageBlock
              draft={draft}
              view={view}
              language={language}
              pending={pending?.language === language.language ? pending : null}
              commands={commands}
              errors={textErrors(issues, language.language)}
              open={open.has(language.language)}
              onToggle={(to) => toggle(language.language, to)}
              onRemoved={() => setFocusTarget({ language: null, missing: false })}
            />
          </li>
        ))}
      </ul>
      {saveErrors.length > 0 ? (
        <ul className="field-error" data-testid="translation-errors">
          {saveErrors.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      ) : null}
      {view.available.length > 0 ? (
        <div className="language-add">
          <div className="field">
            <label htmlFor="language-add">Taal toevoegen</label>
            <select
              ref={addSelect}
              id="language-add"
              value={choice || view.available[0]}
              onChange={(event) => setChoice(event.target.value)}
            >
              {view.available.map((language) => (
                <option key={language} value={language}>
                  {languageName(language)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <button type="button" className="button button-secondary button-small" onClick={add}>
              <span aria-hidden="true">+ </span>Toevoegen
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function LanguageBlock({
  draft,
  view,
  language,
  pending,
  commands,
  errors,
  open,
  onToggle,
  onRemoved,
}: {
  draft: SurveyInput;
  view: TranslationsView;
  language: LanguageView;
  pending: TranslationImport | null;
  commands: SurveyTranslationCommands;
  errors: Readonly<Record<string, string>>;
  open: boolean;
  onToggle: (open: boolean) => void;
  onRemoved: () => void;
}) {
  const p = `language-${language.language}`;
  const [removing, setRemoving] = useState(false);
  const notices = useNotices();
  const fileInput = useRef<HTMLInputElement>(null);
  const reportHeading = useRef<HTMLParagraphElement>(null);
  const [reading, setReading] = useState(false);
  const [reported, setReported] = useState(false);

  // A file was read: the focus goes to what it would do, so the report is read out first.
  useEffect(() => {
    if (!reported) return;
    reportHeading.current?.focus();
    setReported(false);
  }, [reported]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file === undefined) return;
    setReading(true);
    await commands.previewImport(language.language, file);
    setReading(false);
    // The same file may be chosen again after 'Annuleren'.
    event.target.value = '';
    setReported(true);
  };

  const apply = () => {
    const messages = commands.applyImport();
    if (messages !== null) notices.success(messages.join(' '));
    fileInput.current?.focus();
  };

  return (
    <div className="language-block" id={p} data-testid="language" data-language={language.language}>
      <h3 id={`${p}-heading`} tabIndex={-1}>
        {language.name}
      </h3>
      <p className="language-status" data-testid="language-status" data-complete={language.status.complete}>
        <span className={language.status.complete ? 'language-badge is-complete' : 'language-badge'}>
          {language.summary}
        </span>
        {language.stale ? <span className="language-stale"> ({language.stale})</span> : null}
      </p>
      {language.status.complete && language.stale === null ? null : (
        <p className="field-hint" data-testid="language-message">
          {language.message}
        </p>
      )}
      <div className="language-actions">
        <button
          type="button"
          className="button button-small"
          aria-expanded={open}
          aria-controls={open ? `${p}-table` : undefined}
          onClick={() => onToggle(!open)}
        >
          {open ? 'Vertaling sluiten' : 'Vertalen'}
          <span className="visually-hidden"> ({language.name})</span>
        </button>
        <Suspense
          fallback={
            <button type="button" className="button button-secondary button-small" disabled>
              Download XLIFF
            </button>
          }
        >
          <DownloadXliff language={language} commands={commands} />
        </Suspense>
        <div className="language-upload">
          <label htmlFor={`${p}-upload`}>
            XLIFF uploaden<span className="visually-hidden"> ({language.name})</span>
          </label>
          <input
            ref={fileInput}
            id={`${p}-upload`}
            type="file"
            accept=".xlf,.xliff,application/xliff+xml,application/xml,text/xml"
            aria-busy={reading || undefined}
            onChange={(event) => void upload(event)}
          />
        </div>
        <button type="button" className="button button-danger button-small" onClick={() => setRemoving(true)}>
          Taal verwijderen<span className="visually-hidden"> ({language.name})</span>
        </button>
      </div>
      {pending ? (
        <ImportReport
          pending={pending}
          headingRef={reportHeading}
          onApply={apply}
          onCancel={() => {
            commands.cancelImport();
            fileInput.current?.focus();
          }}
        />
      ) : null}
      {open ? (
        <TranslationTable
          id={`${p}-table`}
          draft={draft}
          view={view}
          language={language}
          errors={errors}
          onChange={(key, text) => commands.setText(language.language, key, text)}
          onConfirm={(key) => commands.confirmText(language.language, key)}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`${language.name} verwijderen`}
          confirmLabel="Taal verwijderen"
          onConfirm={() => {
            setRemoving(false);
            commands.removeLanguage(language.language);
            onRemoved();
          }}
          onCancel={() => setRemoving(false)}
        >
          <p>
            {removalText(language)} Deelnemers kunnen de survey daarna niet meer in het {language.name}{' '}
            invullen.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The server's refusals of a language's texts (`translations.<lang>.<key>`), by key. */
function textErrors(issues: EditorIssues, language: string): Readonly<Record<string, string>> {
  const prefix = `translations.${language}.`;
  return Object.fromEntries(
    Object.entries(issues.survey)
      .filter(([field]) => field.startsWith(prefix))
      .map(([field, message]) => [field.slice(prefix.length), message]),
  );
}

/** What removing a language loses, in Dutch. */
function removalText(language: LanguageView): string {
  const count = language.status.translated;
  if (count === 0) return `Er zijn nog geen teksten in het ${language.name} vertaald.`;
  return count === 1
    ? `De vertaalde tekst in het ${language.name} gaat verloren.`
    : `De ${count} vertaalde teksten in het ${language.name} gaan verloren.`;
}
