import { type ApiResult, apiFailure, apiOk, type FormResult, formFromApi } from '../../api';
import type {
  Crosstab,
  ExportFormat,
  Page,
  QuestionDetail,
  Survey,
  SurveyLinks,
  SurveySummary,
} from '../../contract';
import type { FileSaver } from '../../shared';
import type { SurveyListQuery, SurveysGateway } from '../model';
import { type AnalyticsView, analyticsView } from './analyticsView';
import { fillLines } from './fillLines';
import { checkPersonalLinksForm, personalLinksCsv, personalLinksFilename, respondUrl } from './personalLinks';
import { type DateFilter, dateFilterError, resultsQueryOf } from './resultsFilter';
import type { CrosstabDimensions, QuestionDetailQuery, SurveyResultsGateway } from './resultsPorts';
import { type SurveyResultsView, surveyResultsView } from './resultsView';

export interface ResultsUseCaseDeps {
  /** The surveys themselves: the list, and a survey's questions to label its results. */
  readonly surveys: Pick<SurveysGateway, 'list' | 'get'>;
  readonly gateway: SurveyResultsGateway;
  readonly files: FileSaver;
  /** The app's origin (`https://app.example.nl`), for the links respondents open. */
  readonly origin: () => string;
}

/** A survey's results page: the survey (titles, options, labels) and its results as a view. */
export interface SurveyResultsPage {
  readonly survey: Survey;
  readonly view: SurveyResultsView;
  /** The cap's and quotas' fill ('Verkoop: 37 van 50'); empty without them. */
  readonly fill?: readonly string[];
}

/** The links panel: the public link in full and how the personal links are used. */
export interface SurveyLinksView {
  readonly publicUrl: string;
  readonly personal: SurveyLinks['personal'];
}

/** Personal links just made: the only time their addresses exist outside the respondents' mail. */
export interface CreatedPersonalLinks {
  readonly urls: readonly string[];
  readonly label?: string;
}

export interface ResultsUseCases {
  listSurveys(query: SurveyListQuery): Promise<ApiResult<Page<SurveySummary>>>;
  loadSurvey(surveyId: number): Promise<ApiResult<Survey>>;
  loadResults(surveyId: number, filter: DateFilter): Promise<ApiResult<SurveyResultsPage>>;
  loadQuestionDetail(
    surveyId: number,
    questionId: string,
    filter: DateFilter,
    answers: { readonly q: string; readonly page: number; readonly pageSize: number },
  ): Promise<ApiResult<QuestionDetail>>;
  /** Downloads the responses; the value is the file's name. */
  exportResponses(surveyId: number, format: ExportFormat, filter: DateFilter): Promise<ApiResult<string>>;
  loadAnalytics(filter: DateFilter): Promise<ApiResult<AnalyticsView>>;
  /** A cross-tab of two dimensions (R-RES-9) within the filter. */
  loadCrosstab(
    surveyId: number,
    dimensions: CrosstabDimensions,
    filter: DateFilter,
  ): Promise<ApiResult<Crosstab>>;
  /** Downloads the cross-tab; the value is the file's name. */
  exportCrosstab(
    surveyId: number,
    format: ExportFormat,
    dimensions: CrosstabDimensions,
    filter: DateFilter,
  ): Promise<ApiResult<string>>;
  loadLinks(surveyId: number): Promise<ApiResult<SurveyLinksView>>;
  createPersonalLinks(
    surveyId: number,
    form: { readonly count: string; readonly label: string },
  ): Promise<FormResult<CreatedPersonalLinks>>;
  downloadPersonalLinks(surveyId: number, links: CreatedPersonalLinks): void;
}

/** Refuses a filter that cannot be applied before anything is asked of the server. */
function refusedFilter(filter: DateFilter): ApiResult<never> | null {
  const problem = dateFilterError(filter);
  return problem ? apiFailure(400, problem.message, { [problem.field]: problem.message }) : null;
}

/** The use-cases of the surveys list, results, question, analytics and sharing screens. */
export function createResultsUseCases(deps: ResultsUseCaseDeps): ResultsUseCases {
  const { surveys, gateway, files } = deps;
  return {
    listSurveys: (query) => {
      const q = query.q?.trim();
      return surveys.list({
        ...(query.page === undefined ? {} : { page: query.page }),
        ...(query.page_size === undefined ? {} : { page_size: query.page_size }),
        ...(q ? { q } : {}),
        ...(query.status ? { status: query.status } : {}),
      });
    },

    loadSurvey: (surveyId) => surveys.get(surveyId),

    loadResults: async (surveyId, filter) => {
      const refused = refusedFilter(filter);
      if (refused) return refused;
      const [survey, results] = await Promise.all([
        surveys.get(surveyId),
        gateway.results(surveyId, resultsQueryOf(filter)),
      ]);
      // The survey's failure first: an unknown survey is a 404 whichever call says so.
      if (!survey.ok) return survey;
      if (!results.ok) return results;
      const fill = fillLines(results.value.fill);
      return apiOk({ survey: survey.value, view: surveyResultsView(survey.value, results.value), fill });
    },

    loadQuestionDetail: (surveyId, questionId, filter, answers) => {
      const refused = refusedFilter(filter);
      if (refused) return Promise.resolve(refused);
      const q = answers.q.trim();
      const query: QuestionDetailQuery = {
        ...resultsQueryOf(filter),
        ...(q ? { q } : {}),
        page: answers.page,
        page_size: answers.pageSize,
      };
      return gateway.question(surveyId, questionId, query);
    },

    exportResponses: async (surveyId, format, filter) => {
      const refused = refusedFilter(filter);
      if (refused) return refused;
      const file = await gateway.exportResponses(surveyId, format, resultsQueryOf(filter));
      if (!file.ok) return file;
      files.saveFile(file.value);
      return apiOk(file.value.filename);
    },

    loadAnalytics: async (filter) => {
      const refused = refusedFilter(filter);
      if (refused) return refused;
      const overview = await gateway.analytics(resultsQueryOf(filter));
      return overview.ok ? apiOk(analyticsView(overview.value)) : overview;
    },

    loadCrosstab: async (surveyId, dimensions, filter) => {
      const refused = refusedFilter(filter);
      if (refused) return refused;
      return gateway.crosstab(surveyId, dimensions, resultsQueryOf(filter));
    },

    exportCrosstab: async (surveyId, format, dimensions, filter) => {
      const refused = refusedFilter(filter);
      if (refused) return refused;
      const file = await gateway.exportCrosstab(surveyId, format, dimensions, resultsQueryOf(filter));
      if (!file.ok) return file;
      files.saveFile(file.value);
      return apiOk(file.value.filename);
    },

    loadLinks: async (surveyId) => {
      const links = await gateway.links(surveyId);
      if (!links.ok) return links;
      return apiOk({
        publicUrl: respondUrl(deps.origin(), links.value.public_token),
        personal: links.value.personal,
      });
    },

    createPersonalLinks: async (surveyId, form) => {
      const checked = checkPersonalLinksForm(form);
      if (!checked.ok) return checked;
      const created = formFromApi(await gateway.createPersonalLinks(surveyId, checked.value));
      if (!created.ok) return created;
      const origin = deps.origin();
      const urls = created.value.tokens.map((token) => respondUrl(origin, token));
      const label = checked.value.label;
      return { ok: true, value: label === undefined ? { urls } : { urls, label } };
    },

    downloadPersonalLinks: (surveyId, links) => {
      files.saveText(
        personalLinksFilename(surveyId),
        personalLinksCsv(links.urls, links.label),
        'text/csv;charset=utf-8',
      );
    },
  };
}
