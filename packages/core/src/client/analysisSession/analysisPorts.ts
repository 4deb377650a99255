import type { ApiResult } from '../../domain/api';
import type {
  BusinessAnalysisList,
  BusinessAnalysisResponse,
  LatestBusinessAnalysis,
} from '../../domain/contract';

/** The business analyses of the current organisation (the one in X-Organization-Id). */
export interface BusinessAnalysisGateway {
  /** POST /organization/business-analysis: makes a new analysis and stores it. */
  create(): Promise<ApiResult<BusinessAnalysisResponse>>;
  /** GET /organization/business-analysis: the newest analysis (null before the first), shown after a reload. */
  latest(): Promise<ApiResult<LatestBusinessAnalysis>>;
  /** GET /organization/business-analyses: the data the next analysis rests on and the earlier ones, newest first. */
  list(): Promise<ApiResult<BusinessAnalysisList>>;
  /** GET /organization/business-analyses/:id: an earlier analysis as it was made. */
  get(id: number): Promise<ApiResult<BusinessAnalysisResponse>>;
}

/** What the Markdown export is handed (the input of report's `exportAnalysisMarkdown`). */
export interface AnalysisMarkdownRequest {
  readonly markdown: string;
  readonly organizationName: string | null;
  readonly now: Date;
}
