import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../api';
import type {
  AnalyticsOverview,
  CreatePersonalLinksRequest,
  Crosstab,
  ExportFormat,
  Page,
  PersonalLinksCreated,
  QuestionDetail,
  ResultsQuery,
  Survey,
  SurveyLinks,
  SurveyResults,
  SurveySummary,
} from '../../contract';
import { NO_LOGIC } from '../../contract';
import type { DownloadedFile, FileSaver } from '../../shared';
import type { SurveyListQuery, SurveysGateway } from '../model';
import { PERSONAL_LINK_MESSAGES } from './personalLinks';
import { DATE_FILTER_MESSAGES, EMPTY_DATE_FILTER } from './resultsFilter';
import type { CrosstabDimensions, QuestionDetailQuery, SurveyResultsGateway } from './resultsPorts';
import { createResultsUseCases } from './resultsUseCases';

const SURVEY: Survey = {
  id: 12,
  organization_id: 1,
  title: 'Medewerkers 2025',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  status: 'open',
  close_at: null,
  created_at: '2025-10-01T08:00:00Z',
  updated_at: '2025-10-01T08:00:00Z',
  published_at: '2025-10-01T08:00:00Z',
  closed_at: null,
  questions: [{ id: 'q1', type: 'nps', title: 'Aanbevelen?', required: false, position: 0, settings: {} }],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 1,
  estimated_seconds: 60,
  retention_until: null,
  retention_months: null,
  anonymous: false,
};

const RESULTS: SurveyResults = {
  survey_id: 12,
  responses: {
    completed: 2,
    in_progress: 0,
    invited: 0,
    response_rate: null,
    completion_rate: 1,
    last_response_at: null,
  },
  bucket: 'day',
  over_time: [],
  questions: [{ question_id: 'q1', type: 'nps', answered: 2, seen_count: 2, by_score: { '10': 2 } }],
};

/** Records every call; answers with the `reply` set for it. */
class FakeGateway implements SurveyResultsGateway, Pick<SurveysGateway, 'list' | 'get'> {
  readonly calls: Array<readonly [string, ...unknown[]]> = [];
  surveyReply: ApiResult<Survey> = apiOk(SURVEY);
  resultsReply: ApiResult<SurveyResults> = apiOk(RESULTS);
  exportReply: ApiResult<DownloadedFile> = apiOk({
    filename: 'medewerkers.csv',
    content: { size: 10, type: 'text/csv' },
  });
  linksReply: ApiResult<SurveyLinks> = apiOk({
    public_token: 'PUB',
    personal: { total: 3, started: 2, completed: 1 },
  });
  createReply: ApiResult<PersonalLinksCreated> = apiOk({ tokens: ['t1', 't2'] });

  list(query: SurveyListQuery): Promise<ApiResult<Page<SurveySummary>>> {
    this.calls.push(['list', query]);
    return Promise.resolve(
      apiOk({ items: [], total: 0, page: query.page ?? 1, page_size: query.page_size ?? 25 }),
    );
  }
  get(id: number): Promise<ApiResult<Survey>> {
    this.calls.push(['survey', id]);
    return Promise.resolve(this.surveyReply);
  }
  results(id: number, query: ResultsQuery): Promise<ApiResult<SurveyResults>> {
    this.calls.push(['results', id, query]);
    return Promise.resolve(this.resultsReply);
  }
  question(id: number, questionId: string, query: QuestionDetailQuery): Promise<ApiResult<QuestionDetail>> {
    this.calls.push(['question', id, questionId, query]);
    return Promise.resolve(apiFailure(404, 'Niet gevonden.'));
  }
  exportResponses(id: number, format: ExportFormat, query: ResultsQuery): Promise<ApiResult<DownloadedFile>> {
    this.calls.push(['export', id, format, query]);
    return Promise.resolve(this.exportReply);
  }
  analytics(query: ResultsQuery): Promise<ApiResult<AnalyticsOverview>> {
    this.calls.push(['analytics', query]);
    return Promise.resolve(apiFailure(403, 'Je abonnement bevat geen analytics.'));
  }
  crosstab(id: number, dimensions: CrosstabDimensions, query: ResultsQuery): Promise<ApiResult<Crosstab>> {
    this.calls.push(['crosstab', id, dimensions, query]);
    return Promise.resolve(apiFailure(400, 'Kies voor rij en kolom twee verschillende vragen.'));
  }
  exportCrosstab(
    id: number,
    format: ExportFormat,
    dimensions: CrosstabDimensions,
    query: ResultsQuery,
  ): Promise<ApiResult<DownloadedFile>> {
    this.calls.push(['exportCrosstab', id, format, dimensions, query]);
    return Promise.resolve(this.exportReply);
  }
  links(id: number): Promise<ApiResult<SurveyLinks>> {
    this.calls.push(['links', id]);
    return Promise.resolve(this.linksReply);
  }
  createPersonalLinks(
    id: number,
    request: CreatePersonalLinksRequest,
  ): Promise<ApiResult<PersonalLinksCreated>> {
    this.calls.push(['createPersonalLinks', id, request]);
    return Promise.resolve(this.createReply);
  }
}

class FakeFiles implements FileSaver {
  readonly saved: unknown[] = [];
  saveFile(file: DownloadedFile): void {
    this.saved.push(file);
  }
  saveText(filename: string, text: string, mimeType: string): void {
    this.saved.push({ filename, text, mimeType });
  }
  saveBytes(filename: string, bytes: Uint8Array, mimeType: string): void {
    this.saved.push({ filename, bytes, mimeType });
  }
}

function setup() {
  const gateway = new FakeGateway();
  const files = new FakeFiles();
  const useCases = createResultsUseCases({
    surveys: gateway,
    gateway,
    files,
    origin: () => 'https://app.loop.nl',
  });
  return { gateway, files, useCases };
}

describe('createResultsUseCases', () => {
  it('should send a trimmed search and leave out empty filters', async () => {
    const { gateway, useCases } = setup();
    await useCases.listSurveys({ page: 2, page_size: 25, q: '  klant ', status: 'open' });
    await useCases.listSurveys({ page: 1, page_size: 25, q: '   ' });
    expect(gateway.calls).toEqual([
      ['list', { page: 2, page_size: 25, q: 'klant', status: 'open' }],
      ['list', { page: 1, page_size: 25 }],
    ]);
  });

  it('should load the survey and its results for the filter and build the view', async () => {
    const { gateway, useCases } = setup();
    const page = await useCases.loadResults(12, { from: '2025-11-01', to: '' });
    expect(gateway.calls).toEqual([
      ['survey', 12],
      ['results', 12, { from: '2025-11-01' }],
    ]);
    expect(page.ok && page.value.view.questions[0]?.kind).toBe('nps');
    expect(page.ok && page.value.survey.title).toBe('Medewerkers 2025');
  });

  it("should answer the survey's failure first", async () => {
    const { gateway, useCases } = setup();
    gateway.surveyReply = apiFailure(404, 'Deze survey bestaat niet.');
    gateway.resultsReply = apiFailure(500, 'Mislukt.');
    expect(await useCases.loadResults(12, EMPTY_DATE_FILTER)).toEqual(
      apiFailure(404, 'Deze survey bestaat niet.'),
    );
  });

  it('should refuse a backwards date range without asking the server', async () => {
    const { gateway, useCases } = setup();
    const backwards = { from: '2025-11-02', to: '2025-11-01' };
    const refused = apiFailure(400, DATE_FILTER_MESSAGES.fromAfterTo, {
      to: DATE_FILTER_MESSAGES.fromAfterTo,
    });
    expect(await useCases.loadResults(12, backwards)).toEqual(refused);
    expect(await useCases.loadAnalytics(backwards)).toEqual(refused);
    expect(await useCases.exportResponses(12, 'csv', backwards)).toEqual(refused);
    expect(await useCases.loadQuestionDetail(12, 'q1', backwards, { q: '', page: 1, pageSize: 50 })).toEqual(
      refused,
    );
    expect(gateway.calls).toEqual([]);
  });

  it("should ask for a question's answers with the filter, a trimmed search and the page", async () => {
    const { gateway, useCases } = setup();
    await useCases.loadQuestionDetail(
      12,
      'q1',
      { from: '', to: '2025-11-30' },
      { q: ' koffie ', page: 3, pageSize: 50 },
    );
    await useCases.loadQuestionDetail(12, 'q1', EMPTY_DATE_FILTER, { q: '', page: 1, pageSize: 50 });
    expect(gateway.calls).toEqual([
      ['question', 12, 'q1', { to: '2025-11-30', q: 'koffie', page: 3, page_size: 50 }],
      ['question', 12, 'q1', { page: 1, page_size: 50 }],
    ]);
  });

  it('should save an exported file and answer its name', async () => {
    const { gateway, files, useCases } = setup();
    expect(await useCases.exportResponses(12, 'xlsx', EMPTY_DATE_FILTER)).toEqual(apiOk('medewerkers.csv'));
    expect(gateway.calls).toEqual([['export', 12, 'xlsx', {}]]);
    expect(files.saved).toEqual([{ filename: 'medewerkers.csv', content: { size: 10, type: 'text/csv' } }]);
  });

  it('should pass the conditions of the filter to results, exports and the cross-tab', async () => {
    const { gateway, files, useCases } = setup();
    const filter = { from: '2025-11-01', to: '', conditions: 'lang:nl' };
    await useCases.loadResults(12, filter);
    await useCases.loadCrosstab(12, { row: 'q:q1', col: 'lang' }, filter);
    expect(await useCases.exportCrosstab(12, 'csv', { row: 'q:q1', col: 'lang' }, filter)).toEqual(
      apiOk('medewerkers.csv'),
    );
    const query = { from: '2025-11-01', filter: 'lang:nl' };
    expect(gateway.calls).toEqual([
      ['survey', 12],
      ['results', 12, query],
      ['crosstab', 12, { row: 'q:q1', col: 'lang' }, query],
      ['exportCrosstab', 12, 'csv', { row: 'q:q1', col: 'lang' }, query],
    ]);
    expect(files.saved).toHaveLength(1);
  });

  it('should save nothing when the plan lacks export', async () => {
    const { gateway, files, useCases } = setup();
    gateway.exportReply = apiFailure(403, 'Exporteren zit niet in je abonnement.');
    expect(await useCases.exportResponses(12, 'csv', EMPTY_DATE_FILTER)).toEqual(
      apiFailure(403, 'Exporteren zit niet in je abonnement.'),
    );
    expect(files.saved).toEqual([]);
  });

  it('should pass a failed analytics call through', async () => {
    const { useCases } = setup();
    expect(await useCases.loadAnalytics(EMPTY_DATE_FILTER)).toEqual(
      apiFailure(403, 'Je abonnement bevat geen analytics.'),
    );
  });

  it('should make the public link a full address on the app', async () => {
    const { useCases } = setup();
    expect(await useCases.loadLinks(12)).toEqual(
      apiOk({
        publicUrl: 'https://app.loop.nl/respond/PUB',
        personal: { total: 3, started: 2, completed: 1 },
      }),
    );
  });

  it('should make personal links as full addresses, with the label', async () => {
    const { gateway, useCases } = setup();
    expect(await useCases.createPersonalLinks(12, { count: '2', label: 'Team Noord' })).toEqual({
      ok: true,
      value: {
        urls: ['https://app.loop.nl/respond/t1', 'https://app.loop.nl/respond/t2'],
        label: 'Team Noord',
      },
    });
    expect(gateway.calls).toEqual([['createPersonalLinks', 12, { count: 2, label: 'Team Noord' }]]);
  });

  it('should refuse a bad count without asking, and show the server its refusal', async () => {
    const { gateway, useCases } = setup();
    expect(await useCases.createPersonalLinks(12, { count: '0', label: '' })).toEqual({
      ok: false,
      message: null,
      fields: { count: PERSONAL_LINK_MESSAGES.count },
    });
    expect(gateway.calls).toEqual([]);
    gateway.createReply = apiFailure(409, 'Deze survey is gesloten.');
    expect(await useCases.createPersonalLinks(12, { count: '3', label: '' })).toEqual({
      ok: false,
      message: 'Deze survey is gesloten.',
      fields: {},
      status: 409,
    });
  });

  it('should download the new links as CSV', () => {
    const { files, useCases } = setup();
    useCases.downloadPersonalLinks(12, { urls: ['https://app.loop.nl/respond/t1'] });
    expect(files.saved).toEqual([
      {
        filename: 'persoonlijke-links-survey-12.csv',
        text: '\uFEFFPersoonlijke link;Label\r\nhttps://app.loop.nl/respond/t1;\r\n',
        mimeType: 'text/csv;charset=utf-8',
      },
    ]);
  });
});
