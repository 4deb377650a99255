import type { StatementScore } from '../../contract';

/** At most this many statements in each of /analytics' best and worst lists. */
export const STATEMENTS_SHOWN = 5;

/** Best first; ties by more answers, then by survey and statement, so the order is stable. */
export const compareStatements = (a: StatementScore, b: StatementScore): number =>
  b.score - a.score ||
  b.answered - a.answered ||
  a.survey_id - b.survey_id ||
  a.question_id.localeCompare(b.question_id) ||
  a.statement_id.localeCompare(b.statement_id);

/**
 * The best and the worst statements, which never share a statement: of n ranked statements each
 * list takes at most floor(n / 2) (and at most `shown`), the best from the top and the worst from
 * the bottom, worst first. With an odd n the middle statement is neither; with one statement there
 * is nothing to compare, so both lists are empty (with three, the old lists showed all three in
 * both, the best also as the worst).
 */
export function rankStatements(
  statements: readonly StatementScore[],
  shown: number = STATEMENTS_SHOWN,
): { readonly best: StatementScore[]; readonly worst: StatementScore[] } {
  const ranked = [...statements].sort(compareStatements);
  const each = Math.max(0, Math.min(Math.floor(shown), Math.floor(ranked.length / 2)));
  return {
    best: ranked.slice(0, each),
    worst: each === 0 ? [] : ranked.slice(-each).reverse(),
  };
}
