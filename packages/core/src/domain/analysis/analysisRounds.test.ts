import { describe, expect, it } from 'vitest';
import { organisationInput } from './analysis.fixtures';
import { roundLines } from './analysisRounds';
import { builtinAnalysis } from './builtinAnalysis';

describe('pulse rounds in the business analysis (R-ROUND-6)', () => {
  it('should name the change between the last two rounds in the surveys section, and nothing without rounds', () => {
    const rounds = [
      {
        survey: 'Medewerkerspuls',
        changes: ["NPS van 'Aanbevelen?': 41 in ronde 3, +6 ten opzichte van ronde 2."],
      },
      { survey: 'Zonder verschil', changes: [] },
    ];
    expect(roundLines(rounds)).toEqual([
      '',
      '**Verandering tussen de laatste twee pulsrondes**',
      '',
      "- Medewerkerspuls: NPS van 'Aanbevelen?': 41 in ronde 3, +6 ten opzichte van ronde 2.",
    ]);
    expect(roundLines(undefined)).toEqual([]);
    const report = builtinAnalysis({ ...organisationInput(), rounds });
    const surveys = report.slice(
      report.indexOf('## Surveys'),
      report.indexOf('\n## ', report.indexOf('## Surveys') + 1),
    );
    expect(surveys).toContain('+6 ten opzichte van ronde 2');
    expect(builtinAnalysis(organisationInput())).not.toContain('pulsrondes');
  });
});
