import type { LanguageView, SurveyTranslationCommands, TranslationImport } from '@loop/core/surveys/editor';
import { type RefObject, useId } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';

// The XLIFF file of one language: its download, and the dry-run report of an uploaded one.

/** 'Download XLIFF': the language's file, made in the browser and handed to the app's file saver. */
export function DownloadXliff({
  language,
  commands,
}: {
  language: LanguageView;
  commands: SurveyTranslationCommands;
}) {
  const files = useAsyncInjection(TOKENS.FileSaver);
  return (
    <button
      type="button"
      className="button button-secondary button-small"
      onClick={() => {
        const file = commands.exportXliff(language.language);
        if (file !== null) files.saveText(file.filename, file.text, file.mime_type);
      }}
    >
      Download XLIFF<span className="visually-hidden"> ({language.name})</span>
    </button>
  );
}

/** What a tried file would do (or why it cannot be read), with 'Toepassen' and 'Annuleren'. */
export function ImportReport({
  pending,
  headingRef,
  onApply,
  onCancel,
}: {
  pending: TranslationImport;
  headingRef: RefObject<HTMLParagraphElement | null>;
  onApply: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  if (pending.kind === 'failed')
    return (
      <div className="alert alert-error language-import" data-testid="import-report">
        <p ref={headingRef} tabIndex={-1} role="alert">
          {pending.file_name}: {pending.message}
        </p>
        <div className="actions">
          <button type="button" className="button button-secondary button-small" onClick={onCancel}>
            Sluiten
          </button>
        </div>
      </div>
    );
  return (
    <div className="alert alert-info language-import" data-testid="import-report">
      <p id={id} ref={headingRef} tabIndex={-1} role="status">
        <strong>{pending.file_name}</strong>: zo verandert de vertaling als je het bestand toepast.
      </p>
      <ul aria-labelledby={id}>
        {pending.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="button button-small" onClick={onApply}>
          Toepassen
        </button>
        <button type="button" className="button button-secondary button-small" onClick={onCancel}>
          Annuleren
        </button>
      </div>
    </div>
  );
}
