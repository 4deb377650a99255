import { useEffect } from 'react';

/** Sets the browser tab's title for a screen, so screen readers and history read where you are. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – Loop` : 'Loop';
  }, [title]);
}
