import type { ApiResult } from '../api';
import { type FormResult, formFromApi, formInvalid } from '../api';
import type { RoundAction, RoundComparison, RoundIntervalUnit, SurveyRounds } from '../contract';
import { amsterdamMoment, roundScheduleProblems } from './roundSchedule';

/** A survey's pulse rounds (/api/v1/surveys/:id/rounds…). */
export interface RoundsGateway {
  rounds(surveyId: number): Promise<ApiResult<SurveyRounds>>;
  schedule(
    surveyId: number,
    input: {
      readonly interval_unit: RoundIntervalUnit;
      readonly interval_count: number;
      readonly segment_id: number | null;
      readonly start_at: string;
    },
  ): Promise<ApiResult<SurveyRounds>>;
  control(surveyId: number, action: RoundAction): Promise<ApiResult<SurveyRounds>>;
  comparison(surveyId: number): Promise<ApiResult<RoundComparison>>;
}

/** The 'Herhalen in rondes' form as typed: the first round's day and time are Dutch wall-clock time. */
export interface RoundForm {
  readonly unit: RoundIntervalUnit;
  readonly count: string;
  /** A segment id, or '' for all contacts. */
  readonly segmentId: string;
  /** 'YYYY-MM-DD' */
  readonly startDay: string;
  /** 'HH:MM' */
  readonly startTime: string;
}

export interface RoundUseCases {
  rounds(surveyId: number): Promise<ApiResult<SurveyRounds>>;
  /** Checked as the server checks it before any call (field → Dutch message). */
  schedule(surveyId: number, form: RoundForm): Promise<FormResult<SurveyRounds>>;
  control(surveyId: number, action: RoundAction): Promise<ApiResult<SurveyRounds>>;
  comparison(surveyId: number): Promise<ApiResult<RoundComparison>>;
}

export function createRoundUseCases(deps: {
  readonly gateway: RoundsGateway;
  readonly now: () => Date;
}): RoundUseCases {
  return {
    rounds: (surveyId) => deps.gateway.rounds(surveyId),
    schedule: async (surveyId, form) => {
      const start = amsterdamMoment(form.startDay, form.startTime);
      const input = {
        interval_unit: form.unit,
        interval_count: Number(form.count.trim() === '' ? Number.NaN : form.count),
        segment_id: form.segmentId === '' ? null : Number(form.segmentId),
        start_at: start === null ? '' : start.toISOString(),
      };
      const problems = roundScheduleProblems(input, deps.now());
      if (Object.keys(problems).length > 0) return formInvalid(problems);
      return formFromApi(await deps.gateway.schedule(surveyId, input));
    },
    control: (surveyId, action) => deps.gateway.control(surveyId, action),
    comparison: (surveyId) => deps.gateway.comparison(surveyId),
  };
}
