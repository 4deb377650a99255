import type { Page, QuestionDetail, Survey, SurveyStatus, SurveySummary } from '@loop/core';
import { parseRouteId } from '@loop/core/access';
import {
  type AnalyticsView,
  type DateFilter,
  dateFilterFromSearch,
  dateFilterSearch,
  type SurveyLinksView,
  type SurveyResultsPage,
} from '@loop/core/surveys/results';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAsyncInjection } from '../../app/ContainerProvider';
import { TOKENS } from '../../app/tokens';
import { type Remote, useQuery } from '../../shared/useQuery';

/** Rows per page of the surveys list. */
export const SURVEYS_PAGE_SIZE = 25;
/** Answers per page on a question's own page. */
export const ANSWERS_PAGE_SIZE = 50;
/** How long typing in a search box rests before it is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The date filter in the address (`?from=…&to=…`), shared by the results page and its questions'
 * pages; setting it replaces the history entry, so Back leaves the page rather than the filter.
 */
export function useDateFilter(): readonly [DateFilter, (next: DateFilter) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const filter = useMemo(() => dateFilterFromSearch(search), [search]);
  const setFilter = useCallback(
    // The results filter's conditions stay unless `next` says otherwise (the date form sets days only).
    (next: DateFilter) =>
      navigate(
        `${path}${dateFilterSearch('conditions' in next ? next : { ...next, conditions: filter.conditions })}`,
        { replace: true },
      ),
    [path, navigate, filter.conditions],
  );
  return [filter, setFilter] as const;
}

const filterKey = (filter: DateFilter) => `${filter.from}/${filter.to}/${filter.conditions ?? ''}`;

export function useSurveyList(query: {
  readonly page: number;
  readonly q: string;
  readonly status: SurveyStatus | '';
}): Remote<Page<SurveySummary>> {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return useQuery(`surveys:${JSON.stringify(query)}`, () =>
    results.listSurveys({
      page: query.page,
      page_size: SURVEYS_PAGE_SIZE,
      q: query.q,
      ...(query.status === '' ? {} : { status: query.status }),
    }),
  );
}

export function useSurveyResults(surveyId: number, filter: DateFilter): Remote<SurveyResultsPage> {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return useQuery(`results:${surveyId}:${filterKey(filter)}`, () => results.loadResults(surveyId, filter));
}

export function useSurveyForResults(surveyId: number): Remote<Survey> {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return useQuery(`results-survey:${surveyId}`, () => results.loadSurvey(surveyId));
}

export function useQuestionDetail(
  surveyId: number,
  questionId: string,
  filter: DateFilter,
  answers: { readonly q: string; readonly page: number },
): Remote<QuestionDetail> {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return useQuery(
    `question:${surveyId}:${questionId}:${filterKey(filter)}:${answers.page}:${answers.q}`,
    () =>
      results.loadQuestionDetail(surveyId, questionId, filter, {
        q: answers.q,
        page: answers.page,
        pageSize: ANSWERS_PAGE_SIZE,
      }),
  );
}

export function useAnalytics(filter: DateFilter): Remote<AnalyticsView> {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return useQuery(`analytics:${filterKey(filter)}`, () => results.loadAnalytics(filter));
}

/** The survey's links and how they are used. */
export function useSurveyLinks(surveyId: number): Remote<SurveyLinksView> {
  const results = useAsyncInjection(TOKENS.ResultsUseCases);
  return useQuery(`survey-links:${surveyId}`, () => results.loadLinks(surveyId));
}

/** A route's numeric id, or null when the address holds something else. */
export const parseSurveyId = parseRouteId;
