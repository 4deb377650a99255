import { describe, expect, it } from 'vitest';
import { definition, organisationInput, valuesOf, WINDOW } from './analysis.fixtures';
import { analysisFindings } from './analysisFindings';
import { kpiFacts } from './analysisInput';
import { builtinAnalysis } from './builtinAnalysis';

const headings = (report: string) => report.split('\n').filter((line) => /^#{1,2} /.test(line));

describe('builtinAnalysis', () => {
  const report = builtinAnalysis(organisationInput());

  it("should write the sections in order under the organisation's title", () => {
    expect(headings(report)).toEqual([
      '# Bedrijfsanalyse Bakkerij De Zon',
      '## Samenvatting',
      "## KPI's",
      '## Surveys',
      '## Financiën',
      '## Sterke punten',
      "## Risico's",
      '## Aanbevelingen',
    ]);
    expect(report).toContain("Gebaseerd op 3 KPI's en 1 survey, gemaakt op 15 maart 2026.");
  });

  it('should list every finding of the rules under its section', () => {
    const findings = analysisFindings(organisationInput());
    const section = (name: string) => report.split(`## ${name}\n\n`)[1]?.split('\n\n## ')[0] ?? '';
    expect(section('Sterke punten')).toBe(findings.strengths.map((item) => `- ${item}`).join('\n'));
    expect(section("Risico's")).toBe(findings.risks.map((item) => `- ${item}`).join('\n'));
    expect(section('Aanbevelingen').trimEnd()).toBe(
      findings.recommendations.map((item) => `- ${item}`).join('\n'),
    );
  });

  it('should group the KPIs by status with value, target, trend and history', () => {
    const kpis = report.split("## KPI's\n\n")[1]?.split('\n\n## ')[0] ?? '';
    const plain = kpis.replace(/\u00a0/g, ' ');
    expect(plain.indexOf('**Niet op koers**')).toBeLessThan(plain.indexOf('**Op koers**'));
    expect(plain).toContain(
      '- Omzet: € 7.000,00 in maart 2026 (doel € 10.000,00, waarschuwingsgrens € 9.000,00; Niet op koers). ' +
        'Gedaald, een verslechtering: € -1.800,00 ten opzichte van februari 2026. ' +
        'Verloop: januari 2026 € 9.500,00, februari 2026 € 8.800,00, maart 2026 € 7.000,00.',
    );
    expect(plain).toContain(
      '- Ziekteverzuim: 4,5% in maart 2026 (geen doel vastgelegd). Verloop: maart 2026 4,5%.',
    );
  });

  it('should give the survey scores and their change over time', () => {
    expect(report).toContain(
      "- NPS van 'Hoe waarschijnlijk is het dat je ons aanbeveelt?': +30 over 20 antwoorden. " +
        'Laatste drie maanden +60, de drie maanden daarvoor 0.',
    );
    expect(report).toContain('- Reactiepercentage: 13% van 40 persoonlijke links.');
  });

  it('should leave out the finance section without finance data and say so where lists are empty', () => {
    const bare = builtinAnalysis(organisationInput({ finance: null, surveys: [], kpis: [] }));
    expect(headings(bare)).not.toContain('## Financiën');
    expect(bare).toContain("De organisatie heeft nog geen KPI's.");
    expect(bare).toContain('Er zijn nog geen surveys met ingevulde reacties.');
    expect(bare).toContain("Volgens de regels van deze analyse zijn er geen risico's.");
  });

  it('should write a typed name as text, never as markup', () => {
    const input = organisationInput({
      organization: 'Zon <script>alert(1)</script>',
      kpis: [
        kpiFacts(
          definition({ name: '**Vet** [link](javascript:x)\n# Kop' }),
          WINDOW,
          valuesOf({ '2026-03': 5 }),
        ),
      ],
    });
    const written = builtinAnalysis(input);
    expect(written).toContain('# Bedrijfsanalyse Zon \\<script\\>alert(1)\\</script\\>');
    expect(written).toContain('- \\*\\*Vet\\*\\* \\[link\\](javascript:x) \\# Kop: ');
    expect(written).not.toMatch(/^# Kop/m);
  });

  it('should write the same report for the same input', () => {
    expect(builtinAnalysis(organisationInput())).toBe(report);
  });
});
