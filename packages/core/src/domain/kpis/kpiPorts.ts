import type { ApiResult } from '../api';
import type {
  Kpi,
  KpiBoard,
  KpiBoardSettings,
  KpiComparison,
  KpiDrillDown,
  KpiHistory,
  KpiImportReport,
  KpiImportRequest,
  KpiInput,
  KpiListQuery,
  KpiValue,
  KpiValueInput,
  Page,
} from '../contract';
import type { DownloadedFile } from '../shared';

/** A range of days ('YYYY-MM-DD'), optionally only some KPIs; omitted parts take the server's defaults. */
export interface KpiRangeQuery {
  readonly from?: string;
  readonly to?: string;
  readonly ids?: readonly number[];
}

/** The KPIs of the current organisation (the one in X-Organization-Id), /api/v1/kpis. */
export interface KpiGateway {
  list(query: KpiListQuery): Promise<ApiResult<Page<Kpi>>>;
  get(id: number): Promise<ApiResult<Kpi>>;
  create(input: KpiInput): Promise<ApiResult<Kpi>>;
  update(id: number, input: KpiInput): Promise<ApiResult<Kpi>>;
  remove(id: number): Promise<ApiResult<void>>;
  /** The caller's board (or the organisation's default) with `periods` points per sparkline. */
  board(periods?: number): Promise<ApiResult<KpiBoard>>;
  boardSettings(): Promise<ApiResult<KpiBoardSettings>>;
  /** The caller's own choice, in order. */
  chooseBoard(kpiIds: readonly number[]): Promise<ApiResult<KpiBoardSettings>>;
  /** Back to the organisation's default board. */
  resetBoard(): Promise<ApiResult<void>>;
  /** The organisation's default board (who may manage KPIs). */
  chooseDefaultBoard(kpiIds: readonly number[]): Promise<ApiResult<KpiBoardSettings>>;
  values(id: number, page?: number): Promise<ApiResult<Page<KpiValue>>>;
  setValue(id: number, period: string, input: KpiValueInput): Promise<ApiResult<KpiValue>>;
  removeValue(id: number, period: string): Promise<ApiResult<void>>;
  /** With the plan feature 'analytics': */
  history(query: KpiRangeQuery): Promise<ApiResult<KpiHistory>>;
  compare(a: string, b: string, ids?: readonly number[]): Promise<ApiResult<KpiComparison>>;
  drillDown(id: number, query: KpiRangeQuery): Promise<ApiResult<KpiDrillDown>>;
  exportValues(id: number, query: KpiRangeQuery): Promise<ApiResult<DownloadedFile>>;
  importValues(id: number, request: KpiImportRequest): Promise<ApiResult<KpiImportReport>>;
}
