import type { ApiResult } from '../../api';
import type { OpenAnswerSummary, ResultsQuery } from '../../contract';

/** Summaries of open answers of the current organisation's surveys (plan feature 'ai'). */
export interface OpenAnswerSummaryGateway {
  /** POST /surveys/:id/questions/:questionId/summary with the period in the query. */
  summarise(surveyId: number, questionId: string, query: ResultsQuery): Promise<ApiResult<OpenAnswerSummary>>;
}
