import type { ApiResult } from '../../api';
import type {
  CreateSurveyRequest,
  Page,
  Survey,
  SurveyStatus,
  SurveySummary,
  SurveyTemplate,
  SurveyTemplateInput,
  SurveyUpdateRequest,
} from '../../contract';

/** GET /surveys: paging, a search in the title and a status filter; absent fields use the server's defaults. */
export interface SurveyListQuery {
  readonly page?: number;
  readonly page_size?: number;
  readonly q?: string;
  readonly status?: SurveyStatus;
}

/** The current organisation's surveys: list, read, create, save, status, copy and delete. */
export interface SurveysGateway {
  list(query: SurveyListQuery): Promise<ApiResult<Page<SurveySummary>>>;
  get(id: number): Promise<ApiResult<Survey>>;
  /** A blank survey from the editor's fields, or a copy of a template (`template_id`). */
  create(request: CreateSurveyRequest): Promise<ApiResult<Survey>>;
  /** Saves the editor's content; a stale `version` answers 409, as do edits that break answers (`fields`). */
  update(id: number, request: SurveyUpdateRequest): Promise<ApiResult<Survey>>;
  changeStatus(id: number, status: SurveyStatus): Promise<ApiResult<Survey>>;
  duplicate(id: number): Promise<ApiResult<Survey>>;
  /** Deletes a survey in any status with its responses, links and times. */
  remove(id: number): Promise<ApiResult<void>>;
}

/** Survey templates: the built-in ones and the organisation's; writes need `can_manage_templates`. */
export interface SurveyTemplatesGateway {
  list(): Promise<ApiResult<readonly SurveyTemplate[]>>;
  create(input: SurveyTemplateInput): Promise<ApiResult<SurveyTemplate>>;
  update(id: number, input: SurveyTemplateInput): Promise<ApiResult<SurveyTemplate>>;
  remove(id: number): Promise<ApiResult<void>>;
}
