import type { ApiResult } from '../../api';
import type {
  AnalyticsOverview,
  CreatePersonalLinksRequest,
  Crosstab,
  ExportFormat,
  PersonalLinksCreated,
  QuestionDetail,
  ResultsQuery,
  SurveyLinks,
  SurveyResults,
} from '../../contract';
import type { DownloadedFile } from '../../shared';

/** Query of a question's own page: the date filter plus search and paging of its answers. */
export interface QuestionDetailQuery extends ResultsQuery {
  readonly q?: string;
  readonly page: number;
  readonly page_size: number;
}

/** The cross-tab's rows and columns, as `dimensionKey` writes them. */
export interface CrosstabDimensions {
  readonly row: string;
  readonly col: string;
}

/**
 * Results, analytics, export and links of the current organisation's surveys (the surveys
 * themselves, list and read, come from `SurveysGateway`).
 */
export interface SurveyResultsGateway {
  results(id: number, query: ResultsQuery): Promise<ApiResult<SurveyResults>>;
  question(id: number, questionId: string, query: QuestionDetailQuery): Promise<ApiResult<QuestionDetail>>;
  /** The submitted responses as a CSV file, or XLSX (plan feature `export`, else 403). */
  exportResponses(id: number, format: ExportFormat, query: ResultsQuery): Promise<ApiResult<DownloadedFile>>;
  /** A cross-tab of two dimensions (`row`, `col` as `dimensionKey` writes them). */
  crosstab(id: number, dimensions: CrosstabDimensions, query: ResultsQuery): Promise<ApiResult<Crosstab>>;
  /** The cross-tab as a CSV file, or XLSX (plan feature `export`, else 403). */
  exportCrosstab(
    id: number,
    format: ExportFormat,
    dimensions: CrosstabDimensions,
    query: ResultsQuery,
  ): Promise<ApiResult<DownloadedFile>>;
  /** Across the organisation's surveys (plan feature `analytics`, else 403). */
  analytics(query: ResultsQuery): Promise<ApiResult<AnalyticsOverview>>;
  links(id: number): Promise<ApiResult<SurveyLinks>>;
  createPersonalLinks(
    id: number,
    request: CreatePersonalLinksRequest,
  ): Promise<ApiResult<PersonalLinksCreated>>;
}
