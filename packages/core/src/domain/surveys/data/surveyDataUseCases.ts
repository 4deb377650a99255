import { type ApiResult, apiOk, type FormResult, formFromApi, formOk } from '../../api';
import type {
  Page,
  ResponseDetail,
  ResponseExportFormat,
  ResponseListItem,
  ResponseProgress,
  Survey,
  SurveyRetention,
} from '../../contract';
import type { FileSaver } from '../../shared';
import type { SurveysGateway } from '../model';
import { checkRetentionForm, type RetentionForm } from './retention';
import type { SurveyDataGateway } from './surveyDataPorts';

export interface SurveyDataUseCaseDeps {
  readonly surveys: Pick<SurveysGateway, 'remove' | 'duplicate'>;
  readonly gateway: SurveyDataGateway;
  readonly files: FileSaver;
  /** Today in Europe/Amsterdam (`YYYY-MM-DD`), for the retention form's check. */
  readonly today: () => string;
}

/** The respondents list's query as the screen holds it. */
export interface ResponsesQuery {
  readonly page: number;
  readonly pageSize: number;
  /** Searched in the personal links' labels. */
  readonly q: string;
  readonly status: ResponseProgress | '';
}

/**
 * 'The data you own' of a survey: delete and copy it, its responses one by one, its retention and
 * whether it is anonymous.
 */
export interface SurveyDataUseCases {
  deleteSurvey(surveyId: number): Promise<ApiResult<void>>;
  /** A new draft with the same content; the value is the copy (open it in the editor). */
  duplicateSurvey(surveyId: number): Promise<ApiResult<Survey>>;
  listResponses(surveyId: number, query: ResponsesQuery): Promise<ApiResult<Page<ResponseListItem>>>;
  loadResponse(surveyId: number, responseId: number): Promise<ApiResult<ResponseDetail>>;
  /** Downloads one respondent's answers; the value is the file's name. */
  exportResponse(
    surveyId: number,
    responseId: number,
    format: ResponseExportFormat,
  ): Promise<ApiResult<string>>;
  eraseResponse(surveyId: number, responseId: number): Promise<ApiResult<void>>;
  /** Checks the form (nothing is sent when it is wrong) and saves the retention. */
  saveRetention(surveyId: number, form: RetentionForm): Promise<FormResult<SurveyRetention>>;
  /**
   * Makes the survey anonymous or not; the value is what the server saved. Refused (409, the
   * server's Dutch detail) once the survey has invitations.
   */
  saveAnonymity(surveyId: number, anonymous: boolean): Promise<ApiResult<boolean>>;
}

export function createSurveyDataUseCases(deps: SurveyDataUseCaseDeps): SurveyDataUseCases {
  const { surveys, gateway, files } = deps;
  return {
    deleteSurvey: (surveyId) => surveys.remove(surveyId),

    duplicateSurvey: (surveyId) => surveys.duplicate(surveyId),

    listResponses: (surveyId, query) => {
      const q = query.q.trim();
      return gateway.responses(surveyId, {
        page: query.page,
        page_size: query.pageSize,
        ...(q ? { q } : {}),
        ...(query.status ? { status: query.status } : {}),
      });
    },

    loadResponse: (surveyId, responseId) => gateway.response(surveyId, responseId),

    exportResponse: async (surveyId, responseId, format) => {
      const file = await gateway.exportResponse(surveyId, responseId, format);
      if (!file.ok) return file;
      files.saveFile(file.value);
      return apiOk(file.value.filename);
    },

    eraseResponse: (surveyId, responseId) => gateway.eraseResponse(surveyId, responseId),

    saveRetention: async (surveyId, form) => {
      const checked = checkRetentionForm(form, deps.today());
      if (!checked.ok) return checked;
      const saved = formFromApi(await gateway.setRetention(surveyId, checked.value));
      if (!saved.ok) return saved;
      return formOk({
        retention_until: saved.value.retention_until,
        retention_months: saved.value.retention_months,
      });
    },

    saveAnonymity: async (surveyId, anonymous) => {
      const saved = await gateway.setAnonymity(surveyId, anonymous);
      return saved.ok ? apiOk(saved.value.anonymous) : saved;
    },
  };
}
