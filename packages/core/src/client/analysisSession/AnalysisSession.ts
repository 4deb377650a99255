import type { ApiResult } from '../../domain/api';
import type {
  AnalysisDataPoints,
  BusinessAnalysisList,
  BusinessAnalysisListItem,
  BusinessAnalysisResponse,
} from '../../domain/contract';
import type { ExportAnalysisPdfInput, ExportAnalysisPdfResult } from '../../domain/report';
import { createStateStore } from '../../domain/shared';
import type { Clock } from '../session';
import type { AnalysisMarkdownRequest, BusinessAnalysisGateway } from './analysisPorts';
import { ANALYSIS_TEXTS, analysisErrorText } from './analysisTexts';

/** R-ANALYSIS-4: empty, then loading, then a result or an error banner. */
export type AnalysisStatus = 'empty' | 'loading' | 'result' | 'error';

/** The analysis on screen. */
export interface ShownAnalysis {
  readonly analysis: BusinessAnalysisResponse;
  /** The stored analysis's id when it was opened from the list; null for one just made. */
  readonly id: number | null;
  /** Made during this visit of the screen: the toolbar says 'Zojuist gegenereerd'. */
  readonly madeThisVisit: boolean;
}

export type EarlierAnalysis = BusinessAnalysisListItem;

/** The organisation's earlier analyses and the data a new one would rest on. */
export interface AnalysisHistory {
  readonly status: 'loading' | 'ready' | 'failed';
  /** What the next analysis rests on (the subtitle before a result); null until known. */
  readonly dataPoints: AnalysisDataPoints | null;
  /** Newest first, as the server sends them. */
  readonly analyses: readonly EarlierAnalysis[];
}

export interface AnalysisSessionState {
  readonly status: AnalysisStatus;
  /**
   * While loading: a new analysis is being made, the earlier one with this id is being opened, or
   * the newest is being read when the screen opens.
   */
  readonly loading:
    | { readonly kind: 'create' }
    | { readonly kind: 'open'; readonly id: number }
    | { readonly kind: 'latest' }
    | null;
  readonly shown: ShownAnalysis | null;
  /** The red banner's text (R-ANALYSIS-6); null without an error. */
  readonly error: string | null;
  /** The PDF export's own busy state (R-ANALYSIS-4: the button reads 'PDF...'). */
  readonly exportingPdf: boolean;
  readonly history: AnalysisHistory;
}

export interface AnalysisSessionDeps {
  readonly gateway: BusinessAnalysisGateway;
  readonly clock: Clock;
  /** Lays out and saves the PDF (core's exportAnalysisPdf with its engine, logo loader and saver). */
  exportPdf(request: ExportAnalysisPdfInput): Promise<ExportAnalysisPdfResult>;
  /** Saves the Markdown file (core's exportAnalysisMarkdown with its saver, loaded on first use). */
  exportMarkdown(request: AnalysisMarkdownRequest): Promise<{ readonly fileName: string }>;
  /** The logo candidates for the PDF's cover, in order (organisation, default, fallback). */
  logoUrls(): readonly string[];
  /** Tells the user something went wrong in a way that needs acknowledging (R-ANALYSIS-7: an alert). */
  alert(message: string): void;
}

export const INITIAL_ANALYSIS_STATE: AnalysisSessionState = {
  status: 'empty',
  loading: null,
  shown: null,
  error: null,
  exportingPdf: false,
  history: { status: 'loading', dataPoints: null, analyses: [] },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isDataPoints = (value: unknown): value is AnalysisDataPoints =>
  isRecord(value) && typeof value.kpis === 'number' && typeof value.surveys === 'number';

/** An answer that lacks the report or its metadata is as useless as a failed call. */
function readAnalysis(answer: ApiResult<BusinessAnalysisResponse>): BusinessAnalysisResponse | string {
  if (!answer.ok) return analysisErrorText(answer);
  const value: unknown = answer.value;
  if (
    isRecord(value) &&
    typeof value.analysis === 'string' &&
    isRecord(value.metadata) &&
    isRecord(value.metadata.organization) &&
    typeof value.metadata.organization.name === 'string' &&
    isDataPoints(value.metadata.data_points) &&
    typeof value.metadata.generated_at === 'string'
  ) {
    return answer.value;
  }
  return ANALYSIS_TEXTS.failed;
}

function readHistory(answer: ApiResult<BusinessAnalysisList>): AnalysisHistory {
  const value: unknown = answer.ok ? answer.value : null;
  if (!isRecord(value) || !isDataPoints(value.data_points) || !Array.isArray(value.analyses)) {
    return { status: 'failed', dataPoints: null, analyses: [] };
  }
  const analyses = (value.analyses as unknown[]).filter(
    (item): item is EarlierAnalysis =>
      isRecord(item) && typeof item.id === 'number' && typeof item.generated_at === 'string',
  );
  return { status: 'ready', dataPoints: value.data_points, analyses };
}

/**
 * The business analysis screen's use-case (R-ANALYSIS-2, R-ANALYSIS-4, R-ANALYSIS-6): makes a new analysis or opens an
 * earlier one, keeps the result or the error banner's text, and exports the result as PDF and
 * Markdown. One instance per visit of the screen, so 'Zojuist gegenereerd' means this visit.
 */
export class AnalysisSession {
  readonly #deps: AnalysisSessionDeps;
  readonly #store = createStateStore<AnalysisSessionState>(INITIAL_ANALYSIS_STATE);
  /** Counts requests for the shown analysis, so the answer of a superseded one is dropped. */
  #generation = 0;
  #historyGeneration = 0;
  #firstHistory: Promise<void> | null = null;
  /** `generated_at` of the analyses made during this visit. */
  readonly #madeThisVisit = new Set<string>();

  constructor(deps: AnalysisSessionDeps) {
    this.#deps = deps;
  }

  readonly getSnapshot = this.#store.getSnapshot;

  readonly subscribe = this.#store.subscribe;

  /**
   * Loads the earlier analyses and shows the newest once; a screen may call it on every mount. A
   * visit, a reload too, thus opens on the organisation's latest analysis ('Gegenereerd op …'),
   * and on the empty state only before the first one (docs/decisions/analysis.md, 'The latest analysis
   * after a reload').
   */
  load(): Promise<void> {
    this.#firstHistory ??= Promise.all([this.reloadHistory(), this.#showLatest()]).then(() => undefined);
    return this.#firstHistory;
  }

  /** Shows the newest analysis unless something else was asked for meanwhile; none or a failure: empty. */
  async #showLatest(): Promise<void> {
    if (this.#state().status !== 'empty') return;
    const generation = this.#begin({ kind: 'latest' });
    const answer = await this.#deps.gateway.latest();
    if (generation !== this.#generation) return;
    const latest = answer.ok ? answer.value.latest : null;
    if (latest === null || typeof latest !== 'object' || typeof latest.id !== 'number') {
      this.#patch({ status: 'empty', loading: null });
      return;
    }
    const { id, ...response } = latest;
    const read = readAnalysis({ ok: true, value: response });
    if (typeof read === 'string') {
      this.#patch({ status: 'empty', loading: null });
      return;
    }
    const madeThisVisit = this.#madeThisVisit.has(read.metadata.generated_at);
    this.#patch({ status: 'result', loading: null, shown: { analysis: read, id, madeThisVisit } });
  }

  /** Asks for the earlier analyses and the current data points again. */
  async reloadHistory(): Promise<void> {
    const generation = ++this.#historyGeneration;
    const before = this.#state().history;
    if (before.status === 'failed') this.#patch({ history: { ...before, status: 'loading' } });
    const history = readHistory(await this.#deps.gateway.list());
    if (generation !== this.#historyGeneration) return;
    // A failed refresh keeps the list that was already known.
    if (history.status === 'failed' && before.status === 'ready') {
      this.#patch({ history: before });
      return;
    }
    this.#patch({ history });
  }

  /** 'Maak Analyse': clears the old result and error, then shows the new result or the error. */
  async create(): Promise<void> {
    if (this.#state().loading?.kind === 'create') return;
    const generation = this.#begin({ kind: 'create' });
    const read = readAnalysis(await this.#deps.gateway.create());
    if (generation !== this.#generation) return;
    if (typeof read === 'string') {
      this.#patch({ status: 'error', loading: null, error: read });
      return;
    }
    this.#madeThisVisit.add(read.metadata.generated_at);
    this.#patch({
      status: 'result',
      loading: null,
      shown: { analysis: read, id: null, madeThisVisit: true },
    });
    // The new analysis joins the list of earlier ones.
    await this.reloadHistory();
  }

  /** Opens an earlier analysis; not while a new one is being made (its button is disabled then). */
  async open(id: number): Promise<void> {
    if (this.#state().loading?.kind === 'create') return;
    const generation = this.#begin({ kind: 'open', id });
    const read = readAnalysis(await this.#deps.gateway.get(id));
    if (generation !== this.#generation) return;
    if (typeof read === 'string') {
      this.#patch({ status: 'error', loading: null, error: read });
      return;
    }
    this.#patch({
      status: 'result',
      loading: null,
      shown: { analysis: read, id, madeThisVisit: this.#madeThisVisit.has(read.metadata.generated_at) },
    });
  }

  /** 'PDF': lays out and saves the shown analysis; a failure is told in an alert (R-ANALYSIS-7). */
  async exportPdf(): Promise<void> {
    const { shown, exportingPdf } = this.#state();
    if (shown === null || exportingPdf) return;
    this.#patch({ exportingPdf: true });
    let outcome: ExportAnalysisPdfResult;
    try {
      outcome = await this.#deps.exportPdf({
        markdown: shown.analysis.analysis,
        organizationName: shown.analysis.metadata.organization.name,
        generatedAt: new Date(shown.analysis.metadata.generated_at),
        logoUrls: this.#deps.logoUrls(),
        now: new Date(this.#deps.clock.now()),
      });
    } catch {
      // The engine's code could not be loaded (offline, a new deployment): the same failure.
      outcome = { ok: false };
    }
    this.#patch({ exportingPdf: false });
    if (!outcome.ok) this.#deps.alert(ANALYSIS_TEXTS.pdfFailed);
  }

  /** 'MD': saves the shown analysis's report as it came, as a Markdown file. */
  async exportMarkdown(): Promise<void> {
    const { shown } = this.#state();
    if (shown === null) return;
    try {
      await this.#deps.exportMarkdown({
        markdown: shown.analysis.analysis,
        organizationName: shown.analysis.metadata.organization.name,
        now: new Date(this.#deps.clock.now()),
      });
    } catch {
      // Its code could not be loaded (offline, a new deployment).
      this.#deps.alert(ANALYSIS_TEXTS.markdownFailed);
    }
  }

  /** A new request for the shown analysis: the old result and error go (R-ANALYSIS-4). */
  #begin(loading: NonNullable<AnalysisSessionState['loading']>): number {
    this.#patch({ status: 'loading', loading, shown: null, error: null });
    return ++this.#generation;
  }

  #state(): AnalysisSessionState {
    return this.#store.getSnapshot();
  }

  #patch(patch: Partial<AnalysisSessionState>): void {
    this.#store.set({ ...this.#state(), ...patch });
  }
}
