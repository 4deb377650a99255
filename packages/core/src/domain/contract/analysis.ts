// The business analysis (R-ANALYSIS-2, R-ANALYSIS-8, R-ANALYSIS-6): a report in
// Markdown about the current organisation (X-Organization-Id), made from its KPIs, surveys and
// finance. Routes under /organization; every one needs the plan feature `business`.

/** How many KPIs and surveys an analysis is based on (surveys: those with submitted responses). */
export interface AnalysisDataPoints {
  readonly kpis: number;
  readonly surveys: number;
}

/** POST /organization/business-analysis and GET /organization/business-analyses/:id (R-ANALYSIS-8). */
export interface BusinessAnalysisResponse {
  /** The report, Markdown (untrusted text: the client decodes, parses and sanitises it, R-ANALYSIS-9). */
  readonly analysis: string;
  readonly metadata: {
    readonly organization: { readonly name: string };
    readonly data_points: AnalysisDataPoints;
    /** ISO 8601 timestamp. */
    readonly generated_at: string;
  };
}

/** One stored analysis in the list. */
export interface BusinessAnalysisListItem {
  readonly id: number;
  readonly generated_at: string;
  readonly data_points: AnalysisDataPoints;
}

/** GET /organization/business-analyses: the organisation's analyses, newest first. */
export interface BusinessAnalysisList {
  /** What an analysis made now would be based on ('Gebaseerd op N KPI's en M surveys'). */
  readonly data_points: AnalysisDataPoints;
  readonly analyses: readonly BusinessAnalysisListItem[];
}

/** A stored analysis as the server answers it, with its id. */
export interface StoredBusinessAnalysis extends BusinessAnalysisResponse {
  readonly id: number;
}

/**
 * GET /organization/business-analysis: the organisation's newest analysis, which the screen shows
 * after a reload ('Gegenereerd op …'); null before the first one.
 */
export interface LatestBusinessAnalysis {
  readonly latest: StoredBusinessAnalysis | null;
}

/** The refusals of the analysis routes (R-ANALYSIS-6 for 403, 400 and 504, exact). */
export const ANALYSIS_MESSAGES = {
  featureMissing: 'AI-analyse is niet beschikbaar voor dit abonnement.',
  noData: "Onvoldoende data voor analyse. Voeg eerst surveys of KPI's toe.",
  timeout: 'De analyse duurt te lang. Probeer het later opnieuw.',
  busy: 'Er wordt al een analyse gemaakt voor deze organisatie. Wacht tot die klaar is en probeer het dan opnieuw.',
  tooMany: 'Je hebt net al een paar analyses gemaakt. Probeer het over een paar minuten opnieuw.',
  notFound: 'Deze analyse bestaat niet (meer).',
  llmUnreachable: 'Het taalmodel voor de analyse is niet bereikbaar. Probeer het later opnieuw.',
  llmUnusable: 'Het taalmodel gaf geen bruikbaar antwoord. Probeer het later opnieuw.',
  /** The client's fallback when an error has no detail (R-ANALYSIS-6). */
  fallback: 'Er ging iets mis bij het ophalen van de analyse.',
} as const;
