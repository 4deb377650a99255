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

/**
 * `text` as lines no wider than `width` in `font`: words fill a line until the next would not fit;
 * a word wider than a whole line is broken over as many lines as it needs. White space between
 * words becomes one space; an empty text gives no lines.
 */
export function wrapText(text: string, width: number, font: PdfFont, measure: TextMeasure): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure.width(candidate, font) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    if (measure.width(word, font) <= width) continue;
    // Code points, so a character outside the basic plane is never cut in half.
    let rest = Array.from(word);
    while (rest.length > 0 && measure.width(rest.join(''), font) > width) {
      const cut = fittingPrefix(rest, width, font, measure);
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line !== '') lines.push(line);
  return lines;
}
