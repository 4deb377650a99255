import { formatCents } from '../format';

/**
 * The balance check of a bank statement (docs/decisions/finance.md, 'A statement's balances must add
 * up'): the opening balance plus every entry is the closing balance, per statement, in cents. A
 * file that says otherwise is incomplete or was read wrongly, so it is refused as a whole, naming
 * both amounts, rather than booked with a hole in it. MT940 (`:60F:`/`:60M:` and `:62F:`/`:62M:`)
 * and CAMT.053 (`OPBD` or `PRCD`, and `CLBD`) give the balances; a statement without them, or
 * with an entry whose amount could not be read, is not checked.
 */

/** One statement's balances and the sum of its entries, all signed cents (below 0 is a debit balance). */
export interface StatementBalance {
  /** The line of the closing balance in the file. */
  readonly line: number;
  readonly openingCents: number;
  readonly closingCents: number;
  readonly entriesCents: number;
}

export const BALANCE_MESSAGES = {
  mismatch: (line: number, stated: number, computed: number) =>
    `Het eindsaldo op regel ${line} klopt niet: volgens het bestand ${formatCents(stated)}, maar beginsaldo plus boekingen geeft ${formatCents(computed)}. Het bestand is niet geïmporteerd.`,
} as const;

/** Why the file is refused: the first statement whose closing balance does not follow; null when all do. */
export function balanceProblem(statements: readonly StatementBalance[]): string | null {
  for (const statement of statements) {
    const computed = statement.openingCents + statement.entriesCents;
    if (computed !== statement.closingCents)
      return BALANCE_MESSAGES.mismatch(statement.line, statement.closingCents, computed);
  }
  return null;
}
