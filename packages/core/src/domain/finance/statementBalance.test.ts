import { describe, expect, it } from 'vitest';
import { BALANCE_MESSAGES, balanceProblem } from './statementBalance';

describe('balanceProblem', () => {
  it('should find nothing wrong where opening balance plus entries is the closing balance', () => {
    expect(balanceProblem([])).toBeNull();
    expect(
      balanceProblem([
        { line: 9, openingCents: 500_000, closingCents: 334_151, entriesCents: -165_849 },
        { line: 20, openingCents: -1_000, closingCents: 500, entriesCents: 1_500 },
      ]),
    ).toBeNull();
  });

  it('should name the first statement that does not add up, with the stated and the computed amount', () => {
    const problem = balanceProblem([
      { line: 9, openingCents: 500_000, closingCents: 334_151, entriesCents: -165_849 },
      { line: 20, openingCents: 123_456, closingCents: 123_456, entriesCents: -456 },
      { line: 31, openingCents: 0, closingCents: 1, entriesCents: 0 },
    ]);
    expect(problem).toBe(BALANCE_MESSAGES.mismatch(20, 123_456, 123_000));
    expect(problem?.replace(/\u00a0/g, ' ')).toBe(
      'Het eindsaldo op regel 20 klopt niet: volgens het bestand € 1.234,56, maar beginsaldo plus boekingen geeft € 1.230,00. Het bestand is niet geïmporteerd.',
    );
  });
});
