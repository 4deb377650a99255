import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
import { createNameMatcher, NAME_PLACEHOLDER } from './personNames';

/**
 * Personal data out of free text before it goes into any prompt for a language model (R-PRIV-4 to
 * R-PRIV-8): bank accounts, citizen service numbers, e-mail addresses, phone numbers, addresses and
 * the names of the organisation's people, each replaced by a Dutch placeholder in square brackets.
 * Pure and fast: a few regular expressions over the text and one walk of the name trie.
 */

/** What each kind of personal data becomes (R-PRIV-4). */
export const PLACEHOLDERS = {
  iban: '[IBAN]',
  bsn: '[BSN]',
  email: '[e-mailadres]',
  phone: '[telefoonnummer]',
  address: '[adres]',
  name: NAME_PLACEHOLDER,
} as const;

/** Any placeholder in a masked text: never a theme word, and no phrase runs through one. */
export const PLACEHOLDER_PATTERN = /\[(?:IBAN|BSN|e-mailadres|telefoonnummer|adres|naam)\]/g;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const PHONE = /(?:\+|\b0)\d[\d\s-]{7,}\d/g;
const DIGIT = /\d/;

/** Something shaped like an IBAN: a country, two check digits, then letters and digits, spaces allowed. */
const IBAN_SHAPE = /\b[a-z]{2}\d{2}(?:[ -]?[a-z0-9]){10,32}/gi;
const IBAN_LENGTHS = new Map(
  Object.entries(getCountrySpecifications())
    .filter(([, country]) => typeof country.chars === 'number')
    .map(([code, country]) => [code, country.chars as number]),
);

/** The IBAN at the start of an IBAN-shaped run (mod-97, the country's length and format), and where it ends in `run`. */
function ibanAt(run: string): number {
  const compact = electronicFormatIBAN(run) ?? '';
  const length = IBAN_LENGTHS.get(compact.slice(0, 2).toUpperCase());
  if (length === undefined || compact.length < length) return -1;
  if (!isValidIBAN(compact.slice(0, length).toUpperCase())) return -1;
  let seen = 0;
  for (let index = 0; index < run.length; index++) {
    if (/[a-z0-9]/i.test(run.charAt(index))) seen++;
    if (seen === length) return index + 1;
  }
  return -1;
}

/** Each IBAN in the text: a shaped run is cut at its country's length, and the search goes on after the IBAN (or the run's first letter). */
function maskIbans(text: string): string {
  const shape = IBAN_SHAPE;
  shape.lastIndex = 0;
  let out = '';
  let copied = 0;
  for (let match = shape.exec(text); match !== null; match = shape.exec(text)) {
    const end = ibanAt(match[0]);
    if (end < 0) {
      shape.lastIndex = match.index + 1;
      continue;
    }
    out += text.slice(copied, match.index) + PLACEHOLDERS.iban;
    copied = match.index + end;
    shape.lastIndex = copied;
  }
  return out + text.slice(copied);
}

/**
 * Nine digits, together or grouped as on a passport ('1234.56.782', '123 456 782'), not inside a
 * longer number and not an amount ('123.456.789' is a number with thousands dots: not taken).
 */
const BSN_SHAPE = /(?<![\p{N}.,])(?:\d{9}|\d{4}([ .])\d{2}\1\d{3}|\d{3} \d{3} \d{3})(?!\p{N}|[.,]\p{N})/gu;

/** The Dutch 11-proef of a citizen service number: 9×d1 + 8×d2 + … + 2×d8 − 1×d9 divisible by 11, not all zeros. */
export function isBsn(digits: string): boolean {
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < 8; index++) sum += (9 - index) * Number(digits[index]);
  return (sum - Number(digits[8])) % 11 === 0;
}

const maskBsns = (text: string): string =>
  text.replace(BSN_SHAPE, (run) => (isBsn(run.replace(/\D/g, '')) ? PLACEHOLDERS.bsn : run));

/** Words after a number that make it a quantity, not a house number: 'supermarkt 24 uur open'. */
const UNITS =
  'keer|x|uur|u|dag|dagen|week|weken|maand|maanden|jaar|jaren|min|minuten|sec|seconden|km|kilometer|meter|m|' +
  "procent|%|euro|eur|€|personen|mensen|man|medewerkers|collega|collega's|stuks|plekken|plaatsen";
/** A house number with what may follow it: '12', '12a', '12 A', '12-3', '12/2', '3 bis', '7 hs'. */
const HOUSE = String.raw`\d{1,5}(?!\d|[.,]\d|\s*(?:${UNITS})(?!\p{L}))(?:\s?(?:bis|hs|huis|boven|beneden|zw|rd)\b|\s?[-/]\s?\d{1,4}\b|\s?[a-zA-Z]\b)?`;
/** The last part of a Dutch street name. */
const STREET_ENDS = [
  'straat',
  'weg',
  'laan',
  'plein',
  'gracht',
  'kade',
  'singel',
  'dijk',
  'pad',
  'hof',
  'steeg',
  'dreef',
  'park',
  'markt',
  'baan',
  'allee',
  'plantsoen',
  'burgwal',
  'vaart',
  'boulevard',
  'wetering',
] as const;
const ENDS = STREET_ENDS.join('|');
const CAPITALISED_ENDS = STREET_ENDS.map((end) => end.charAt(0).toUpperCase() + end.slice(1)).join('|');
/** Small words inside a street name: 'Laan van Meerdervoort', 'Weg naar Zee', 'Kade aan de Vaart'. */
const LINKS = "van|der|de|den|het|'t|ten|ter|op|aan|in|bij|voor|naar|achter|over|tussen";
/**
 * A street and its number: a word ending in a street word ('Kerkstraat 12', 'dorpsweg 3 bis'), a
 * street word with a capital on its own ('Markt 12'), or one that opens a name of several words
 * ('Laan van Meerdervoort 1a', 'Weg naar Zee 3').
 */
const STREET = new RegExp(
  String.raw`(?:\b\p{L}[\p{L}'\u2019-]*?(?:${ENDS})|\b(?:${CAPITALISED_ENDS})(?:(?:\s+(?:${LINKS}))+(?:\s+\p{Lu}[\p{L}'\u2019-]*)+)?)` +
    String.raw`\s+${HOUSE}`,
  'gu',
);
/** A street word alone in lower case is ordinary Dutch ('de weg 3 keer', 'een park 2 keer'). */
const PLAIN_STREET_WORD = new RegExp(String.raw`^(?:${ENDS})\s`, 'u');

/** Two-letter Dutch words a postcode's letters could be when written in lower case ('1200 en 12'). */
const SHORT_WORDS = new Set(
  'aa al als at da de di du ed en er eh ga ha he hé ik in is ja je jo la me na nu of oh ok om op ow re so te to tv we wc ze zo'.split(
    ' ',
  ),
);

/** A Dutch postcode ('1234 AB', '1234ab'), with its house number when one follows ('1234 AB 12', '1234 ab, 12-3'). */
const POSTCODE = new RegExp(String.raw`\b[1-9]\d{3}\s?([a-zA-Z]{2})\b(?:,?\s*${HOUSE})?`, 'gu');

const maskPostcodes = (text: string): string =>
  text.replace(POSTCODE, (run, letters: string) =>
    letters === letters.toUpperCase() || !SHORT_WORDS.has(letters.toLowerCase()) ? PLACEHOLDERS.address : run,
  );

const maskStreets = (text: string): string =>
  text.replace(STREET, (run) => (PLAIN_STREET_WORD.test(run) ? run : PLACEHOLDERS.address));

/** One masker for one organisation: its people's names built in once, applied to many texts. */
export interface PersonalDataMasker {
  /** The text with every kind of personal data replaced, whitespace made single spaces, trimmed. */
  mask(text: string): string;
}

/**
 * Builds the masker for the names of an organisation's contacts and members (none: everything but
 * names). The order matters: an e-mail address is taken before its digits are, an IBAN's digits
 * are not a phone number, a citizen service number goes before the phone pattern sees nine digits,
 * and names come last (a street may carry one).
 */
export function createPersonalDataMasker(names: Iterable<string> = []): PersonalDataMasker {
  const matcher = createNameMatcher(names);
  return {
    mask(text) {
      let masked = text.includes('@') ? text.replace(EMAIL, PLACEHOLDERS.email) : text;
      // Every kind but e-mail addresses and names has digits: most answers have none.
      if (DIGIT.test(masked))
        masked = maskStreets(maskPostcodes(maskBsns(maskIbans(masked)).replace(PHONE, PLACEHOLDERS.phone)));
      return matcher.mask(masked).replace(/\s+/g, ' ').trim();
    },
  };
}
