import { describe, expect, it } from 'vitest';
import type { Crosstab } from '../../contract';
import { crosstabSheet, dimensionKey, hideSmallCounts, readDimension, rowShare, shareText } from './crosstab';
import { likert, nps, open, single } from './resultsView.fixtures';

const survey = {
  questions: [likert(), nps, single, open],
  logic: { rules: [], end_screens: [], hidden_fields: ['bron'] },
};

describe('crosstab', () => {
  it('should read the dimensions of a question, a Likert statement, a hidden field and the language', () => {
    expect(readDimension('q:q-single', survey)?.axis.values.map((value) => value.label)).toEqual([
      'Verkoop',
      'Service',
      'Anders, namelijk',
    ]);
    expect(readDimension('q-single', survey)?.dimension).toEqual({
      source: 'question',
      question_id: 'q-single',
    });
    const statement = readDimension('q:q-likert.s2', survey);
    expect(statement?.axis.label).toBe('Hoe ervaar je je werk?: Ik krijg genoeg steun');
    expect(statement?.numeric).toBe(true);
    expect(readDimension('q:q-nps', survey)?.axis.values).toHaveLength(11);
    expect(readDimension('h:bron', survey, () => ['mail', 'qr'])?.axis.values).toEqual([
      { value: 'mail', label: 'mail' },
      { value: 'qr', label: 'qr' },
    ]);
    expect(readDimension('lang', survey)?.axis.values[0]).toEqual({ value: 'nl', label: 'Nederlands' });
    expect(dimensionKey({ source: 'question', question_id: 'q.1', statement_id: 's' })).toBe('q:q%2E1.s');
  });

  it('should refuse what cannot be counted', () => {
    for (const raw of [undefined, 'q:q-open', 'q:q-likert', 'q:nope', 'h:onbekend', 'q:q-nps.s1', 'x:y:z'])
      expect(readDimension(raw, survey)).toBeNull();
  });

  it('should show every count when small counts are not hidden', () => {
    const exact = { counts: [[1, 2]], rowTotals: [3], colTotals: [1, 2], total: 3 };
    expect(hideSmallCounts(exact, false)).toEqual({
      counts: [[1, 2]],
      row_totals: [3],
      col_totals: [1, 2],
      total: 3,
    });
  });

  it('should hide counts of 1 to 4 and whatever gives one away by subtraction', () => {
    const exact = {
      counts: [
        [3, 10, 20],
        [8, 9, 30],
      ],
      rowTotals: [33, 47],
      colTotals: [11, 19, 50],
      total: 80,
    };
    const shown = hideSmallCounts(exact, true);
    // 3 is hidden; in its row the smallest other count (10) goes too, in its column 8, and so on
    // until no row or column hides exactly one count.
    expect(shown.counts[0]?.[0]).toBeNull();
    for (const line of [
      ...shown.counts,
      ...shown.counts[0]!.map((_, c) => shown.counts.map((row) => row[c])),
    ]) {
      const hidden = line.filter((count) => count === null).length;
      expect(hidden === 0 || hidden >= 2).toBe(true);
    }
    expect(shown.total).toBe(80);
  });

  it('should hide a total when its line hides one count and the others are 0', () => {
    const shown = hideSmallCounts({ counts: [[2, 0]], rowTotals: [2], colTotals: [2, 0], total: 2 }, true);
    expect(shown).toEqual({ counts: [[null, 0]], row_totals: [null], col_totals: [null, 0], total: null });
  });

  it('should give row percentages only where both numbers are shown, and a sheet with < 5', () => {
    const table: Crosstab = {
      survey_id: 1,
      row: { key: 'q:a', label: 'A', values: [{ value: 'x', label: 'X' }] },
      col: {
        key: 'q:b',
        label: 'B',
        values: [
          { value: '1', label: 'Een' },
          { value: '2', label: 'Twee' },
        ],
      },
      counts: [[null, 20]],
      row_totals: [30],
      col_totals: [null, 20],
      total: 30,
      small_counts_hidden: true,
    };
    expect(rowShare(table, 0, 0)).toBeNull();
    expect(shareText(rowShare(table, 0, 1))).toBe('67%');
    expect(crosstabSheet(table)).toEqual([
      ['A \\ B', 'Een', 'Een (% van rij)', 'Twee', 'Twee (% van rij)', 'Totaal'],
      ['X', '< 5', null, 20, 20 / 30, 30],
      ['Totaal', '< 5', null, 20, null, 30],
    ]);
  });
});
