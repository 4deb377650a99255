import { ANALYSIS_MESSAGES, type AnalysisDataPoints } from '../../domain/contract';
import { formatLongDayTime } from '../../domain/format';

/** The business analysis screen's fixed texts (R-ANALYSIS-2, R-ANALYSIS-4, R-ANALYSIS-6), character for character. */
export const ANALYSIS_TEXTS = {
  title: 'Bedrijfsanalyse',
  back: 'Terug naar dashboard',
  create: 'Maak Analyse',
  creating: 'Bezig met analyseren...',
  empty: 'Er is nog geen analyse beschikbaar',
  justNow: 'Zojuist gegenereerd',
  print: 'Print',
  pdf: 'PDF',
  pdfBusy: 'PDF...',
  markdown: 'MD',
  pdfFailed: 'Er ging iets mis bij het genereren van de PDF. Probeer het opnieuw.',
  /** The Markdown download's failure (R-ANALYSIS-15, Loop's own), worded like the PDF's. */
  markdownFailed: 'Er ging iets mis bij het downloaden van het Markdown-bestand. Probeer het opnieuw.',
  failed: ANALYSIS_MESSAGES.fallback,
} as const;

/** The error texts of R-ANALYSIS-6 that depend only on the status (the server sends the same ones). */
export const ANALYSIS_STATUS_TEXTS: Readonly<Record<number, string>> = {
  403: ANALYSIS_MESSAGES.featureMissing,
  400: ANALYSIS_MESSAGES.noData,
  504: ANALYSIS_MESSAGES.timeout,
};

/**
 * The red banner's text for a failed analysis call (R-ANALYSIS-6): 403, 400 and 504 by status, otherwise
 * the server's `detail`, and without one (no answer, a proxy's page) the general fallback.
 */
export function analysisErrorText(failure: {
  readonly status: number;
  readonly detail: string;
  readonly fallback?: true;
}): string {
  const byStatus = ANALYSIS_STATUS_TEXTS[failure.status];
  if (byStatus !== undefined) return byStatus;
  if (failure.fallback !== true && failure.detail.trim() !== '') return failure.detail;
  return ANALYSIS_TEXTS.failed;
}

/** The subtitle (R-ANALYSIS-2): 'Gebaseerd op N KPI's en M surveys', in those words whatever the counts. */
export const basisText = (points: AnalysisDataPoints): string =>
  `Gebaseerd op ${points.kpis} KPI's en ${points.surveys} surveys`;

/**
 * The toolbar's label (R-ANALYSIS-3): 'Zojuist gegenereerd' for an analysis made during this visit,
 * otherwise 'Gegenereerd op 3 november 2025 om 14:05' (the Netherlands' wall clock).
 */
export const generatedText = (generatedAt: string, madeThisVisit: boolean): string =>
  madeThisVisit ? ANALYSIS_TEXTS.justNow : `Gegenereerd op ${formatLongDayTime(generatedAt)}`;

/** An earlier analysis in the list: '3 november 2025 om 14:05'. */
export const earlierAnalysisText = (generatedAt: string): string => formatLongDayTime(generatedAt);
