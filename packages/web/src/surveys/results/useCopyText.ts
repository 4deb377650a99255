import { useCallback } from 'react';
import { notify } from '../../notifications/notify';

/**
 * Copies text to the clipboard with a toast saying so. Where the Clipboard API is missing or
 * refused (an http page, a denied permission) `fallback` selects the text so the user can copy it.
 */
export function useCopyText(): (text: string, done: string, fallback?: () => void) => Promise<void> {
  return useCallback(async (text, done, fallback) => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      notify.success(done);
    } catch {
      fallback?.();
      notify.error('Kopiëren lukte niet. De tekst is geselecteerd: kopieer hem met Ctrl+C of Cmd+C.');
    }
  }, []);
}
