import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_TEXTS,
  analysisErrorText,
  basisText,
  earlierAnalysisText,
  generatedText,
} from './analysisTexts';

describe('analysisErrorText', () => {
  it('should give the texts of R-ANALYSIS-6 for 403, 400 and 504 whatever the server said', () => {
    expect(analysisErrorText({ status: 403, detail: 'Geen toegang.' })).toBe(
      'AI-analyse is niet beschikbaar voor dit abonnement.',
    );
    expect(analysisErrorText({ status: 400, detail: 'Iets anders.' })).toBe(
      "Onvoldoende data voor analyse. Voeg eerst surveys of KPI's toe.",
    );
    expect(analysisErrorText({ status: 504, detail: 'Gateway Timeout', fallback: true })).toBe(
      'De analyse duurt te lang. Probeer het later opnieuw.',
    );
  });

  it("should show the server's detail for any other status", () => {
    expect(analysisErrorText({ status: 409, detail: 'Er loopt al een analyse voor deze organisatie.' })).toBe(
      'Er loopt al een analyse voor deze organisatie.',
    );
    expect(
      analysisErrorText({ status: 429, detail: 'Te veel analyses; probeer het over een uur opnieuw.' }),
    ).toBe('Te veel analyses; probeer het over een uur opnieuw.');
  });

  it('should fall back to the analysis text when the server sent no detail or could not be reached', () => {
    expect(analysisErrorText({ status: 500, detail: 'Er ging iets mis.', fallback: true })).toBe(
      'Er ging iets mis bij het ophalen van de analyse.',
    );
    expect(analysisErrorText({ status: 0, detail: 'Kan de server niet bereiken.', fallback: true })).toBe(
      'Er ging iets mis bij het ophalen van de analyse.',
    );
    expect(analysisErrorText({ status: 502, detail: '  ' })).toBe(ANALYSIS_TEXTS.failed);
  });
});

describe('basisText', () => {
  it("should say 'Gebaseerd op N KPI's en M surveys' in R-ANALYSIS-2's words", () => {
    expect(basisText({ kpis: 4, surveys: 2 })).toBe("Gebaseerd op 4 KPI's en 2 surveys");
    expect(basisText({ kpis: 0, surveys: 1 })).toBe("Gebaseerd op 0 KPI's en 1 surveys");
  });
});

describe('generatedText', () => {
  it("should say 'Zojuist gegenereerd' for an analysis made during this visit", () => {
    expect(generatedText('2025-11-03T13:05:00Z', true)).toBe('Zojuist gegenereerd');
  });

  it('should give the Dutch date and time on the Netherlands clock otherwise', () => {
    expect(generatedText('2025-11-03T13:05:00Z', false)).toBe('Gegenereerd op 3 november 2025 om 14:05');
    // Summer time: two hours ahead of UTC.
    expect(generatedText('2025-07-01T12:00:00Z', false)).toBe('Gegenereerd op 1 juli 2025 om 14:00');
    expect(earlierAnalysisText('2025-12-31T23:30:00Z')).toBe('1 januari 2026 om 00:30');
  });
});
