import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTextBytes, detectTextEncoding } from './textEncoding';

/** UTF-8 bytes of a text (core's tests have no TextEncoder: no DOM, no Node types). */
const utf8Bytes = (text: string): Uint8Array =>
  Uint8Array.from(unescape(encodeURIComponent(text)), (char) => char.charCodeAt(0));

/** 'Café de Zoë' as Excel saves it on a Dutch Windows: é is 0xE9, ë 0xEB. */
const WINDOWS_1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x64, 0x65, 0x20, 0x5a, 0x6f, 0xeb]);

describe('detectTextEncoding and decodeTextBytes', () => {
  it("should read Excel's Windows-1252 as Windows-1252, not as broken UTF-8", () => {
    expect(detectTextEncoding(WINDOWS_1252)).toBe('windows-1252');
    expect(decodeTextBytes(WINDOWS_1252)).toEqual({ text: 'Café de Zoë', encoding: 'windows-1252' });
    expect(decodeTextBytes(new Uint8Array([0x80, 0x20, 0x35, 0x93, 0x61, 0x94])).text).toBe('€ 5“a”');
  });

  it('should read UTF-8 with or without a byte order mark, and UTF-16 after its byte order mark', () => {
    expect(decodeTextBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8Bytes('Café de Zoë')]))).toEqual({
      text: 'Café de Zoë',
      encoding: 'utf-8',
    });
    const utf16le = new Uint8Array([0xff, 0xfe, ...[...'Zoë'].flatMap((char) => [char.charCodeAt(0), 0])]);
    expect(decodeTextBytes(utf16le)).toEqual({ text: 'Zoë', encoding: 'utf-16le' });
    const utf16be = new Uint8Array([0xfe, 0xff, ...[...'Zoë'].flatMap((char) => [0, char.charCodeAt(0)])]);
    expect(decodeTextBytes(utf16be)).toEqual({ text: 'Zoë', encoding: 'utf-16be' });
  });

  it('should take the start of a UTF-8 file cut inside a character for UTF-8 when told it is cut', () => {
    const cut = utf8Bytes('Café de Zoë').subarray(0, 12); // ë's two bytes cut after the first
    expect(detectTextEncoding(cut)).toBe('windows-1252');
    expect(detectTextEncoding(cut, { truncated: true })).toBe('utf-8');
    expect(decodeTextBytes(cut, { truncated: true }).text).toBe('Café de Zo');
    // A byte that cannot start or continue UTF-8 is Windows-1252 even at the end of a cut.
    expect(detectTextEncoding(WINDOWS_1252, { truncated: true })).toBe('windows-1252');
  });

  it('should read back any text written as UTF-8, whole or cut anywhere (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(), (text, at) => {
        const bytes = utf8Bytes(text);
        expect(decodeTextBytes(bytes).text).toBe(text.replace(/^\uFEFF/, ''));
        const cut = bytes.subarray(0, bytes.length === 0 ? 0 : at % (bytes.length + 1));
        const decoded = decodeTextBytes(cut, { truncated: true });
        expect(decoded.encoding).toBe('utf-8');
        expect(text.replace(/^\uFEFF/, '').startsWith(decoded.text)).toBe(true);
      }),
    );
  });
});
