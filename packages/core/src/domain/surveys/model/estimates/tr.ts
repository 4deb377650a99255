// The time estimate in Turkish (see ESTIMATE_WORDS), loaded with its catalogue only (R-RESP-11).
const number = new Intl.NumberFormat('tr-TR').format;

/** Turkish keeps the noun singular after a number. */
export const estimateTr = (n: number): string => `± ${number(n)} dakika`;
