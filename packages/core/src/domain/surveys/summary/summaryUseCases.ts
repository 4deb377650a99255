import { type ApiResult, apiFailure } from '../../api';
import type { ResultsQuery } from '../../contract';
import { type DateFilter, dateFilterError } from '../results';
import type { OpenAnswerSummaryGateway } from './summaryPorts';
import { type OpenAnswerSummaryView, summaryErrorText, summaryView } from './summaryView';

export interface SummaryUseCaseDeps {
  readonly gateway: OpenAnswerSummaryGateway;
}

/** A summary for the panel, or the Dutch text of why there is none. */
export type SummaryOutcome =
  | { readonly ok: true; readonly view: OpenAnswerSummaryView }
  | { readonly ok: false; readonly error: string };

export interface SummaryUseCases {
  /** Summarises an open question's answers within the period of the results page. */
  summarise(surveyId: number, questionId: string, filter: DateFilter): Promise<SummaryOutcome>;
}

const queryOf = (filter: DateFilter): ResultsQuery => ({
  ...(filter.from ? { from: filter.from } : {}),
  ...(filter.to ? { to: filter.to } : {}),
  // The results filter's conditions (R-RES-8): the summary is of the answers the page counts.
  ...(filter.conditions ? { filter: filter.conditions } : {}),
});

/** The use-case of the summary panel on the results and question pages. */
export function createSummaryUseCases(deps: SummaryUseCaseDeps): SummaryUseCases {
  return {
    summarise: async (surveyId, questionId, filter) => {
      const problem = dateFilterError(filter);
      const answer: ApiResult<Parameters<typeof summaryView>[0]> = problem
        ? apiFailure(400, problem.message)
        : await deps.gateway.summarise(surveyId, questionId, queryOf(filter));
      return answer.ok
        ? { ok: true, view: summaryView(answer.value) }
        : { ok: false, error: summaryErrorText(answer) };
    },
  };
}
