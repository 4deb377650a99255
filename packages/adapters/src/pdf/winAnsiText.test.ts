import { describe, expect, it } from 'vitest';
import { UNDRAWABLE, winAnsiText } from './winAnsiText';

describe('winAnsiText', () => {
  it('should leave Latin-1 text and the Windows-1252 extras alone', () => {
    const text = 'Café, één & “quotes” – € 5 • … ‘x’ ™ Œuvre';
    expect(winAnsiText(text)).toBe(text);
  });

  it('should fold other characters to a drawable form, or a question mark', () => {
    expect(winAnsiText('Ĳssel őz ﬁets')).toBe('IJssel oz fiets');
    expect(winAnsiText('Blij 😀 ✓ 中')).toBe(`Blij ${UNDRAWABLE} ${UNDRAWABLE} ${UNDRAWABLE}`);
  });

  it('should drop control and format characters', () => {
    expect(winAnsiText('a\u0000b\u0085c\u200b\u200fd')).toBe('abcd');
  });
});
