// The time estimate in Polish (see ESTIMATE_WORDS), loaded with its catalogue only (R-RESP-11).
import { pluralOf } from '../../../format';

const number = new Intl.NumberFormat('pl-PL').format;
const plural = pluralOf('pl-PL');

/** 1 minuta, 2–4 minuty (22–24, …), 5–21 minut (25–31, …). */
export const estimatePl = (n: number): string =>
  `± ${number(n)} ${plural(n, { one: 'minuta', few: 'minuty', many: 'minut', other: 'minuty' })}`;
