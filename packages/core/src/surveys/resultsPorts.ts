import type { ApiResult } from '../api/apiResult';
import type { CreatePersonalLinksRequest, PersonalLinksCreated, SurveyLinks } from '../contract/responses';
import type {
  AnalyticsOverview,
  ExportFormat,
  QuestionDetail,
  ResultsQuery,
  SurveyResults,
} from '../contract/surveyResults';

/** Query of a question's own page: the date filter plus search and paging of its answers. */
export interface QuestionDetailQuery extends ResultsQuery {
  readonly q?: string;
  readonly page: number;
  readonly page_size: number;
}

/** The bytes of a file; the browser's Blob satisfies it (core knows no DOM types). */
export interface FileContent {
  readonly size: number;
  readonly type: string;
}

/** A file the server sent as a download, named as its Content-Disposition says. */
export interface DownloadedFile {
  readonly filename: string;
  readonly content: FileContent;
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
  /** Across the organisation's surveys (plan feature `analytics`, else 403). */
  analytics(query: ResultsQuery): Promise<ApiResult<AnalyticsOverview>>;
  links(id: number): Promise<ApiResult<SurveyLinks>>;
  createPersonalLinks(
    id: number,
    request: CreatePersonalLinksRequest,
  ): Promise<ApiResult<PersonalLinksCreated>>;
}

/** Hands a file to the user as a download. */
export interface FileSaver {
  /** A file the server made (an export). */
  saveFile(file: DownloadedFile): void;
  /** Text made on the client (the new personal links as CSV). */
  saveText(filename: string, text: string, mimeType: string): void;
}
