import { reportHtml } from '@loop/core/report';
import { use, useMemo } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/**
 * The report: only ever the sanitiser's output of core's report pipeline (entities decoded, Markdown,
 * DOMPurify with the report allow-list of spec §5); nothing touches the HTML after it.
 */
export function AnalysisReport({ markdown }: { markdown: string }) {
  // Suspends until DOMPurify has loaded (one shared promise for the app).
  const sanitizer = use(useInjection(TOKENS.LoadHtmlSanitizer)());
  const html = useMemo(() => reportHtml(markdown, sanitizer), [markdown, sanitizer]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by core's report pipeline (DOMPurify, report allow-list)
    <article className="analysis-report" aria-label="Rapport" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
