import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../api';
import type {
  Page,
  ResponseDetail,
  ResponseExportFormat,
  ResponseListItem,
  ResponseListQuery,
  Survey,
  SurveyRetention,
} from '../../contract';
import type { DownloadedFile, FileSaver } from '../../shared';
import type { SurveysGateway } from '../model';
import { RETENTION_MESSAGES } from './retention';
import type { SurveyDataGateway } from './surveyDataPorts';
import { createSurveyDataUseCases } from './surveyDataUseCases';

const SURVEY = { id: 12, title: 'Medewerkers' } as Survey;

const ITEM: ResponseListItem = {
  id: 5,
  ordinal: 4,
  kind: 'personal',
  label: 'Jan',
  status: 'completed',
  started_at: '2026-03-01T09:00:00Z',
  saved_at: '2026-03-01T09:05:00Z',
  completed_at: '2026-03-01T09:05:00Z',
  anonymised: false,
  contact_name: null,
  contact_email: null,
};

/** Records every call; answers with the reply set for it. */
class FakeGateway implements SurveyDataGateway, Pick<SurveysGateway, 'remove' | 'duplicate'> {
  readonly calls: Array<readonly [string, ...unknown[]]> = [];
  exportReply: ApiResult<DownloadedFile> = apiOk({
    filename: 'survey-12-reactie-4.json',
    content: { size: 2, type: 'application/json' },
  });
  retentionReply: ApiResult<Survey> | null = null;
  anonymityReply: ApiResult<Survey> | null = null;

  remove(id: number): Promise<ApiResult<void>> {
    this.calls.push(['remove', id]);
    return Promise.resolve(apiOk(undefined));
  }
  duplicate(id: number): Promise<ApiResult<Survey>> {
    this.calls.push(['duplicate', id]);
    return Promise.resolve(apiOk({ ...SURVEY, id: 13 }));
  }
  responses(surveyId: number, query: ResponseListQuery): Promise<ApiResult<Page<ResponseListItem>>> {
    this.calls.push(['responses', surveyId, query]);
    return Promise.resolve(apiOk({ items: [ITEM], total: 1, page: 1, page_size: 20 }));
  }
  response(surveyId: number, responseId: number): Promise<ApiResult<ResponseDetail>> {
    this.calls.push(['response', surveyId, responseId]);
    return Promise.resolve(apiOk({ ...ITEM, answers: [] }));
  }
  exportResponse(
    surveyId: number,
    responseId: number,
    format: ResponseExportFormat,
  ): Promise<ApiResult<DownloadedFile>> {
    this.calls.push(['export', surveyId, responseId, format]);
    return Promise.resolve(this.exportReply);
  }
  eraseResponse(surveyId: number, responseId: number): Promise<ApiResult<void>> {
    this.calls.push(['erase', surveyId, responseId]);
    return Promise.resolve(apiOk(undefined));
  }
  setRetention(surveyId: number, retention: SurveyRetention): Promise<ApiResult<Survey>> {
    this.calls.push(['retention', surveyId, retention]);
    return Promise.resolve(this.retentionReply ?? apiOk({ ...SURVEY, ...retention }));
  }
  setAnonymity(surveyId: number, anonymous: boolean): Promise<ApiResult<Survey>> {
    this.calls.push(['anonymity', surveyId, anonymous]);
    return Promise.resolve(this.anonymityReply ?? apiOk({ ...SURVEY, anonymous }));
  }
}

function setUp() {
  const gateway = new FakeGateway();
  const saved: DownloadedFile[] = [];
  const files: FileSaver = {
    saveFile: (file) => saved.push(file),
    saveText: () => undefined,
    saveBytes: () => undefined,
  };
  const useCases = createSurveyDataUseCases({
    surveys: gateway,
    gateway,
    files,
    today: () => '2026-03-02',
  });
  return { gateway, saved, useCases };
}

describe('createSurveyDataUseCases', () => {
  it('should delete and copy a survey through the surveys gateway', async () => {
    const { gateway, useCases } = setUp();
    expect(await useCases.deleteSurvey(12)).toEqual(apiOk(undefined));
    expect((await useCases.duplicateSurvey(12)).ok && gateway.calls.at(-1)).toEqual(['duplicate', 12]);
    expect(gateway.calls).toEqual([
      ['remove', 12],
      ['duplicate', 12],
    ]);
  });

  it('should list the responses with a trimmed search and only a chosen status', async () => {
    const { gateway, useCases } = setUp();
    await useCases.listResponses(12, { page: 2, pageSize: 20, q: '  jan ', status: '' });
    await useCases.listResponses(12, { page: 1, pageSize: 20, q: ' ', status: 'pending' });
    expect(gateway.calls).toEqual([
      ['responses', 12, { page: 2, page_size: 20, q: 'jan' }],
      ['responses', 12, { page: 1, page_size: 20, status: 'pending' }],
    ]);
  });

  it('should save an exported file and answer its name; a refusal saves nothing', async () => {
    const { gateway, saved, useCases } = setUp();
    expect(await useCases.exportResponse(12, 5, 'json')).toEqual(apiOk('survey-12-reactie-4.json'));
    expect(saved.map((file) => file.filename)).toEqual(['survey-12-reactie-4.json']);
    gateway.exportReply = apiFailure(403, 'Niet toegestaan.');
    expect(await useCases.exportResponse(12, 5, 'csv')).toEqual(apiFailure(403, 'Niet toegestaan.'));
    expect(saved).toHaveLength(1);
    expect(gateway.calls.at(-1)).toEqual(['export', 12, 5, 'csv']);
  });

  it('should load and erase one response', async () => {
    const { gateway, useCases } = setUp();
    expect((await useCases.loadResponse(12, 5)).ok).toBe(true);
    expect(await useCases.eraseResponse(12, 5)).toEqual(apiOk(undefined));
    expect(gateway.calls).toEqual([
      ['response', 12, 5],
      ['erase', 12, 5],
    ]);
  });

  it('should save the retention, and send nothing when the form is wrong', async () => {
    const { gateway, useCases } = setUp();
    expect(await useCases.saveRetention(12, { mode: 'months', until: '', months: '18' })).toEqual({
      ok: true,
      value: { retention_until: null, retention_months: 18 },
    });
    expect(await useCases.saveRetention(12, { mode: 'until', until: '2026-03-01', months: '' })).toEqual({
      ok: false,
      message: null,
      fields: { retention_until: RETENTION_MESSAGES.past },
    });
    gateway.retentionReply = apiFailure(403, 'Alleen een eigenaar of beheerder.');
    expect(await useCases.saveRetention(12, { mode: 'none', until: '', months: '' })).toMatchObject({
      ok: false,
      message: 'Alleen een eigenaar of beheerder.',
      status: 403,
    });
    expect(gateway.calls).toEqual([
      ['retention', 12, { retention_until: null, retention_months: 18 }],
      ['retention', 12, { retention_until: null, retention_months: null }],
    ]);
  });

  it('should save the anonymity and answer what the server saved, or its refusal', async () => {
    const { gateway, useCases } = setUp();
    expect(await useCases.saveAnonymity(12, true)).toEqual(apiOk(true));
    expect(await useCases.saveAnonymity(12, false)).toEqual(apiOk(false));
    gateway.anonymityReply = apiFailure(409, 'Deze survey heeft al uitnodigingen.');
    expect(await useCases.saveAnonymity(12, true)).toMatchObject({
      ok: false,
      status: 409,
      detail: 'Deze survey heeft al uitnodigingen.',
    });
    expect(gateway.calls).toEqual([
      ['anonymity', 12, true],
      ['anonymity', 12, false],
      ['anonymity', 12, true],
    ]);
  });
});
