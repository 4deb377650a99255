/**
 * Pulse rounds in the business analysis (R-ROUND-6, R-ROUND-10): per survey that runs in rounds, the
 * largest changes between its newest round and the one before, computed by the server with the
 * results' own comparison (`largestRoundChanges`): as sentences for the built-in report and as
 * figures for the LLM analyst's prompt. Aggregates only, like every fact here.
 */

/** One question's figure in the newest round against the round before it. */
export interface RoundChangeFigure {
  /** The question's title. */
  readonly question: string;
  /** What the figure is: 'NPS', 'Gemiddelde' or "Aandeel 'Optie' (%)". */
  readonly measure: string;
  readonly round: number;
  readonly value: number;
  /** Submitted answers to the question in `round`. */
  readonly answered: number;
  readonly previousRound: number;
  readonly previousValue: number;
  readonly previousAnswered: number;
  /** value − previousValue. */
  readonly change: number;
}

export interface RoundChangeFacts {
  /** The survey's title. */
  readonly survey: string;
  /** "NPS van '…': 41 in ronde 3, +6 ten opzichte van ronde 2." */
  readonly changes: readonly string[];
  /** The same changes as figures, in the same order. */
  readonly figures: readonly RoundChangeFigure[];
}

/** The lines the surveys section adds for rounds; none without surveys in rounds. */
export function roundLines(rounds: readonly RoundChangeFacts[] | undefined): string[] {
  const named = (rounds ?? []).filter((each) => each.changes.length > 0);
  if (named.length === 0) return [];
  return [
    '',
    '**Verandering tussen de laatste twee pulsrondes**',
    '',
    ...named.flatMap((each) => each.changes.map((change) => `- ${each.survey}: ${change}`)),
  ];
}
