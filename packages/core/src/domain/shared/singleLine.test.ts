import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSingleLine, singleLine } from './singleLine';

/** Text with line breaks, controls, odd spaces and bidirectional marks among ordinary characters. */
const text = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\r',
        '\n',
        '\t',
        '\u0000',
        '\u0007',
        '\u007f',
        '\u0085',
        '\u009b',
        '\u00a0',
        '\u2028',
        '\u2029',
        '\u202e',
        ' ',
      ),
      fc.string({ maxLength: 4 }),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

describe('singleLine', () => {
  it('should turn line breaks and tabs into one space, so a name cannot add a mail header (R-TEXT-1)', () => {
    expect(singleLine('Acme\r\nBcc: x')).toBe('Acme Bcc: x');
    expect(singleLine('Acme\tBV')).toBe('Acme BV');
    expect(singleLine('Eerste\u2028Tweede\u2029Derde\u0085Vierde\vVijfde\fZesde')).toBe(
      'Eerste Tweede Derde Vierde Vijfde Zesde',
    );
  });

  it('should take out NUL, the other control characters and the bidirectional overrides', () => {
    expect(singleLine('Ac\u0000me\u0007 B\u007fV\u009b')).toBe('Acme BV');
    expect(singleLine('Jan \u202eseirV\u202c')).toBe('Jan seirV');
  });

  it('should collapse runs of spaces and trim, and leave ordinary text, accents and emoji as they are', () => {
    expect(singleLine('  De   Vries\u00a0&  Zn.  ')).toBe('De Vries & Zn.');
    expect(singleLine('Crème brûlée 👩‍💻')).toBe('Crème brûlée 👩‍💻');
    expect(singleLine(' \r\n\t ')).toBe('');
  });

  it('should give text that is one line and stays the same when made one line again', () => {
    fc.assert(
      fc.property(text, (text) => {
        const line = singleLine(text);
        expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]|^\s|\s$|\s\s/u);
        expect(isSingleLine(line)).toBe(true);
      }),
    );
  });
});
