// The time estimate in German (see ESTIMATE_WORDS), loaded with its catalogue only (R-RESP-11).
const number = new Intl.NumberFormat('de-DE').format;

export const estimateDe = (n: number): string => `± ${number(n)} ${n === 1 ? 'Minute' : 'Minuten'}`;
