/**
 * One line of text where a single line is meant (R-TEXT-1): an organisation's name, a survey's
 * title, a person's name. Line breaks, tabs and the other whitespace controls (CR, LF, TAB, VT, FF,
 * NEL, U+2028, U+2029) become a space; every other control character (NUL and the rest of C0, DEL,
 * C1) and the bidirectional embedding, override and isolate marks, which turn text around where it
 * is shown, are taken out; runs of whitespace become one space; the ends are trimmed. Nothing is
 * refused: what is left is what the person typed, on one line (a blank result is the field's own
 * 'required' error).
 */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const CONTROLS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

export const singleLine = (text: string): string =>
  text.replace(BREAKS, ' ').replace(CONTROLS, '').replace(/\s+/g, ' ').trim();

/** Whether `text` is already one line as `singleLine` makes it. */
export const isSingleLine = (text: string): boolean => singleLine(text) === text;
