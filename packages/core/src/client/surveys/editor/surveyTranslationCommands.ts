import { type SurveyInput, TRANSLATION_LANGUAGES } from '../../../domain/contract';
import {
  importReportMessages,
  importTranslation,
  readXliff,
  sourceFingerprint,
  sourceTexts,
  toXliff,
  translatedText,
  XLIFF_MAX_LENGTH,
  XLIFF_MESSAGES,
} from '../../../domain/surveys/translations';
import type { SurveyEditorState } from './surveyEditorState';
import {
  languagesOf,
  type TranslationImport,
  translationOf,
  withText,
  XLIFF_MIME_TYPE,
  xliffFileName,
} from './surveyEditorTranslations';

/** What the translation commands need of the editor that holds them. */
export interface TranslationHost {
  draft(): SurveyInput | null;
  /** Changes the draft (saved with the next autosave); returning the same draft changes nothing. */
  updateDraft(update: (draft: SurveyInput) => SurveyInput): void;
  /** The file waiting for 'Toepassen' (in the editor's state, `translationImport`). */
  pendingImport(): TranslationImport | null;
  setPendingImport(next: TranslationImport | null): void;
}

/** A file chosen to import: the browser's `File` satisfies it (core knows no DOM types). */
export interface TextFile {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
}

/** A translation file made for download. */
export interface TranslationFile {
  readonly filename: string;
  readonly text: string;
  readonly mime_type: string;
}

/** The most bytes a file of `XLIFF_MAX_LENGTH` characters can have in UTF-8; larger is not read at all. */
const XLIFF_MAX_BYTES = XLIFF_MAX_LENGTH * 4;

/**
 * The editor's commands on a survey's languages (issue 26), `editor.translations`: add and remove
 * an extra language, set one text of a translation, try an XLIFF file (a dry run whose report the
 * editor's state holds) and apply it, and make a language's XLIFF file. Every change goes into the
 * draft and so into the next autosave, as the logic does. XLIFF is read and written here, in the
 * client, with core's strict reader (R-SURV-17): the server only stores the texts.
 */
export class SurveyTranslationCommands {
  readonly #host: TranslationHost;

  constructor(host: TranslationHost) {
    this.#host = host;
  }

  #has(language: string): boolean {
    const draft = this.#host.draft();
    return draft !== null && languagesOf(draft).includes(language);
  }

  /** Adds an extra language (with an empty translation, or the one it still has); false when it cannot. */
  addLanguage(language: string): boolean {
    const draft = this.#host.draft();
    if (draft === null || !(TRANSLATION_LANGUAGES as readonly string[]).includes(language)) return false;
    if (languagesOf(draft).includes(language)) return false;
    this.#host.updateDraft((current) => ({
      ...current,
      languages: [...languagesOf(current), language],
      translations: {
        ...(current.translations ?? {}),
        [language]: translationOf(current, language) ?? { texts: {} },
      },
    }));
    return true;
  }

  /** Removes an extra language and its texts (the screen asks first). */
  removeLanguage(language: string): void {
    if (!this.#has(language)) return;
    if (this.#host.pendingImport()?.language === language) this.#host.setPendingImport(null);
    this.#host.updateDraft((current) => {
      const { [language]: _gone, ...translations } = current.translations ?? {};
      return {
        ...current,
        languages: languagesOf(current).filter((item) => item !== language),
        translations,
      };
    });
  }

  /** Sets the translation of one text ('' removes it); unknown languages and keys change nothing. */
  setText(language: string, key: string, text: string): void {
    if (!this.#has(language)) return;
    this.#host.updateDraft((current) => {
      const source = sourceTexts(current).find((item) => item.key === key);
      const translation = translationOf(current, language);
      if (source === undefined) return current;
      const stored =
        translation !== undefined && Object.hasOwn(translation.texts, key) ? translation.texts[key] : '';
      if (stored === text) return current;
      return {
        ...current,
        translations: { ...(current.translations ?? {}), [language]: withText(translation, source, text) },
      };
    });
  }

  /**
   * 'Klopt nog': a translation whose Dutch text changed since (stale) is checked and kept as it is;
   * it is current again. Texts without translation and current ones change nothing.
   */
  confirmText(language: string, key: string): void {
    if (!this.#has(language)) return;
    this.#host.updateDraft((current) => {
      const source = sourceTexts(current).find((item) => item.key === key);
      const translation = translationOf(current, language);
      const text = translatedText(translation, key);
      if (source === undefined || text === undefined) return current;
      if (translation?.source_fingerprints?.[key] === sourceFingerprint(source.text)) return current;
      return {
        ...current,
        translations: { ...(current.translations ?? {}), [language]: withText(translation, source, text) },
      };
    });
  }

  /**
   * Reads an XLIFF file for a language and tries it (a dry run, R-SURV-17): nothing changes yet; the
   * report (or why the file cannot be read) is in the editor's state until `applyImport` or
   * `cancelImport`. Answers what it holds.
   */
  async previewImport(language: string, file: TextFile): Promise<TranslationImport | null> {
    if (!this.#has(language)) return null;
    const failed = (message: string): TranslationImport => ({
      kind: 'failed',
      language,
      file_name: file.name,
      message,
    });
    let result: TranslationImport;
    if (file.size > XLIFF_MAX_BYTES) result = failed(XLIFF_MESSAGES.tooLarge);
    else {
      const read = readXliff(await file.text(), language);
      const draft = this.#host.draft();
      if (draft === null || !this.#has(language)) return null;
      if (!read.ok) result = failed(read.message);
      else {
        const sources = sourceTexts(draft);
        const tried = importTranslation(sources, read.units, language, {
          dryRun: true,
          current: translationOf(draft, language),
        });
        result = tried.ok
          ? {
              kind: 'report',
              language,
              file_name: file.name,
              units: read.units,
              report: tried.report,
              messages: importReportMessages(language, sources, tried.report, true),
            }
          : failed(tried.message);
      }
    }
    this.#host.setPendingImport(result);
    return result;
  }

  /**
   * 'Toepassen': imports the file tried last into the draft, against the texts as they are now.
   * Answers the report in Dutch, or null when there is nothing to apply.
   */
  applyImport(): readonly string[] | null {
    const pending = this.#host.pendingImport();
    const draft = this.#host.draft();
    this.#host.setPendingImport(null);
    if (pending?.kind !== 'report' || draft === null || !this.#has(pending.language)) return null;
    const sources = sourceTexts(draft);
    const result = importTranslation(sources, pending.units, pending.language, {
      dryRun: false,
      current: translationOf(draft, pending.language),
    });
    if (!result.ok) return [result.message];
    this.#host.updateDraft((current) => ({
      ...current,
      translations: { ...(current.translations ?? {}), [pending.language]: result.translation },
    }));
    return importReportMessages(pending.language, sources, result.report, false);
  }

  /** 'Annuleren': the file tried last is forgotten. */
  cancelImport(): void {
    if (this.#host.pendingImport() !== null) this.#host.setPendingImport(null);
  }

  /** A language's XLIFF file, to hand to a translator; null for a language the draft lacks. */
  exportXliff(language: string): TranslationFile | null {
    const draft = this.#host.draft();
    if (draft === null || !this.#has(language)) return null;
    return {
      filename: xliffFileName(draft.title, language),
      text: toXliff(sourceTexts(draft), language, translationOf(draft, language)),
      mime_type: XLIFF_MIME_TYPE,
    };
  }
}

/**
 * The translation commands of an editor: on its state store (the pending file lives in its state,
 * `translationImport`), changing its draft through `change` (which schedules the autosave).
 */
export const translationCommands = (
  store: { getSnapshot(): SurveyEditorState; set(state: SurveyEditorState): void },
  change: (update: (draft: SurveyInput) => SurveyInput) => void,
): SurveyTranslationCommands =>
  new SurveyTranslationCommands({
    draft: () => store.getSnapshot().draft,
    updateDraft: change,
    pendingImport: () => store.getSnapshot().translationImport,
    setPendingImport: (translationImport) => store.set({ ...store.getSnapshot(), translationImport }),
  });
