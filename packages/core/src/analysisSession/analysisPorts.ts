import type { ApiResult } from '../api';
import type { BusinessAnalysisList, BusinessAnalysisResponse } from './analysisWire';

/** The business analyses of the current organisation (the one in X-Organization-Id). */
export interface BusinessAnalysisGateway {
  /** POST /organization/business-analysis: makes a new analysis and stores it. */
  create(): Promise<ApiResult<BusinessAnalysisResponse>>;
  /** GET /organization/business-analyses: the data the next analysis rests on and the earlier ones, newest first. */
  list(): Promise<ApiResult<BusinessAnalysisList>>;
  /** GET /organization/business-analyses/:id: an earlier analysis as it was made. */
  get(id: number): Promise<ApiResult<BusinessAnalysisResponse>>;
}

/** What the PDF export is handed (core's report use-case `exportAnalysisPdf` takes the same input). */
export interface AnalysisPdfRequest {
  readonly markdown: string;
  readonly organizationName: string | null;
  readonly generatedAt: Date;
  readonly logoUrls: readonly string[];
  readonly now: Date;
}

/** What the Markdown export is handed (core's `exportAnalysisMarkdown` takes the same input). */
export interface AnalysisMarkdownRequest {
  readonly markdown: string;
  readonly organizationName: string | null;
  readonly now: Date;
}
