import type { Kpi, KpiBoard, KpiBoardSettings, Page, SurveyStatus, SurveySummary } from '@loop/core';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useInvalidate, useQuery } from '../shared/useQuery';

/** Periods per sparkline on the board. */
export const BOARD_PERIODS = 8;

/** KPIs a list on the board asks for at once (the API's largest page; a board holds at most 100). */
const KPI_LIST_SIZE = 100;

/** Every cached KPI answer starts with this, so one change refreshes the board and its lists. */
export const KPI_QUERY_PREFIX = 'kpis:';

export function useKpiBoard(): Remote<KpiBoard> {
  const kpis = useAsyncInjection(TOKENS.KpiGateway);
  return useQuery(`${KPI_QUERY_PREFIX}board:${BOARD_PERIODS}`, () => kpis.board(BOARD_PERIODS));
}

/** The organisation's KPIs (the first 100), optionally of one source only. */
export function useKpiList(source: 'manual' | '' = ''): Remote<Page<Kpi>> {
  const kpis = useAsyncInjection(TOKENS.KpiGateway);
  return useQuery(`${KPI_QUERY_PREFIX}list:${source}`, () =>
    kpis.list({ page_size: String(KPI_LIST_SIZE), ...(source === '' ? {} : { source }) }),
  );
}

export function useBoardSettings(): Remote<KpiBoardSettings> {
  const kpis = useAsyncInjection(TOKENS.KpiGateway);
  return useQuery(`${KPI_QUERY_PREFIX}board-settings`, () => kpis.boardSettings());
}

/** After a KPI, a value or the board's choice changed: the board and the KPI lists ask again. */
export function useKpisChanged(): () => void {
  const invalidate = useInvalidate();
  return () => invalidate(KPI_QUERY_PREFIX);
}

/** Surveys the dashboard lists at once (the open ones) or only counts (all of them, for the start). */
const DASHBOARD_SURVEYS = 5;

/**
 * The organisation's surveys, newest first, of one status or all, through the surveys gateway alone
 * (the dashboard does not load the survey screens' use-cases).
 */
export function useDashboardSurveys(status: SurveyStatus | ''): Remote<Page<SurveySummary>> {
  const surveys = useAsyncInjection(TOKENS.SurveysGateway);
  return useQuery(`dashboard:surveys:${status}`, () =>
    surveys.list({ page: 1, page_size: DASHBOARD_SURVEYS, ...(status === '' ? {} : { status }) }),
  );
}
