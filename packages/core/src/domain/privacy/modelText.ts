import { decode } from 'he';
import { singleLine } from '../shared';
import { type PersonalDataMasker, PLACEHOLDER_PATTERN } from './personalData';

/**
 * What a language model writes for a person to read on a screen (a theme label, a quote) made plain
 * text without personal data (R-PRIV-9): HTML comments and tags out, character references decoded
 * once (what that decoding yields is text, and tags it spells are taken out as well), Markdown's
 * emphasis and links reduced to their words, one line (R-TEXT-1's `singleLine`), and the
 * masker run again, because a model may echo a name it saw anywhere.
 */

const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const TAG = /<\/?[a-zA-Z][^<>]*>/g;
/** Markdown links and images: '[tekst](https://…)' → 'tekst'. */
const LINK = /!?\[([^\]]*)\]\([^)]*\)/g;
/** Markdown emphasis, code and heading marks. */
const MARKS = /[*_`~]+|^#+\s*/g;

const untagged = (text: string): string => text.replace(COMMENT, ' ').replace(TAG, ' ');

/** The model's text as plain, masked text; '' when nothing is left. */
export function plainModelText(text: string, masker: PersonalDataMasker): string {
  const plain = singleLine(untagged(decode(untagged(text), { isAttributeValue: false })))
    .replace(LINK, '$1')
    .replace(MARKS, '');
  return masker.mask(plain);
}

/** Whether a text says nothing but placeholders and punctuation ('[naam]', '[naam] - [adres]'). */
export const onlyPlaceholders = (text: string): boolean =>
  text.replace(PLACEHOLDER_PATTERN, '').replace(/[\s\p{P}\p{S}]/gu, '') === '';
