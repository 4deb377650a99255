import { type OpenAnswerTheme, SUMMARY_MIN_ANSWERS } from '../../contract';
import { createPersonalDataMasker, type PersonalDataMasker, PLACEHOLDER_PATTERN } from '../../privacy';
import { keyAt, keysOf, wordCount, wordsOf } from './dutchWords';
import { QUOTE_POOL, themeQuotes } from './summaryQuotes';

/** What an analyst is given to summarise: the open question and its answers' texts, newest first. */
export interface OpenAnswerSummaryInput {
  readonly question: string;
  readonly texts: readonly string[];
  /**
   * The names of the organisation's contacts and members, masked wherever an answer or the question
   * writes one (R-PRIV-7); none: only the other kinds of personal data are masked.
   */
  readonly names?: readonly string[];
}

/** A summary as an analyst makes it (the route adds who, when and of what). */
export interface SummaryThemes {
  /** The answers it rests on. */
  readonly considered: number;
  /** Largest first. */
  readonly themes: readonly OpenAnswerTheme[];
  /** Considered answers about none of the themes. */
  readonly other: number;
}

/** At most this many themes: more is a list nobody reads, and the rest is 'Overig'. */
export const SUMMARY_THEMES_MAX = 8;
/** The newest answers the built-in summariser reads (10,000 take about 100 ms, docs/benchmarks.md). */
export const SUMMARY_ANSWERS_MAX = 10_000;
/** A theme is shared by at least this share of the answers (and always by two). */
const THEME_MIN_SHARE = 0.01;
/**
 * How much a phrase counts over a single word for the same answers: 'betere laptops' names a theme
 * better than 'laptops', so a phrase wins when it covers two thirds of what its word covers.
 */
const KEY_WEIGHTS = [1, 1.5, 1.6] as const;

const byLabel = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

interface Candidate {
  readonly key: string;
  readonly answers: number[];
  readonly weight: number;
  /** Its first and last word: a theme sharing either with a chosen one would repeat it. */
  readonly ends: readonly string[];
}

/** The answers as the summariser reads them: the newest, personal data masked (R-PRIV-4), not blank. */
export const summaryAnswers = (texts: readonly string[], masker: PersonalDataMasker): string[] =>
  texts
    .slice(0, SUMMARY_ANSWERS_MAX)
    .map((text) => masker.mask(text))
    .filter((text) => text !== '');

/** For each key (word or phrase), the answers that hold it, in answer order. */
function keyIndex(answers: readonly string[]): Map<string, number[]> {
  const index = new Map<string, number[]>();
  answers.forEach((answer, position) => {
    for (const key of keysOf(wordsOf(answer.replace(PLACEHOLDER_PATTERN, '.')))) {
      const holding = index.get(key);
      if (holding === undefined) index.set(key, [position]);
      else holding.push(position);
    }
  });
  return index;
}

/**
 * Greedy, like a set cover: again and again the key whose not yet covered answers weigh most,
 * until there are `SUMMARY_THEMES_MAX` or no key adds `minimum` answers. Candidates are sorted by
 * what they could add at most, so the search stops as soon as none can beat the best.
 */
function chooseThemes(index: Map<string, number[]>, total: number, minimum: number): Candidate[] {
  const candidates: Candidate[] = [];
  for (const [key, answers] of index) {
    if (answers.length < minimum) continue;
    const words = key.split(' ');
    candidates.push({
      key,
      answers,
      weight: KEY_WEIGHTS[words.length - 1] ?? 1,
      ends: [words[0] as string, words.at(-1) as string],
    });
  }
  const bound = (candidate: Candidate) => candidate.answers.length * candidate.weight;
  candidates.sort((a, b) => bound(b) - bound(a) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const covered = new Uint8Array(total);
  const usedWords = new Set<string>();
  const chosen: Candidate[] = [];
  while (chosen.length < SUMMARY_THEMES_MAX) {
    let best: Candidate | null = null;
    let bestScore = 0;
    for (const candidate of candidates) {
      if (bound(candidate) <= bestScore) break;
      if (candidate.ends.some((word) => usedWords.has(word))) continue;
      let added = 0;
      for (const answer of candidate.answers) if (covered[answer] === 0) added++;
      if (added < minimum) continue;
      const score = added * candidate.weight;
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    if (best === null) break;
    chosen.push(best);
    for (const word of best.ends) usedWords.add(word);
    for (const answer of best.answers) covered[answer] = 1;
  }
  return chosen;
}

/** The most written form of a key among the answers ('laptops' over 'laptop'), capitalised. */
function labelOf(key: string, answers: readonly string[]): string {
  const length = wordCount(key);
  const forms = new Map<string, number>();
  for (const answer of answers.slice(0, QUOTE_POOL)) {
    const words = wordsOf(answer);
    const at = keyAt(words, key);
    if (at < 0) continue;
    const form = words
      .slice(at, at + length)
      .map((word) => word.surface)
      .join(' ');
    forms.set(form, (forms.get(form) ?? 0) + 1);
  }
  const [label = key] = [...forms].sort((a, b) => b[1] - a[1] || byLabel.compare(a[0], b[0]))[0] ?? [];
  return label.charAt(0).toLocaleUpperCase('nl') + label.slice(1);
}

/**
 * The built-in summariser: the themes of an open question's answers by the words and phrases they
 * share (Dutch stop words left out, accents and plurals folded), each with how many answers mention
 * it and up to three quotes, and how many answers share none ('Overig'). Deterministic: the same
 * answers in the same order give the same summary. Fewer than `SUMMARY_MIN_ANSWERS` answers give no themes.
 * Personal data is masked first (R-PRIV-4), with the organisation's people's `names`: a quote never
 * shows it, and a placeholder is never a theme.
 */
export function summariseOpenAnswers(texts: readonly string[], names: readonly string[] = []): SummaryThemes {
  const answers = summaryAnswers(texts, createPersonalDataMasker(names));
  const total = answers.length;
  if (total < SUMMARY_MIN_ANSWERS) return { considered: total, themes: [], other: total };
  const minimum = Math.max(2, Math.ceil(total * THEME_MIN_SHARE));
  const chosen = chooseThemes(keyIndex(answers), total, minimum);
  const inTheme = new Uint8Array(total);
  const themes = chosen.map((candidate): OpenAnswerTheme => {
    for (const answer of candidate.answers) inTheme[answer] = 1;
    const own = candidate.answers.map((answer) => answers[answer] as string);
    return { label: labelOf(candidate.key, own), count: own.length, quotes: themeQuotes(own, candidate.key) };
  });
  themes.sort((a, b) => b.count - a.count || byLabel.compare(a.label, b.label));
  return { considered: total, themes, other: total - inTheme.reduce((sum, flag) => sum + flag, 0) };
}
