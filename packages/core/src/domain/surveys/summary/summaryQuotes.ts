import { foldWord, keyAt, wordsOf } from './dutchWords';

/** Longest quote shown; a longer sentence is cut at a word and ends in '…'. */
export const QUOTE_MAX_LENGTH = 200;
/** Quotes per theme. */
export const QUOTES_PER_THEME = 3;
/** A quote of fewer words says too little ('Werkdruk!'): taken only when nothing longer is there. */
const QUOTE_MIN_WORDS = 3;
/** Quotes are chosen among a theme's newest answers, this many: plenty to find three short ones. */
export const QUOTE_POOL = 200;

const SENTENCE = /[^.!?]+(?:[.!?]+|$)/g;

/** A text cut to `max` characters at the last space before it, with '…'; shorter texts as they are. */
export function trimQuote(text: string, max = QUOTE_MAX_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, '')}…`;
}

interface Candidate {
  readonly text: string;
  /** A whole sentence (or a whole answer) within the length: reads on its own. */
  readonly complete: boolean;
  readonly short: boolean;
  readonly order: number;
}

/** The sentence of an answer in which the key occurs (else the whole answer), as a quote. */
function candidateOf(answer: string, key: string, order: number): Candidate {
  const sentences = answer.match(SENTENCE) ?? [answer];
  const sentence = sentences.find((each) => keyAt(wordsOf(each), key) >= 0)?.trim() ?? answer.trim();
  const text = trimQuote(sentence);
  const whole = sentence === answer.trim();
  return {
    text,
    complete: !text.endsWith('…') && (whole || /[.!?]$/.test(sentence)),
    short: wordsOf(text).length < QUOTE_MIN_WORDS,
    order,
  };
}

/**
 * Up to three quotes for a theme from its newest `QUOTE_POOL` answers: the sentence that holds the
 * theme's key, preferring whole sentences of three words or more, shortest first (they read at a
 * glance), then the newest; the same text (case and accents aside) only once.
 */
export function themeQuotes(answers: readonly string[], key: string): string[] {
  const candidates = answers
    .slice(0, QUOTE_POOL)
    .map((answer, order) => candidateOf(answer, key, order))
    .sort(
      (a, b) =>
        Number(a.short) - Number(b.short) ||
        Number(b.complete) - Number(a.complete) ||
        a.text.length - b.text.length ||
        a.order - b.order,
    );
  const seen = new Set<string>();
  const quotes: string[] = [];
  for (const candidate of candidates) {
    const folded = foldWord(candidate.text.toLocaleLowerCase('nl'));
    if (candidate.text === '' || seen.has(folded)) continue;
    seen.add(folded);
    quotes.push(candidate.text);
    if (quotes.length === QUOTES_PER_THEME) break;
  }
  return quotes;
}
