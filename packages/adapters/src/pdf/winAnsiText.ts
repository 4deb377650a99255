/**
 * jsPDF's built-in Helvetica draws WinAnsi (Windows-1252) text only: one character it cannot
 * encode turns the whole string into two-byte codes the font does not have, and the line becomes
 * gibberish. Text is therefore brought into WinAnsi before it is measured or drawn.
 */

/** The characters Windows-1252 has at 0x80–0x9F; jsPDF maps them to those bytes itself. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Control and format characters (zero-width spaces, direction marks): nothing to draw. */
const INVISIBLE = /^[\p{Cc}\p{Cf}]$/u;

/** Shown for a character WinAnsi has no place for (emoji, most scripts beyond Latin). */
export const UNDRAWABLE = '?';

const drawable = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
};

/**
 * `text` in characters Helvetica can draw: each other character by its compatibility form without
 * accents when that can be drawn ('ĳ' → 'ij', 'ő' → 'o', 'ﬁ' → 'fi'), else '?'. Control and format
 * characters go.
 */
export function winAnsiText(text: string): string {
  let plain = true;
  for (const char of text) {
    if (!drawable(char)) {
      plain = false;
      break;
    }
  }
  if (plain) return text;
  let out = '';
  for (const char of text) {
    if (drawable(char)) {
      out += char;
      continue;
    }
    if (INVISIBLE.test(char)) continue;
    const folded = char.normalize('NFKD').replace(/\p{M}+/gu, '');
    out += folded !== '' && Array.from(folded).every(drawable) ? folded : UNDRAWABLE;
  }
  return out;
}
