import type { ApiResult } from '../../api';
import type {
  Page,
  ResponseDetail,
  ResponseExportFormat,
  ResponseListItem,
  ResponseListQuery,
  Survey,
  SurveyRetention,
} from '../../contract';
import type { DownloadedFile } from '../../shared';

/**
 * The data an organisation keeps of a survey's respondents: the responses one by one, one
 * respondent's export and erasure, and the survey's retention and anonymity.
 */
export interface SurveyDataGateway {
  responses(surveyId: number, query: ResponseListQuery): Promise<ApiResult<Page<ResponseListItem>>>;
  response(surveyId: number, responseId: number): Promise<ApiResult<ResponseDetail>>;
  /** One respondent's answers as a JSON or CSV file (role with `surveys.manage`, else 403). */
  exportResponse(
    surveyId: number,
    responseId: number,
    format: ResponseExportFormat,
  ): Promise<ApiResult<DownloadedFile>>;
  /** Erases the response with its answers and times (role with `surveys.manage`, else 403). */
  eraseResponse(surveyId: number, responseId: number): Promise<ApiResult<void>>;
  setRetention(surveyId: number, retention: SurveyRetention): Promise<ApiResult<Survey>>;
  /** PUT /surveys/:id/anonymity: 409 with a Dutch detail once the survey has invitations. */
  setAnonymity(surveyId: number, anonymous: boolean): Promise<ApiResult<Survey>>;
}
