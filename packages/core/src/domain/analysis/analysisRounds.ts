/**
 * Pulse rounds in the business analysis (R-ROUND-6): per survey that runs in rounds, the largest
 * changes between its newest round and the one before, as sentences the server wrote with the
 * results' own comparison (`roundChangeSentences`). Aggregates only, like every fact here.
 */

export interface RoundChangeFacts {
  /** The survey's title. */
  readonly survey: string;
  /** "NPS van '…': 41 in ronde 3, +6 ten opzichte van ronde 2." */
  readonly changes: readonly string[];
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
