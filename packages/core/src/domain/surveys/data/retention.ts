import { type FormResult, formInvalid, formOk } from '../../api';
import type { SurveyRetention } from '../../contract';
import type { CheckedInput } from '../model';
import { parseDay } from '../results';

/**
 * Retention per survey ('Antwoorden bewaren'): a last day, or a number of months after each
 * response, or neither. Past it, the retention job blanks the open texts (open questions and
 * 'anders, namelijk') and detaches personal links (label and key cleared, the link stops opening
 * the response); scores and chosen options keep counting. Days are calendar days in
 * Europe/Amsterdam, written `YYYY-MM-DD`, so `today` is the caller's `logDateOf(now)`.
 */

export const RETENTION_MONTHS_MIN = 1;
export const RETENTION_MONTHS_MAX = 120;

export const RETENTION_MESSAGES = {
  both: 'Kies een datum óf een aantal maanden, niet allebei.',
  day: 'Vul een geldige datum in.',
  past: 'Kies vandaag of een datum in de toekomst.',
  months: `Vul een heel aantal maanden in, van ${RETENTION_MONTHS_MIN} tot en met ${RETENTION_MONTHS_MAX}.`,
} as const;

/** No retention: answers are kept until they are erased or the survey is deleted. */
export const NO_RETENTION: SurveyRetention = { retention_until: null, retention_months: null };

/** What happens past retention, for the settings (one explanation wherever it is shown). */
export const RETENTION_EXPLANATION =
  "Na de bewaartermijn wist Loop de open antwoorden (ook de tekst bij 'anders, namelijk') en koppelt " +
  'de persoonlijke links los: het label verdwijnt en de link opent de antwoorden niet meer. Scores en ' +
  'gekozen opties blijven meetellen in de resultaten. Dit gebeurt binnen een uur na het verstrijken ' +
  'en kan niet ongedaan worden gemaakt.';

const MONTHS_LONG = [
  'januari',
  'februari',
  'maart',
  'april',
  'mei',
  'juni',
  'juli',
  'augustus',
  'september',
  'oktober',
  'november',
  'december',
];

/** A `YYYY-MM-DD` day in words: '30 juni 2026'. */
export function dayInWords(day: string): string {
  const parts = parseDay(day);
  return parts ? `${parts.day} ${MONTHS_LONG[parts.month - 1]} ${parts.year}` : day;
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The same day `months` calendar months earlier, clamped to the month's last day
 * (2026-03-31 minus 1 month is 2026-02-28), as PostgreSQL's `date - interval` does.
 */
export function subtractMonths(day: string, months: number): string {
  const parts = parseDay(day);
  if (!parts) throw new RangeError(`not a day: ${day}`);
  const index = parts.year * 12 + (parts.month - 1) - months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(Math.min(parts.day, last))}`;
}

/** Which responses are past retention on `today`. */
export type RetentionCutoff =
  /** No retention set, or the day has not passed yet. */
  | { readonly kind: 'none' }
  /** The last day has passed: every response. */
  | { readonly kind: 'all' }
  /** Responses whose last moment (completed, else saved, else made) lies on a day before `day`. */
  | { readonly kind: 'before'; readonly day: string };

/**
 * The cut-off of a survey's retention on `today`. With months, a response completed on day D is
 * kept through D plus the months: 12 months after 2025-03-15 it goes on 2026-03-16.
 */
export function retentionCutoff(retention: SurveyRetention, today: string): RetentionCutoff {
  if (retention.retention_until !== null)
    return today > retention.retention_until ? { kind: 'all' } : { kind: 'none' };
  if (retention.retention_months !== null)
    return { kind: 'before', day: subtractMonths(today, retention.retention_months) };
  return { kind: 'none' };
}

const isWholeMonths = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= RETENTION_MONTHS_MIN &&
  value <= RETENTION_MONTHS_MAX;

/**
 * Checks PUT /surveys/:id/retention: each field null or valid, not both set, and no day before
 * `today` (a day in the past would anonymise at once, which is what erasing is for).
 */
export function validateRetention(
  input: { readonly retention_until?: unknown; readonly retention_months?: unknown },
  today: string,
): CheckedInput<SurveyRetention> {
  const until = input.retention_until ?? null;
  const months = input.retention_months ?? null;
  const fields: Record<string, string> = {};
  if (until !== null) {
    if (typeof until !== 'string' || parseDay(until) === null)
      fields.retention_until = RETENTION_MESSAGES.day;
    else if (until < today) fields.retention_until = RETENTION_MESSAGES.past;
  }
  if (months !== null && !isWholeMonths(months)) fields.retention_months = RETENTION_MESSAGES.months;
  if (Object.keys(fields).length === 0 && until !== null && months !== null) {
    fields.retention_until = RETENTION_MESSAGES.both;
    fields.retention_months = RETENTION_MESSAGES.both;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: { retention_until: until as string | null, retention_months: months as number | null },
  };
}

/** The retention form's choice. */
export type RetentionMode = 'none' | 'until' | 'months';

export interface RetentionForm {
  readonly mode: RetentionMode;
  /** The date field's value (`YYYY-MM-DD`, as `<input type="date">` gives it). */
  readonly until: string;
  /** The months field as typed. */
  readonly months: string;
}

/** The form's fields for a survey's current retention. */
export const retentionForm = (retention: SurveyRetention): RetentionForm => ({
  mode:
    retention.retention_until !== null ? 'until' : retention.retention_months !== null ? 'months' : 'none',
  until: retention.retention_until ?? '',
  months: retention.retention_months === null ? '' : String(retention.retention_months),
});

/** Checks the retention form as typed; the request to send when it is right. */
export function checkRetentionForm(form: RetentionForm, today: string): FormResult<SurveyRetention> {
  if (form.mode === 'none') return formOk(NO_RETENTION);
  if (form.mode === 'until') {
    const day = form.until.trim();
    if (day === '') return formInvalid({ retention_until: RETENTION_MESSAGES.day });
    const checked = validateRetention({ retention_until: day }, today);
    return checked.ok ? formOk(checked.value) : formInvalid(checked.fields);
  }
  const text = form.months.trim();
  const months = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  const checked = validateRetention({ retention_months: Number.isNaN(months) ? 'x' : months }, today);
  return checked.ok ? formOk(checked.value) : formInvalid(checked.fields);
}

/** One sentence saying the survey's retention, for the settings and the results page. */
export function retentionSummary(retention: SurveyRetention): string {
  if (retention.retention_until !== null)
    return `Antwoorden worden bewaard tot en met ${dayInWords(retention.retention_until)}.`;
  if (retention.retention_months !== null) {
    const months = retention.retention_months;
    return `Antwoorden worden ${months === 1 ? '1 maand' : `${months} maanden`} na het invullen geanonimiseerd.`;
  }
  return 'Geen bewaartermijn: antwoorden blijven bewaard tot je ze wist of de survey verwijdert.';
}
