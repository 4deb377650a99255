// The time estimate in Arabic (see ESTIMATE_WORDS), loaded with its catalogue only (R-RESP-11).
import { pluralOf } from '../../../format';

/** Western digits, as on the answering page's score buttons. */
const number = new Intl.NumberFormat('ar-u-nu-latn').format;
const plural = pluralOf('ar');

/**
 * Arabic counts in six forms: one and two without the number (دقيقة واحدة، دقيقتان), 3–10 with a
 * plural (3 دقائق), 11 and on with a singular (11 دقيقة).
 */
export const estimateAr = (n: number): string => {
  const s = number(n);
  return `± ${plural(n, { one: 'دقيقة واحدة', two: 'دقيقتان', few: `${s} دقائق`, many: `${s} دقيقة`, other: `${s} دقيقة` })}`;
};
