// The time estimate in English (see ESTIMATE_WORDS); a module per language, so the answering page
// loads it with that language's catalogue only (R-RESP-11).
const number = new Intl.NumberFormat('en-GB').format;

export const estimateEn = (n: number): string => `± ${number(n)} ${n === 1 ? 'minute' : 'minutes'}`;
