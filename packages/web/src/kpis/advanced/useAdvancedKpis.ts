import type { KpiComparison, KpiDrillDown, KpiHistory } from '@loop/core';
import { isoDay } from '@loop/core/format';
import {
  type AdvancedKpisAddress,
  advancedKpisSearch,
  type CompareChoice,
  type DayRange,
  readAdvancedKpisAddress,
} from '@loop/core/kpis';
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { useClock } from '../../app/useServices';
import { type Remote, useQuery } from '../../shared/useQuery';
import { KPI_QUERY_PREFIX } from '../useKpis';

/** Today in the Netherlands ('YYYY-MM-DD'), from the app's clock. */
export function useToday(): string {
  const clock = useClock();
  return isoDay(clock.now());
}

/**
 * The screen's state in the address (range, chosen KPIs, chart kind, drilled-into KPI); a change
 * replaces the history entry, except opening or closing a KPI, which Back undoes.
 */
export function useAdvancedKpisAddress(): readonly [
  AdvancedKpisAddress,
  (patch: Partial<AdvancedKpisAddress>) => void,
] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const address = useMemo(() => readAdvancedKpisAddress(search), [search]);
  const change = useCallback(
    (patch: Partial<AdvancedKpisAddress>) =>
      navigate(`${path}${advancedKpisSearch({ ...address, ...patch })}`, {
        replace: !('kpi' in patch),
      }),
    [address, path, navigate],
  );
  return [address, change] as const;
}

/** Every (or the chosen) KPI over a checked range. */
export function useKpiHistory(range: DayRange, ids: readonly number[]): Remote<KpiHistory> {
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  return useQuery(`${KPI_QUERY_PREFIX}history:${range.from}/${range.to}/${ids.join(',')}`, () =>
    gateway.history({ ...range, ...(ids.length > 0 ? { ids } : {}) }),
  );
}

/** Each KPI's periods holding day `a` and day `b`. */
export function useKpiComparison(days: CompareChoice): Remote<KpiComparison> {
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  return useQuery(`${KPI_QUERY_PREFIX}compare:${days.a}/${days.b}`, () => gateway.compare(days.a, days.b));
}

/** Every period of one KPI, newest first: the range of its values, else its last 36 periods. */
export function useKpiDrillDown(id: number): Remote<KpiDrillDown> {
  const gateway = useAsyncInjection(TOKENS.KpiGateway);
  return useQuery(`${KPI_QUERY_PREFIX}drill-down:${id}`, () => gateway.drillDown(id, {}));
}
