import type { SurveyFill } from '../../contract';

const NUMBER = new Intl.NumberFormat('nl-NL');

/** The results' Dutch lines of a cap and its quotas (R-SURV-21, R-SURV-22). */
export const FILL_MESSAGES = {
  cap: (count: number, max: number) => `${NUMBER.format(count)} van ${NUMBER.format(max)} antwoorden`,
  quota: (name: string, count: number, max: number) =>
    `${name}: ${NUMBER.format(count)} van ${NUMBER.format(max)}`,
} as const;

/** What the results screen says of the fill: '120 van 200 antwoorden', 'Verkoop: 37 van 50'; none without. */
export function fillLines(fill: SurveyFill | undefined): string[] {
  if (fill === undefined) return [];
  return [
    ...(fill.cap === null ? [] : [FILL_MESSAGES.cap(fill.cap.count, fill.cap.max)]),
    ...fill.quotas.map((quota) => FILL_MESSAGES.quota(quota.name, quota.count, quota.max)),
  ];
}
