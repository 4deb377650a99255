import type { ImportEncoding } from '../contract';

/**
 * How an uploaded text file's bytes are read, in one place for the server and the screens: banks
 * and Excel write UTF-8 (with or without a byte order mark), Windows-1252 (Excel's 'CSV
 * (puntkomma gescheiden)' on a Dutch Windows) or UTF-16 ('Unicode tekst'). UTF-16 announces
 * itself with a byte order mark; anything else is UTF-8 when it is valid UTF-8 and Windows-1252
 * otherwise: Windows-1252 text with an accent ('café', é = 0xE9) is never valid UTF-8, and pure
 * ASCII reads the same either way. Core has no TextDecoder (no DOM, no Node types), so decoding is
 * written out; the server decodes large files with Node's own TextDecoder after `detectTextEncoding`.
 */

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

/** The length of the UTF-8 sequence a lead byte starts; 0 for a byte that cannot lead one. */
const sequenceLength = (lead: number): number =>
  lead < 0x80
    ? 1
    : lead >= 0xc2 && lead < 0xe0
      ? 2
      : lead >= 0xe0 && lead < 0xf0
        ? 3
        : lead >= 0xf0 && lead < 0xf5
          ? 4
          : 0;

/**
 * Strict UTF-8 (no overlong forms, surrogates or code points past U+10FFFF) as code points, or
 * null. `truncated`: the bytes are the start of a longer file, so a sequence cut off at the very end
 * is dropped rather than refused.
 */
function utf8CodePoints(bytes: Uint8Array, truncated: boolean, collect: boolean): number[] | null {
  const points: number[] = [];
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      if (collect) points.push(lead);
      i++;
      continue;
    }
    const length = sequenceLength(lead);
    if (length === 0) return null;
    if (i + length > bytes.length) {
      // Only continuation bytes may follow the lead up to the end for a sequence that was cut off.
      const tail = bytes.subarray(i + 1);
      return truncated && tail.every((byte) => (byte & 0xc0) === 0x80) ? points : null;
    }
    let code = lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k] as number;
      if ((next & 0xc0) !== 0x80) return null;
      code = (code << 6) | (next & 0x3f);
    }
    const minimum = [0, 0, 0x80, 0x800, 0x10000][length] as number;
    if (code < minimum || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
    if (collect) points.push(code);
    i += length;
  }
  return points;
}

/** Windows-1252's characters for the bytes 0x80–0x9F (the rest are Latin-1); undefined bytes stay U+FFFD. */
const WINDOWS_1252_HIGH = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

/** The encoding of a file's bytes (or of its start, `truncated`), as the server reads it. */
export function detectTextEncoding(
  bytes: Uint8Array,
  options: { readonly truncated?: boolean } = {},
): ImportEncoding {
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  return utf8CodePoints(bytes, options.truncated === true, false) === null ? 'windows-1252' : 'utf-8';
}

/** Code points to text, in slices (String.fromCodePoint takes only so many arguments). */
function fromCodePoints(points: readonly number[]): string {
  let text = '';
  for (let start = 0; start < points.length; start += 8192)
    text += String.fromCodePoint(...points.slice(start, start + 8192));
  return text;
}

function utf16Text(bytes: Uint8Array, littleEndian: boolean): string {
  const units: number[] = [];
  // The byte order mark's two bytes are skipped; an odd last byte is the cut-off half of a unit.
  for (let i = 2; i + 1 < bytes.length; i += 2)
    units.push(
      littleEndian
        ? (bytes[i] as number) | ((bytes[i + 1] as number) << 8)
        : ((bytes[i] as number) << 8) | (bytes[i + 1] as number),
    );
  let text = '';
  for (let start = 0; start < units.length; start += 8192)
    text += String.fromCharCode(...units.slice(start, start + 8192));
  return text;
}

/**
 * A file's bytes (or its start, `truncated`) as text, with the encoding they were read in; a
 * leading byte order mark is dropped.
 */
export function decodeTextBytes(
  bytes: Uint8Array,
  options: { readonly truncated?: boolean } = {},
): { readonly text: string; readonly encoding: ImportEncoding } {
  const encoding = detectTextEncoding(bytes, options);
  let text: string;
  if (encoding === 'utf-16le' || encoding === 'utf-16be') text = utf16Text(bytes, encoding === 'utf-16le');
  else if (encoding === 'utf-8')
    text = fromCodePoints(utf8CodePoints(bytes, options.truncated === true, true) ?? []);
  else {
    text = '';
    for (const byte of bytes)
      text += byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return { text: text.replace(/^\uFEFF/, ''), encoding };
}
