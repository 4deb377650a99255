// The time estimate in French (see ESTIMATE_WORDS), loaded with its catalogue only (R-RESP-11).
const number = new Intl.NumberFormat('fr-FR').format;

/** Singular for 0 and 1, as French counts. */
export const estimateFr = (n: number): string => `± ${number(n)} ${n <= 1 ? 'minute' : 'minutes'}`;
