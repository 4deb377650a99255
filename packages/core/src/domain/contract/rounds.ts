// Pulse rounds (issue 27): a survey sent again every N weeks or months to a segment (or to all
// contacts), each round its own wave of invitations and reminders. Routes under /surveys/:id/rounds
// work on a survey of the current organisation; another organisation's ids answer 404.
import type { QuestionResult } from './surveyResults';

export const ROUND_INTERVAL_UNITS = ['week', 'month'] as const;
export type RoundIntervalUnit = (typeof ROUND_INTERVAL_UNITS)[number];

/** active: rounds go out on their dates; paused: nothing goes out until resumed; ended: no more rounds. */
export const ROUND_SCHEDULE_STATES = ['active', 'paused', 'ended'] as const;
export type RoundScheduleState = (typeof ROUND_SCHEDULE_STATES)[number];

/**
 * scheduled: waits for its date; sent: its invitations were queued (`invited` of them); skipped:
 * the owner skipped it, or it could not go (`note` says why); cancelled: the rounds were ended.
 */
export const ROUND_STATES = ['scheduled', 'sent', 'skipped', 'cancelled'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

/** PUT /surveys/:id/rounds: the rhythm, to whom, and the first round's moment (ISO, not in the past). */
export interface RoundScheduleInput {
  readonly interval_unit: RoundIntervalUnit;
  /** Every 1–12 weeks or months. */
  readonly interval_count: number;
  /** A segment of the organisation; null: all contacts. */
  readonly segment_id: number | null;
  readonly start_at: string;
}

export interface RoundSchedule extends RoundScheduleInput {
  readonly state: RoundScheduleState;
}

/** One round with its counts. */
export interface SurveyRound {
  readonly id: number;
  /** 1, 2, 3 … in the order the rounds were planned. */
  readonly number: number;
  readonly due_at: string;
  readonly state: RoundState;
  /** When its invitations were queued; null before. */
  readonly sent_at: string | null;
  /** Invitations of this round (not cancelled). */
  readonly invited: number;
  /** Contacts of the selection left out (unsubscribed, or the contact rule). */
  readonly skipped: number;
  /** Submitted responses of this round. */
  readonly completed: number;
  /** Why a round was skipped or cancelled, in Dutch; null otherwise. */
  readonly note: string | null;
}

/** GET /surveys/:id/rounds: the schedule (null: the survey does not run in rounds) and its rounds, newest first. */
export interface SurveyRounds {
  readonly schedule: RoundSchedule | null;
  readonly rounds: readonly SurveyRound[];
}

/** POST /surveys/:id/rounds/:action */
export const ROUND_ACTIONS = ['pause', 'resume', 'skip', 'end'] as const;
export type RoundAction = (typeof ROUND_ACTIONS)[number];

/** One sent round's results: the question results of its submitted responses (the results' own shape). */
export interface RoundResults {
  readonly round_id: number;
  readonly number: number;
  readonly due_at: string;
  readonly completed: number;
  readonly questions: readonly QuestionResult[];
}

/** GET /surveys/:id/rounds/comparison: every sent round, oldest first. */
export interface RoundComparison {
  readonly survey_id: number;
  readonly rounds: readonly RoundResults[];
}
