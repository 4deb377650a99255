import { describe, expect, it } from 'vitest';
import type { ResultsFilter } from '../../contract';
import {
  checkResultsFilter,
  describeResultsFilter,
  parseResultsFilter,
  RESULTS_FILTER_MESSAGES,
  readResultsFilter,
  serialiseResultsFilter,
} from './resultsConditions';
import { likert, multiple, nps, open, rating, single } from './resultsView.fixtures';

const questions = [likert(), nps, single, multiple, rating, open];
const survey = {
  questions,
  logic: { rules: [], end_screens: [], hidden_fields: ['bron', 'a.b~c'] },
  anonymous: false,
};

const filter: ResultsFilter = [
  { source: 'question', question_id: 'q-single', operator: 'one_of', values: ['a'] },
  { source: 'question', question_id: 'q-nps', operator: 'between', min: 9, max: 10 },
  { source: 'question', question_id: 'q-likert', statement_id: 's1', operator: 'one_of', values: [4, 5] },
  { source: 'hidden_field', name: 'a.b~c', operator: 'one_of', values: ['mail, nieuwsbrief', 'x:y'] },
  { source: 'language', operator: 'one_of', values: ['nl', 'en'] },
  { source: 'contact_attribute', name: 'Afdeling', values: ['Verkoop'] },
  { source: 'segment', segment_id: 12 },
];

describe('resultsConditions', () => {
  it('should read back what it writes, names and values with separators in them included', () => {
    const text = serialiseResultsFilter(filter);
    expect(text).toContain('q:q-nps:9..10');
    const read = parseResultsFilter(text);
    expect(read.ok).toBe(true);
    const checked = read.ok ? checkResultsFilter(read.value, survey) : read;
    expect(checked).toEqual({ ok: true, value: filter });
  });

  it('should read an absent or empty parameter as no conditions', () => {
    expect(parseResultsFilter(undefined)).toEqual({ ok: true, value: [] });
    expect(parseResultsFilter(' ')).toEqual({ ok: true, value: [] });
    expect(serialiseResultsFilter([])).toBe('');
  });

  it('should refuse a filter it cannot read with a Dutch message', () => {
    for (const bad of ['x:1', 'q:q1', 'seg:abc', 'seg:0', 'lang:', 'h:bron:%zz', 'q:a.b.c:1', 'q:q1:1:2'])
      expect(parseResultsFilter(bad)).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.form });
    expect(parseResultsFilter(Array(11).fill('lang:nl').join('~'))).toEqual({
      ok: false,
      message: RESULTS_FILTER_MESSAGES.tooMany,
    });
    expect(parseResultsFilter('x'.repeat(5000))).toEqual({
      ok: false,
      message: RESULTS_FILTER_MESSAGES.tooLong,
    });
  });

  it('should check the filter against the survey', () => {
    const check = (raw: string) => readResultsFilter(raw, survey);
    expect(check('q:nope:a')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.question });
    expect(check('q:q-open:a')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.questionType });
    expect(check('q:q-single:zz')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.choice });
    expect(check('q:q-single:1..2')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.rangeChoice });
    expect(check('q:q-nps:11')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.score });
    expect(check('q:q-nps:9..3')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.range });
    expect(check('q:q-likert:4')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.statement });
    expect(check('q:q-rating.s1:4')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.statement });
    expect(check('h:onbekend:x')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.hiddenField });
    expect(check('lang:xx')).toEqual({ ok: false, message: RESULTS_FILTER_MESSAGES.language });
    expect(check('q:q-single:_other')).toEqual({
      ok: true,
      value: [{ source: 'question', question_id: 'q-single', operator: 'one_of', values: ['_other'] }],
    });
    expect(check('q:q-rating:4,5')).toEqual({
      ok: true,
      value: [{ source: 'question', question_id: 'q-rating', operator: 'one_of', values: [4, 5] }],
    });
  });

  it('should offer no contact filters on an anonymous survey', () => {
    const anonymous = { ...survey, anonymous: true };
    expect(readResultsFilter('seg:3', anonymous)).toEqual({
      ok: false,
      message: RESULTS_FILTER_MESSAGES.anonymous,
    });
    expect(readResultsFilter('a:Afdeling:Verkoop', anonymous)).toEqual({
      ok: false,
      message: RESULTS_FILTER_MESSAGES.anonymous,
    });
  });

  it('should describe the filter in Dutch', () => {
    const text = describeResultsFilter(filter, { questions, segmentNames: new Map([[12, 'Klanten 2026']]) });
    expect(text).toBe(
      'Welke afdeling? is Verkoop en Zou je ons aanbevelen? is 9 tot en met 10 en ' +
        'Hoe ervaar je je werk?: Ik heb plezier in mijn werk is Eens of Helemaal eens en ' +
        'a.b~c is mail, nieuwsbrief of x:y en Taal is Nederlands of Engels en Afdeling is Verkoop en ' +
        'In segment Klanten 2026',
    );
    expect(
      describeResultsFilter(
        [{ source: 'question', question_id: 'q-multi', operator: 'one_of', values: ['x', 'y'] }],
        { questions },
      ),
    ).toBe('Wat gebruik je? bevat Laptop of Telefoon');
  });
});
