import { useCallback } from 'react';
import { useNotices } from '../../app/useServices';

/** What a failed copy says: the text is selected instead. */
export const COPY_FAILED = 'Kopiëren lukte niet. De tekst is geselecteerd: kopieer hem met Ctrl+C of Cmd+C.';

/**
 * Copies text to the clipboard with a toast saying so. Where the Clipboard API is missing or
 * refused (an http page, a denied permission) `fallback` selects the text so the user can copy it.
 * Answers whether the text reached the clipboard.
 */
export function useCopyText(): (text: string, done: string, fallback?: () => void) => Promise<boolean> {
  const notices = useNotices();
  return useCallback(
    async (text, done, fallback) => {
      try {
        if (!navigator.clipboard) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        notices.success(done);
        return true;
      } catch {
        fallback?.();
        notices.error(COPY_FAILED);
        return false;
      }
    },
    [notices],
  );
}
