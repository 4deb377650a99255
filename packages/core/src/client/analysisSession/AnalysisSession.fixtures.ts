import { type ApiResult, apiOk } from '../../domain/api';
import type {
  BusinessAnalysisList,
  BusinessAnalysisResponse,
  LatestBusinessAnalysis,
} from '../../domain/contract';
import type { ExportAnalysisPdfInput, ExportAnalysisPdfResult } from '../../domain/report';
import { type Deferred, deferred } from '../../testing/deferred';
import { AnalysisSession } from './AnalysisSession';
import type { AnalysisMarkdownRequest, BusinessAnalysisGateway } from './analysisPorts';

/** 14:05 on 3 November 2025 in the Netherlands (CET). */
export const NOW = Date.parse('2025-11-03T13:05:00Z');

export const analysis = (
  generatedAt = '2025-11-03T13:05:00Z',
  text = '# Bedrijfsanalyse\n\nDe **omzet** steeg.',
): BusinessAnalysisResponse => ({
  analysis: text,
  metadata: {
    organization: { name: 'Bakkerij De Zon' },
    data_points: { kpis: 4, surveys: 2 },
    generated_at: generatedAt,
  },
});

export const LIST: BusinessAnalysisList = {
  data_points: { kpis: 5, surveys: 3 },
  analyses: [
    { id: 9, generated_at: '2025-10-01T08:30:00Z', data_points: { kpis: 3, surveys: 1 } },
    { id: 4, generated_at: '2025-09-01T08:30:00Z', data_points: { kpis: 2, surveys: 1 } },
  ],
};

type Call = 'create' | 'latest' | 'list' | `get ${number}`;

/**
 * Answers every call with its reply at once, or, while `hold` is set, waits until the test calls
 * `release`.
 */
export class FakeAnalysisGateway implements BusinessAnalysisGateway {
  readonly calls: Call[] = [];
  hold = false;
  createReply: ApiResult<BusinessAnalysisResponse> = apiOk(analysis());
  listReply: ApiResult<BusinessAnalysisList> = apiOk(LIST);
  /** None by default: the screen opens on the empty state. */
  latestReply: ApiResult<LatestBusinessAnalysis> = apiOk({ latest: null });
  getReplies = new Map<number, ApiResult<BusinessAnalysisResponse>>([
    [9, apiOk(analysis('2025-10-01T08:30:00Z', '# Oktober'))],
  ]);
  readonly #waiting: Array<{ call: Call; answer: Deferred<ApiResult<never>> }> = [];

  create() {
    return this.#answer('create', this.createReply);
  }

  latest() {
    return this.#answer('latest', this.latestReply);
  }

  list() {
    return this.#answer('list', this.listReply);
  }

  get(id: number) {
    return this.#answer(`get ${id}`, this.getReplies.get(id) ?? { ok: false, status: 404, detail: 'x' });
  }

  /** Answers the oldest waiting call named `call`. */
  release(call: Call, result: ApiResult<unknown>): void {
    const index = this.#waiting.findIndex((waiting) => waiting.call === call);
    const [waiting] = this.#waiting.splice(index, 1);
    if (index === -1 || !waiting) throw new Error(`no ${call} is waiting`);
    waiting.answer.resolve(result as ApiResult<never>);
  }

  #answer<T>(call: Call, reply: ApiResult<T>): Promise<ApiResult<T>> {
    this.calls.push(call);
    if (!this.hold) return Promise.resolve(reply);
    const answer = deferred<ApiResult<never>>();
    this.#waiting.push({ call, answer });
    return answer.promise as Promise<ApiResult<T>>;
  }
}

/** A session over the fake gateway with recording exports and alerts. */
export function sessionWith(gateway = new FakeAnalysisGateway()) {
  const pdfRequests: ExportAnalysisPdfInput[] = [];
  const markdownRequests: AnalysisMarkdownRequest[] = [];
  const alerts: string[] = [];
  const pdf = { outcome: null as Deferred<ExportAnalysisPdfResult> | null, throws: false };
  const markdown = { throws: false };
  const session = new AnalysisSession({
    gateway,
    clock: { now: () => NOW },
    exportPdf: (request) => {
      pdfRequests.push(request);
      if (pdf.throws) return Promise.reject(new Error('Failed to fetch dynamically imported module'));
      pdf.outcome = deferred<ExportAnalysisPdfResult>();
      return pdf.outcome.promise;
    },
    exportMarkdown: async (request) => {
      if (markdown.throws) throw new Error('Failed to fetch dynamically imported module');
      markdownRequests.push(request);
      return { fileName: 'bedrijfsanalyse-bakkerij-de-zon-2025-11-03.md' };
    },
    logoUrls: () => ['http://loop.test/uploads/logo.png', 'http://loop.test/default-logo.png'],
    alert: (message) => alerts.push(message),
  });
  return { session, gateway, pdfRequests, markdownRequests, alerts, pdf, markdown };
}
