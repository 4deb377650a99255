import { describe, expect, it } from 'vitest';
import { analysisFileName } from './analysisFileName';

const DAY = new Date('2026-11-26T10:00:00Z');

describe('analysisFileName', () => {
  it('should name the file bedrijfsanalyse-{organisation}-{YYYY-MM-DD} with its extension', () => {
    expect(analysisFileName('Bakkerij Noor', DAY, 'pdf')).toBe(
      'bedrijfsanalyse-bakkerij-noor-2026-11-26.pdf',
    );
    expect(analysisFileName('Bakkerij Noor', DAY, 'md')).toBe('bedrijfsanalyse-bakkerij-noor-2026-11-26.md');
  });

  it('should make spaces, slashes, accents and emoji safe', () => {
    expect(analysisFileName('Zorg & Welzijn / Noord', DAY, 'pdf')).toBe(
      'bedrijfsanalyse-zorg-welzijn-noord-2026-11-26.pdf',
    );
    expect(analysisFileName('Café Ĳssel B.V.', DAY, 'pdf')).toBe(
      'bedrijfsanalyse-cafe-ijssel-b-v-2026-11-26.pdf',
    );
    expect(analysisFileName('../../etc/passwd', DAY, 'md')).toBe('bedrijfsanalyse-etc-passwd-2026-11-26.md');
    expect(analysisFileName('Bloem 🌷 Shop', DAY, 'pdf')).toBe('bedrijfsanalyse-bloem-shop-2026-11-26.pdf');
  });

  it("should say 'export' without an organisation or when nothing of its name is left", () => {
    expect(analysisFileName(null, DAY, 'pdf')).toBe('bedrijfsanalyse-export-2026-11-26.pdf');
    expect(analysisFileName('', DAY, 'md')).toBe('bedrijfsanalyse-export-2026-11-26.md');
    expect(analysisFileName('!!! ??? ///', DAY, 'pdf')).toBe('bedrijfsanalyse-export-2026-11-26.pdf');
    expect(analysisFileName('😀🎉', DAY, 'pdf')).toBe('bedrijfsanalyse-export-2026-11-26.pdf');
  });

  it('should cut a very long name to 60 characters without a hyphen at its end', () => {
    const name = analysisFileName(`${'Lange Naam '.repeat(20)}`, DAY, 'pdf');
    const part = name.slice('bedrijfsanalyse-'.length, -'-2026-11-26.pdf'.length);
    expect(part.length).toBeLessThanOrEqual(60);
    expect(part.endsWith('-')).toBe(false);
    expect(part.startsWith('lange-naam-lange-naam')).toBe(true);
  });

  it('should take the calendar day in the Netherlands, as the cover does', () => {
    expect(analysisFileName('x', new Date('2026-11-26T23:30:00Z'), 'pdf')).toBe(
      'bedrijfsanalyse-x-2026-11-27.pdf',
    );
    expect(analysisFileName('x', new Date('2026-06-30T22:30:00Z'), 'md')).toBe(
      'bedrijfsanalyse-x-2026-07-01.md',
    );
  });
});
