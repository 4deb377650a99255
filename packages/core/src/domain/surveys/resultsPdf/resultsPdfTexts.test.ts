import { describe, expect, it } from 'vitest';
import { madeAtText, resultsPdfFileName, resultsPeriodText } from './resultsPdfTexts';

describe('resultsPeriodText', () => {
  it("should name the period of the results page's date filter", () => {
    expect(resultsPeriodText({ from: '', to: '' })).toBe('Periode: alle reacties');
    expect(resultsPeriodText({ from: '2025-11-01', to: '2025-11-30' })).toBe(
      'Periode: 1 november 2025 tot en met 30 november 2025',
    );
    expect(resultsPeriodText({ from: '2025-11-01', to: '' })).toBe('Periode: vanaf 1 november 2025');
    expect(resultsPeriodText({ from: '', to: '2025-11-30' })).toBe('Periode: tot en met 30 november 2025');
    expect(resultsPeriodText({ from: '2025-11-03', to: '2025-11-03' })).toBe('Periode: 3 november 2025');
  });

  it('should count a day that is no real day as not set', () => {
    expect(resultsPeriodText({ from: '2025-02-30', to: 'morgen' })).toBe('Periode: alle reacties');
    expect(resultsPeriodText({ from: '2025-02-30', to: '2025-03-01' })).toBe(
      'Periode: tot en met 1 maart 2025',
    );
  });
});

describe('madeAtText', () => {
  it("should give the moment on the Netherlands' clock", () => {
    expect(madeAtText(new Date('2026-11-26T09:30:00Z'))).toBe('Gemaakt op 26 november 2026 om 10:30');
    expect(madeAtText(new Date('2026-07-01T22:15:00Z'))).toBe('Gemaakt op 2 juli 2026 om 00:15');
  });
});

describe('resultsPdfFileName', () => {
  it('should make resultaten-{survey}-{YYYY-MM-DD}.pdf with the title as every export names it', () => {
    const day = new Date('2026-11-26T10:00:00Z');
    expect(resultsPdfFileName('Medewerkerstevredenheid 2026', day)).toBe(
      'resultaten-medewerkerstevredenheid-2026-2026-11-26.pdf',
    );
    expect(resultsPdfFileName('Klant/tevredenheid: Café “De Hoek”', day)).toBe(
      'resultaten-klant-tevredenheid-cafe-de-hoek-2026-11-26.pdf',
    );
    expect(resultsPdfFileName('  ', day)).toBe('resultaten-survey-2026-11-26.pdf');
    expect(resultsPdfFileName('😀', day)).toBe('resultaten-survey-2026-11-26.pdf');
    expect(resultsPdfFileName('x'.repeat(100), day)).toBe(`resultaten-${'x'.repeat(60)}-2026-11-26.pdf`);
  });

  it('should date the file by the calendar day in the Netherlands', () => {
    expect(resultsPdfFileName('Q', new Date('2026-12-31T23:30:00Z'))).toBe('resultaten-q-2027-01-01.pdf');
  });
});
