import { DUTCH_STOP_WORDS } from './dutchStopWords';

/**
 * Words of Dutch answers as the summariser compares them: lower case, accents folded ('één' and
 * 'een', 'café' and 'cafe' are one word), split on everything that is not a letter or a digit, with
 * plural endings folded so 'laptop' and 'laptops', 'vergadering' and 'vergaderingen' group.
 */
export interface Word {
  /** As written, in lower case (accents kept): what a theme's label shows. */
  readonly surface: string;
  /** The grouping key: folded and with a plural ending taken off. */
  readonly stem: string;
  /** A stop word or a word too short or numeric to name a theme. */
  readonly stop: boolean;
  /** Punctuation ('.', ',', ';' …) stands between this word and the one before: no phrase spans it. */
  readonly breakBefore: boolean;
}

/** Letters and digits; "collega's" stays one word, so its label reads as written. */
const WORD = /[\p{L}\p{N}]+(?:['’]s(?![\p{L}\p{N}]))?/gu;
const APOSTROPHE_S = /['’]s$/;
const ASCII_WORD = /^[a-z0-9]+$/;
const DIGITS = /^\d+$/;
/** Punctuation that ends a clause; a space, a hyphen or an apostrophe does not. */
const CLAUSE_BREAK = /[.!?;:,()[\]{}"“”«»/\\|\n…]/;

/** Lower case without diacritics ('Één' → 'een'), as the results search folds. */
export const foldWord = (word: string): string =>
  ASCII_WORD.test(word) ? word : word.normalize('NFD').replace(/\p{M}/gu, '').replace(APOSTROPHE_S, 's');

/**
 * The grouping key of a folded word: Dutch plurals and verb forms in -en ('vergaderingen',
 * 'werken') and plurals in -s ('laptops', 'collega' of "collega's" is already split off) lose the
 * ending. Deliberately light, not a full stemmer: it only has to make a word and its plural meet,
 * and a key is never shown (the label is the most written form).
 */
export function stemOf(folded: string): string {
  if (folded.length > 5 && folded.endsWith('en')) return folded.slice(0, -2);
  if (folded.length > 4 && folded.endsWith('s') && !folded.endsWith('ss')) return folded.slice(0, -1);
  return folded;
}

/** Whether a folded word can name a theme: three letters or more, not a number, not a stop word. */
const isStop = (folded: string): boolean =>
  folded.length < 3 || DIGITS.test(folded) || DUTCH_STOP_WORDS.has(folded);

/** Whether the text between two words ends a clause (most often it is one space: no). */
const breaksClause = (gap: string): boolean => gap !== ' ' && CLAUSE_BREAK.test(gap);

/** The words of a text in order. */
export function wordsOf(text: string): Word[] {
  const lower = text.toLowerCase();
  const words: Word[] = [];
  let end = 0;
  for (const match of lower.matchAll(WORD)) {
    const surface = match[0];
    const start = match.index;
    const folded = foldWord(surface);
    words.push({
      surface,
      stem: stemOf(folded),
      stop: isStop(folded),
      breakBefore: words.length > 0 && breaksClause(lower.slice(end, start)),
    });
    end = start + surface.length;
  }
  return words;
}

/** How many words of up to three a key holds ('werkdruk' 1, 'betere laptop' 2). */
export const wordCount = (key: string): number => key.split(' ').length;

/**
 * The keys a text shares with others, each once: every content word's stem, every two adjacent
 * content words ('trage laptop'), and three words whose first and last are content words
 * ('avond en weekenddienst'). No phrase crosses punctuation.
 */
export function keysOf(words: readonly Word[]): Set<string> {
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const first = words[i] as Word;
    if (first.stop) continue;
    keys.add(first.stem);
    const second = words[i + 1];
    if (second === undefined || second.breakBefore) continue;
    if (!second.stop) keys.add(`${first.stem} ${second.stem}`);
    const third = words[i + 2];
    if (third !== undefined && !third.breakBefore && !third.stop)
      keys.add(`${first.stem} ${second.stem} ${third.stem}`);
  }
  return keys;
}

/**
 * Where a key occurs in the words: the index of its first word, or -1. Used to find the written
 * form of a key and the sentence a quote is taken from.
 */
export function keyAt(words: readonly Word[], key: string): number {
  const parts = key.split(' ');
  outer: for (let i = 0; i + parts.length <= words.length; i++) {
    for (let k = 0; k < parts.length; k++) {
      const word = words[i + k] as Word;
      if (word.stem !== parts[k] || (k > 0 && word.breakBefore)) continue outer;
    }
    if ((words[i] as Word).stop || (words[i + parts.length - 1] as Word).stop) continue;
    return i;
  }
  return -1;
}
