import type { Crosstab } from '@loop/core';
import type { CrosstabDimensions, DateFilter } from '@loop/core/surveys/results';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { type Remote, useQuery } from '../../shared/useQuery';

/** A survey's cross-tab of two dimensions within the filter (R-RES-9). */
export function useCrosstab(
  surveyId: number,
  dimensions: CrosstabDimensions,
  filter: DateFilter,
): Remote<Crosstab> {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return useQuery(
    `crosstab:${surveyId}:${dimensions.row}:${dimensions.col}:${filter.from}/${filter.to}/${filter.conditions ?? ''}`,
    () => results.loadCrosstab(surveyId, dimensions, filter),
  );
}
