import type { SurveyStatus } from '../../contract';

/**
 * A survey's close date and the status it makes (R-SURV-3): apart from the status changes
 * (surveyStatus.ts), so a list that only shows whether a survey is open (the dashboard's) loads
 * these two functions and not the rules and texts of publishing.
 */

/** Whether a close date has passed at `now`; no (or an unreadable) close date never passes. */
export function closeDatePassed(closeAt: string | null, now: Date): boolean {
  if (closeAt === null) return false;
  const time = Date.parse(closeAt);
  return !Number.isNaN(time) && time <= now.getTime();
}

/** The status as it holds at `now`: an open survey whose close date has passed is closed. */
export const effectiveStatus = (status: SurveyStatus, closeAt: string | null, now: Date): SurveyStatus =>
  status === 'open' && closeDatePassed(closeAt, now) ? 'closed' : status;
