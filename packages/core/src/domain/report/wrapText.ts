import type { PdfFont } from './pdfDocument';
import type { TextMeasure } from './reportPorts';

/**
 * The longest start of `chars` (at least one character) that fits `width`, by halving: a word
 * longer than a line is cut where the line is full.
 */
function fittingPrefix(chars: readonly string[], width: number, font: PdfFont, measure: TextMeasure): number {
  let low = 1;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (measure.width(chars.slice(0, middle).join(''), font) <= width) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** A word wider than a line, cut into pieces that each fit (code points, never half a character). */
function breakWord(word: string, width: number, font: PdfFont, measure: TextMeasure): string[] {
  const pieces: string[] = [];
  let rest = Array.from(word);
  while (rest.length > 0 && measure.width(rest.join(''), font) > width) {
    const cut = fittingPrefix(rest, width, font, measure);
    pieces.push(rest.slice(0, cut).join(''));
    rest = rest.slice(cut);
  }
  if (rest.length > 0) pieces.push(rest.join(''));
  return pieces;
}

/** Greedy wrapping that measures every candidate line whole: exact for any metrics. */
function wrapExactly(words: readonly string[], width: number, font: PdfFont, measure: TextMeasure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure.width(candidate, font) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    const pieces = measure.width(word, font) <= width ? [word] : breakWord(word, width, font, measure);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? '';
  }
  if (line !== '') lines.push(line);
  return lines;
}

/**
 * `text` as lines no wider than `width` in `font`: words fill a line until the next would not fit;
 * a word wider than a whole line is broken over as many lines as it needs. White space between
 * words becomes one space; an empty text gives no lines.
 *
 * Each word is measured once and a line's width estimated as the sum of its words and spaces; the
 * line is then measured whole, and only where kerning made the sum too small is it wrapped again
 * measuring every candidate (a 50-page report measures about twice its text instead of fifteen times).
 */
export function wrapText(text: string, width: number, font: PdfFont, measure: TextMeasure): string[] {
  const space = measure.width(' ', font);
  const lines: string[] = [];
  let words: string[] = [];
  let estimate = 0;
  /** Ends the current line; where it is too wide after all, its exact wrapping's last line stays open. */
  const endLine = (final: boolean) => {
    if (words.length === 0) return;
    const line = words.join(' ');
    if (measure.width(line, font) <= width) {
      lines.push(line);
      words = [];
      estimate = 0;
      return;
    }
    const exact = wrapExactly(words, width, font, measure);
    const open = final ? undefined : exact.pop();
    lines.push(...exact);
    words = open === undefined ? [] : open.split(' ');
    estimate = open === undefined ? 0 : measure.width(open, font);
  };
  /** Adds a word to the current line if the estimate says it fits (the first word always does). */
  const append = (word: string, wordWidth: number): boolean => {
    if (words.length > 0 && estimate + space + wordWidth > width) return false;
    estimate += (words.length > 0 ? space : 0) + wordWidth;
    words.push(word);
    return true;
  };
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const wordWidth = measure.width(word, font);
    if (wordWidth <= width) {
      if (append(word, wordWidth)) continue;
      endLine(false);
      if (append(word, wordWidth)) continue;
      endLine(true);
      append(word, wordWidth);
      continue;
    }
    endLine(true);
    const pieces = breakWord(word, width, font, measure);
    lines.push(...pieces.slice(0, -1));
    const last = pieces.at(-1) ?? '';
    append(last, measure.width(last, font));
  }
  endLine(true);
  return lines;
}
