/**
 * From how many characters left an open answer's counter follows every key: the last tenth of the
 * limit, and never fewer than ten, so a respondent sees the limit coming before the field stops
 * taking keys.
 */
export const countsEveryKeyFrom = (limit: number): number => Math.max(10, Math.ceil(limit / 10));
