import { describe, expect, it } from 'vitest';
import { organisationInput } from './analysis.fixtures';
import { analysisPrompt } from './analysisPrompt';
import { type RoundChangeFacts, roundLines } from './analysisRounds';
import { builtinAnalysis } from './builtinAnalysis';

describe('pulse rounds in the business analysis (R-ROUND-6)', () => {
  it('should name the change between the last two rounds in the surveys section, and nothing without rounds', () => {
    const rounds = [
      {
        survey: 'Medewerkerspuls',
        changes: ["NPS van 'Aanbevelen?': 41 in ronde 3, +6 ten opzichte van ronde 2."],
        figures: [],
      },
      { survey: 'Zonder verschil', changes: [], figures: [] },
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

  it("should hand the LLM analyst each round survey's largest changes as figures, labels scrubbed (R-ROUND-10)", () => {
    const rounds: RoundChangeFacts[] = [
      {
        survey: 'Puls (vragen: 06-12345678)',
        changes: ["NPS van 'Aanbevelen?': 41 in ronde 3, +6 ten opzichte van ronde 2."],
        figures: [
          {
            question: 'Aanbevelen?',
            measure: 'NPS',
            round: 3,
            value: 41,
            answered: 22,
            previousRound: 2,
            previousValue: 35,
            previousAnswered: 20,
            change: 6,
          },
          {
            question: 'Mail jan@voorbeeld.nl',
            measure: 'Gemiddelde',
            round: 3,
            value: 3.4567,
            answered: 21,
            previousRound: 2,
            previousValue: 3.8,
            previousAnswered: 20,
            change: -0.3433,
          },
        ],
      },
      { survey: 'Zonder verschil', changes: [], figures: [] },
    ];
    const prompt = analysisPrompt({ ...organisationInput(), rounds });
    const json = JSON.parse(prompt.user.split('\n')[1] ?? '{}');
    expect(json.pulsrondes).toEqual([
      {
        titel: 'Puls (vragen: [telefoonnummer])',
        grootste_veranderingen: [
          {
            vraag: 'Aanbevelen?',
            maat: 'NPS',
            ronde: 3,
            waarde: 41,
            antwoorden: 22,
            vorige_ronde: 2,
            waarde_vorige_ronde: 35,
            antwoorden_vorige_ronde: 20,
            verandering: 6,
          },
          {
            vraag: 'Mail [e-mailadres]',
            maat: 'Gemiddelde',
            ronde: 3,
            waarde: 3.5,
            antwoorden: 21,
            vorige_ronde: 2,
            waarde_vorige_ronde: 3.8,
            antwoorden_vorige_ronde: 20,
            verandering: -0.3,
          },
        ],
      },
    ]);
    expect(prompt.system).toContain('de grootste veranderingen tussen de laatste twee rondes');
    // Without surveys in rounds, or without changes, neither the figures nor the instruction.
    for (const input of [
      organisationInput(),
      { ...organisationInput(), rounds: [rounds[1] as RoundChangeFacts] },
    ]) {
      const plain = analysisPrompt(input);
      expect(JSON.parse(plain.user.split('\n')[1] ?? '{}')).not.toHaveProperty('pulsrondes');
      expect(plain.system).not.toContain('rondes');
    }
  });
});
