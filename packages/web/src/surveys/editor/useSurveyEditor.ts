import type { SurveyEditor, SurveyEditorState } from '@loop/core/surveys/editor';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useCurrentUser } from '../../organisation/useCurrentUser';

/**
 * The editor of one survey: loaded on mount, saved when the screen is left (another route, or the
 * tab closing: the browser then also asks whether to leave while a change has not reached the
 * server). An editor left with unsaved changes is found again on the next visit.
 */
export function useSurveyEditor(id: number): {
  readonly editor: SurveyEditor;
  readonly state: SurveyEditorState;
} {
  const editors = useAsyncInjection(TOKENS.SurveyEditors);
  const { organisation } = useCurrentUser();
  // The screen is keyed by survey, so the editor is chosen once per survey and organisation.
  const [editor] = useState(() => editors.open(`${organisation?.id ?? ''}:${id}`));
  const state = useSyncExternalStore(editor.subscribe, editor.getSnapshot);

  useEffect(() => {
    void editor.load(id);
    return () => {
      void editor.flush();
    };
  }, [editor, id]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!editor.hasUnsavedChanges()) return;
      void editor.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [editor]);

  return { editor, state };
}
