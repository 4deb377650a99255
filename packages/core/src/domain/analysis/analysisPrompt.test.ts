import { describe, expect, it } from 'vitest';
import { definition, organisationInput, surveyCounts, valuesOf, WINDOW } from './analysis.fixtures';
import { kpiFacts, surveyFacts } from './analysisInput';
import { analysisPrompt } from './analysisPrompt';

describe('analysisPrompt', () => {
  it("should ask in Dutch for the report's sections and hand over the aggregates and the rules' signals", () => {
    const prompt = analysisPrompt(organisationInput());
    expect(prompt.system).toContain('# Bedrijfsanalyse Bakkerij De Zon');
    expect(prompt.system).toContain(
      "## Samenvatting\n## KPI's\n## Surveys\n## Financiën\n## Sterke punten\n## Risico's\n## Aanbevelingen",
    );
    const json = JSON.parse(prompt.user.split('\n')[1] ?? '{}');
    expect(json.kpis[0]).toMatchObject({ naam: 'Omzet', huidig: { waarde: 700000, status: 'off_track' } });
    expect(json.surveys[0].nps[0]).toMatchObject({ score: 30, verandering: 60 });
    expect(prompt.user).toContain("Risico: 'Omzet' is niet op koers");
  });

  it('should leave the finance section out of the asked sections without finance data', () => {
    expect(analysisPrompt(organisationInput({ finance: null })).system).not.toContain('## Financiën');
  });

  it('should scrub e-mail addresses and telephone numbers from every label', () => {
    const input = organisationInput({
      kpis: [
        kpiFacts(
          definition({ name: 'Bellen met jan.jansen@voorbeeld.nl' }),
          WINDOW,
          valuesOf({ '2026-03': 1 }),
        ),
      ],
      surveys: [surveyFacts(surveyCounts({ title: 'Enquête (vragen: 06-12345678)' }))],
    });
    const { system, user } = analysisPrompt(input);
    expect(`${system}${user}`).not.toMatch(/@|12345678/);
    expect(user).toContain('Bellen met [e-mailadres]');
    expect(user).toContain('Enquête (vragen: [telefoonnummer])');
  });

  it("should mask the organisation's people's names, addresses, IBANs and BSNs in every label (R-PRIV-7)", () => {
    const input = organisationInput({
      names: ['Jan de Vries'],
      kpis: [
        kpiFacts(definition({ name: 'Omzet filiaal Kerkstraat 12' }), WINDOW, valuesOf({ '2026-03': 1 })),
      ],
      surveys: [
        surveyFacts(
          surveyCounts({ title: 'Evaluatie Jan de Vries (NL91 ABNA 0417 1643 00, BSN 111222333)' }),
        ),
      ],
    });
    const { system, user } = analysisPrompt(input);
    expect(`${system}${user}`).not.toMatch(/Vries|Kerkstraat|0417|111222333/);
    expect(user).toContain('Omzet filiaal [adres]');
    expect(user).toContain('Evaluatie [naam] ([IBAN], BSN [BSN])');
  });
});
