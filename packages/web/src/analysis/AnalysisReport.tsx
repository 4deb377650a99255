import { use, useMemo } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/**
 * The report: only ever the sanitiser's output of core's report pipeline (entities decoded, Markdown,
 * DOMPurify with the report allow-list of R-ANALYSIS-9); nothing touches the HTML after it. The renderer
 * keeps that HTML for the PDF, which is made from it.
 */
export function AnalysisReport({ markdown }: { markdown: string }) {
  // Suspends until the pipeline and DOMPurify have loaded (one shared promise for the app).
  const renderer = use(useInjection(TOKENS.LoadReportRenderer)());
  const html = useMemo(() => renderer.html(markdown), [markdown, renderer]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by core's report pipeline (DOMPurify, report allow-list)
    <article className="analysis-report" aria-label="Rapport" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
