import { describe, expect, it } from 'vitest';
import { lastPeriods } from '../periods';
import {
  definition,
  FINANCE,
  organisationInput,
  surveyCounts,
  TODAY,
  valuesOf,
  WINDOW,
} from './analysis.fixtures';
import { type AnalysisFindings, analysisFindings } from './analysisFindings';
import { kpiFacts, surveyFacts } from './analysisInput';

/** Findings with the non-breaking spaces of Dutch amounts ('€ 7.000,00') as plain ones. */
const readable = (found: AnalysisFindings): AnalysisFindings => {
  const plain = (items: readonly string[]) => items.map((item) => item.replace(/\u00a0/g, ' '));
  return {
    strengths: plain(found.strengths),
    risks: plain(found.risks),
    recommendations: plain(found.recommendations),
  };
};

describe('analysisFindings', () => {
  const findings = readable(analysisFindings(organisationInput()));

  it('should call a KPI off track and trending down a risk, with a plan as recommendation', () => {
    expect(findings.risks).toContain(
      "'Omzet' is niet op koers (€ 7.000,00 in maart 2026, doel € 10.000,00) en gaat achteruit: € -1.800,00 ten opzichte van februari 2026.",
    );
    expect(findings.recommendations).toContain(
      "Maak een verbeterplan voor 'Omzet': de waarde ligt onder het doel en verslechtert.",
    );
  });

  it('should call a KPI on track and improving a strength', () => {
    expect(findings.strengths).toContain(
      "'Klanttevredenheid' is op koers (41 in maart 2026, doel 30) en verbetert: +9 ten opzichte van februari 2026.",
    );
  });

  it('should recommend a target for KPIs without one', () => {
    expect(findings.recommendations).toContain("Geef 'Ziekteverzuim' een doel, zodat die een status krijgt.");
  });

  it('should call a rising NPS a strength and a falling statement, a low statement and a low response rate risks', () => {
    expect(findings.strengths).toContain(
      "De NPS van 'Hoe waarschijnlijk is het dat je ons aanbeveelt?' in 'Medewerkerstevredenheid 2026' steeg van 0 naar +60 (laatste drie maanden tegenover de drie daarvoor).",
    );
    expect(findings.risks).toEqual(
      expect.arrayContaining([
        "De stelling 'Mijn werkdruk is goed te doen' in 'Medewerkerstevredenheid 2026' scoort laag: 20 van 100.",
        "De stelling 'Mijn werkdruk is goed te doen' in 'Medewerkerstevredenheid 2026' daalde van 38 naar 5 van 100 (-33).",
        "Het reactiepercentage van 'Medewerkerstevredenheid 2026' is laag: 13% van 40 persoonlijke links.",
      ]),
    );
    expect(findings.strengths).toContain(
      "De stelling 'Ik werk graag met mijn team' in 'Medewerkerstevredenheid 2026' scoort hoog: 94 van 100.",
    );
  });

  it('should call a falling NPS a risk with a recommendation, and never a strength', () => {
    const falling = surveyFacts(
      surveyCounts({
        items: [
          {
            questionId: 'q-nps',
            itemId: '',
            overall: { 10: 20, 3: 2 },
            previous: { 10: 10 },
            recent: { 10: 8, 3: 2 },
          },
        ],
      }),
    );
    const result = analysisFindings(organisationInput({ kpis: [], surveys: [falling], finance: null }));
    expect(result.risks[0]).toMatch(/^De NPS van .* daalde van \+100 naar \+60/);
    expect(result.recommendations[0]).toMatch(/^Zoek uit waarom de NPS van/);
    expect(result.strengths.some((item) => item.includes('NPS'))).toBe(false);
  });

  it('should read the finance months: a profitable year, a loss in the last three months, costs rising faster', () => {
    expect(findings.strengths).toContain(
      'Het resultaat over de laatste twaalf maanden is positief: € 21.000,00.',
    );
    expect(findings.risks).toEqual(
      expect.arrayContaining([
        'De laatste drie maanden zijn met verlies afgesloten: € -15.000,00.',
        'De kosten van de laatste drie maanden liggen 150% hoger dan in de drie maanden daarvoor, sneller dan de inkomsten.',
      ]),
    );
  });

  it('should find nothing about finance without finance data, and recommend asking again without recent responses', () => {
    const quiet = surveyFacts(
      surveyCounts({
        months: lastPeriods('month', 12, TODAY).map((period) => ({ month: period.key, completed: 0 })),
        items: [],
        personalLinks: 0,
      }),
    );
    const result = analysisFindings(organisationInput({ kpis: [], surveys: [quiet], finance: null }));
    expect([...result.strengths, ...result.risks].join(' ')).not.toMatch(/resultaat|kosten|inkomsten/);
    expect(result.recommendations).toEqual([
      'Er zijn de laatste drie maanden geen reacties binnengekomen: zet een nieuwe survey uit om te zien of de scores nog kloppen.',
    ]);
  });

  it('should recommend repairing a KPI whose source cannot compute, and say nothing else about it', () => {
    const broken = kpiFacts(definition({ name: 'Marge', state: 'no_finance_data' }), WINDOW, valuesOf({}));
    const result = analysisFindings(organisationInput({ kpis: [broken], surveys: [], finance: FINANCE }));
    expect(result.recommendations[0]).toBe(
      "Herstel de bron van KPI 'Marge': Nog geen financiële gegevens. Voeg boekingen toe of importeer een bankafschrift.",
    );
    expect(result.risks.some((item) => item.includes('Marge'))).toBe(false);
  });

  it('should give the same findings for the same numbers', () => {
    expect(readable(analysisFindings(organisationInput()))).toEqual(findings);
  });
});
