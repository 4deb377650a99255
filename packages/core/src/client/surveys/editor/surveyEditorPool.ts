import type { SurveyEditor } from './SurveyEditor';

/** Editors by survey, for the editor screen. */
export interface SurveyEditorPool {
  /** The editor of `key` (organisation and survey): the one kept from an earlier visit, or a new one. */
  open(key: string): SurveyEditor;
}

/**
 * Keeps an editor whose changes have not reached the server (a text too long, a stale version,
 * no connection) when its screen is left, so coming back to the survey finds the draft as
 * it was instead of losing it silently; an editor with nothing unsaved is let go and made anew, so
 * the survey is loaded fresh.
 */
export function createSurveyEditorPool(create: () => SurveyEditor): SurveyEditorPool {
  const editors = new Map<string, SurveyEditor>();
  return {
    open(key) {
      for (const [kept, editor] of editors) if (!editor.hasUnsavedChanges()) editors.delete(kept);
      const kept = editors.get(key);
      if (kept) return kept;
      const editor = create();
      editors.set(key, editor);
      return editor;
    },
  };
}
