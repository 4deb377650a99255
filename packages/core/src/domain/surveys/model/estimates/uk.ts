// The time estimate in Ukrainian (see ESTIMATE_WORDS), loaded with its catalogue only (R-RESP-11).
import { pluralOf } from '../../../format';

const number = new Intl.NumberFormat('uk-UA').format;
const plural = pluralOf('uk-UA');

/** As Polish counts: 1 хвилина, 2–4 хвилини, 5–20 хвилин (11–14 too). */
export const estimateUk = (n: number): string =>
  `± ${number(n)} ${plural(n, { one: 'хвилина', few: 'хвилини', many: 'хвилин', other: 'хвилини' })}`;
