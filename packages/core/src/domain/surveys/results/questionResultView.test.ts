import { describe, expect, it } from 'vitest';
import type { QuestionResult } from '../../contract';
import { likertTone, OTHER_ROW_KEY, questionResultView } from './questionResultView';
import { as, likert, multiple, nps, open, rating, single } from './resultsView.fixtures';

describe('likertTone', () => {
  it('should colour a 5-point scale strong, mild, middle, mild, strong', () => {
    expect([1, 2, 3, 4, 5].map((p) => likertTone(p, 5))).toEqual([
      'negative-strong',
      'negative-mild',
      'middle',
      'positive-mild',
      'positive-strong',
    ]);
  });

  it('should give a 7-point scale a medium step on both sides', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((p) => likertTone(p, 7))).toEqual([
      'negative-strong',
      'negative-medium',
      'negative-mild',
      'middle',
      'positive-mild',
      'positive-medium',
      'positive-strong',
    ]);
  });
});

describe('questionResultView for Likert', () => {
  const result: QuestionResult = {
    question_id: 'q-likert',
    type: 'likert',
    answered: 10,
    seen_count: 10,
    by_statement: { s1: { '1': 1, '2': 1, '3': 2, '4': 4, '5': 2 } },
  };

  it('should set the neutral middle apart and place the other points around zero', () => {
    const view = as(questionResultView(likert(), result), 'likert');
    const [first] = view.statements;
    expect(first?.segments.map((s) => [s.point, s.left, s.width])).toEqual([
      [1, 40, 5],
      [2, 45, 5],
      [4, 50, 20],
      [5, 70, 10],
    ]);
    expect(first?.neutral).toMatchObject({ point: 3, label: 'Neutraal', width: 20, percentText: '20%' });
    expect(first).toMatchObject({
      answered: 10,
      meanText: '3,5',
      negativeText: '20%',
      positiveText: '60%',
    });
    expect(first?.description).toBe(
      'Ik heb plezier in mijn werk: Helemaal oneens 10%, Oneens 10%, Neutraal 20%, Eens 40%, Helemaal eens 20%; gemiddelde 3,5 op een schaal van 1 tot 5; 10 antwoorden.',
    );
    expect(view.legend.map((item) => item.label)).toEqual([
      'Helemaal oneens',
      'Oneens',
      'Neutraal',
      'Eens',
      'Helemaal eens',
    ]);
  });

  it('should let the middle point straddle zero without a neutral middle', () => {
    const view = as(questionResultView(likert({ neutral_middle: false }), result), 'likert');
    const middle = view.statements[0]?.segments.find((segment) => segment.point === 3);
    expect(middle).toMatchObject({ left: 45, width: 10, tone: 'middle' });
    expect(view.statements[0]?.neutral).toBeNull();
    expect(view.statements[0]?.negativeText).toBe('30%');
    expect(view.statements[0]?.positiveText).toBe('70%');
  });

  it('should show a statement without answers as empty, not as an error', () => {
    const view = as(questionResultView(likert(), result), 'likert');
    const second = view.statements[1];
    expect(second?.answered).toBe(0);
    expect(second?.meanText).toBe('–');
    expect(second?.segments.every((segment) => segment.width === 0)).toBe(true);
    expect(second?.description).toBe('Ik krijg genoeg steun: nog geen antwoorden.');
  });

  it('should keep the labels of one bar adding up to 100, as the parts of a 100 % bar', () => {
    // Three points once each: the bar's parts read 34, 33 and 33 (largest remainder), summing to 100.
    const view = as(
      questionResultView(likert({ neutral_middle: false }), {
        question_id: 'q-likert',
        type: 'likert',
        answered: 3,
        seen_count: 3,
        by_statement: { s1: { '1': 1, '3': 1, '5': 1 } },
      }),
      'likert',
    );
    const texts = view.statements[0]?.segments.filter((s) => s.width > 0).map((s) => s.percentText);
    expect(texts).toEqual(['34%', '33%', '33%']);
  });

  it('should fall back to the point number for a blank label', () => {
    const view = as(
      questionResultView(likert({ labels: ['Slecht', ' ', 'Gaat', 'Goed', 'Top'] }), result),
      'likert',
    );
    expect(view.legend[1]?.label).toBe('2');
  });
});

describe('questionResultView for NPS', () => {
  it('should give the score, the three groups and a column per score', () => {
    const view = as(
      questionResultView(nps, {
        question_id: 'q-nps',
        type: 'nps',
        answered: 8,
        seen_count: 8,
        by_score: { '3': 1, '6': 1, '7': 2, '9': 1, '10': 3 },
      }),
      'nps',
    );
    expect(view.scoreText).toBe('+25');
    expect(view.groups.map((g) => [g.label, g.range, g.count, g.percentText])).toEqual([
      ['Promotors', '9–10', 4, '50%'],
      ['Passieven', '7–8', 2, '25%'],
      ['Criticasters', '0–6', 2, '25%'],
    ]);
    expect(view.distribution).toHaveLength(11);
    expect(view.distribution[10]).toMatchObject({ score: 10, count: 3, height: 100, group: 'promoters' });
    expect(view.distribution[7]).toMatchObject({ height: (2 / 3) * 100, group: 'passives' });
    expect(view.distribution[6]?.group).toBe('detractors');
    expect(view.lowLabel).toBe('Zeer onwaarschijnlijk');
  });

  it('should show equal counts as equal percentages in its table, each share rounded on its own', () => {
    // Eight scores once each: 12.5 % each. Largest remainder would print 13, 13, 13, 13, 12, 12, 12, 12.
    const byScore = Object.fromEntries([3, 4, 5, 6, 7, 8, 9, 10].map((score) => [String(score), 1]));
    const view = as(
      questionResultView(nps, {
        question_id: 'q-nps',
        type: 'nps',
        answered: 8,
        seen_count: 8,
        by_score: byScore,
      }),
      'nps',
    );
    expect(view.distribution.slice(3).map((column) => column.percentText)).toEqual(Array(8).fill('13%'));
    expect(view.distribution[0]?.percentText).toBe('0%');
    // Three equal groups: 33 % each, not 34 %, 33 %, 33 %.
    const thirds = as(
      questionResultView(nps, {
        question_id: 'q-nps',
        type: 'nps',
        answered: 3,
        seen_count: 3,
        by_score: { '0': 1, '7': 1, '10': 1 },
      }),
      'nps',
    );
    expect(thirds.groups.map((group) => group.percentText)).toEqual(['33%', '33%', '33%']);
  });

  it('should show dashes without answers', () => {
    const view = as(questionResultView(nps, undefined), 'nps');
    expect(view.scoreText).toBe('–');
    expect(view.groups.map((g) => g.percentText)).toEqual(['–', '–', '–']);
    expect(view.answeredText).toBe('0 antwoorden');
  });
});

describe('questionResultView for choices', () => {
  it('should draw single choice shares of all who answered, with "anders" apart and its texts', () => {
    const view = as(
      questionResultView(single, {
        question_id: 'q-single',
        type: 'single_choice',
        answered: 4,
        seen_count: 4,
        by_option: { a: 2, b: 1, ghost: 9 },
        other: 1,
        other_texts: [{ text: 'Inkoop', count: 1 }],
        other_text_count: 1,
      }),
      'choice',
    );
    expect(view.rows.map((r) => [r.label, r.valueText, r.width])).toEqual([
      ['Verkoop', '2 (50%)', 50],
      ['Service', '1 (25%)', 25],
    ]);
    expect(view.other).toMatchObject({ key: OTHER_ROW_KEY, label: 'Anders, namelijk', valueText: '1 (25%)' });
    expect(view.otherTexts).toEqual([{ key: '0:Inkoop', text: 'Inkoop', count: 1, countText: '1 keer' }]);
    expect(view.otherTextsNote).toBeNull();
    expect(view.note).toBe('Percentages van de 4 reacties met een antwoord op deze vraag.');
  });

  it("should list each different 'anders' text once with its count, and say when there are more", () => {
    const view = as(
      questionResultView(single, {
        question_id: 'q-single',
        type: 'single_choice',
        answered: 1230,
        seen_count: 1230,
        by_option: { a: 2 },
        other: 1228,
        other_texts: [
          { text: 'Inkoop', count: 1200 },
          { text: 'HR', count: 28 },
        ],
        other_text_count: 35,
      }),
      'choice',
    );
    expect(view.otherTexts.map((other) => [other.text, other.countText])).toEqual([
      ['Inkoop', '1.200 keer'],
      ['HR', '28 keer'],
    ]);
    expect(view.otherTextsNote).toBe(
      "De 2 meest gegeven van 35 verschillende antwoorden; elk antwoord staat onder 'Alle antwoorden' op de pagina van de vraag.",
    );
  });

  it('should base multiple choice shares on the respondents, so they may add up to more than 100', () => {
    const view = as(
      questionResultView(multiple, {
        question_id: 'q-multi',
        type: 'multiple_choice',
        answered: 5,
        seen_count: 5,
        by_option: { x: 4, y: 3 },
        other: 0,
        other_texts: [],
        other_text_count: 0,
      }),
      'choice',
    );
    expect(view.rows.map((r) => r.percentText)).toEqual(['80%', '60%']);
    expect(view.other).toBeNull();
    expect(view.note).toContain('meerdere antwoorden mogelijk');
  });
});

describe('questionResultView for rating and open text', () => {
  it('should round each bar of a rating and a single choice on its own, equal counts alike', () => {
    const ratings = as(
      questionResultView(rating, {
        question_id: 'q-rating',
        type: 'rating',
        answered: 3,
        seen_count: 3,
        by_score: { '5': 1, '4': 1, '3': 1 },
      }),
      'rating',
    );
    expect(ratings.rows.map((r) => r.percentText)).toEqual(['33%', '33%', '33%', '0%', '0%']);
    const choices = as(
      questionResultView(single, {
        question_id: 'q-single',
        type: 'single_choice',
        answered: 3,
        seen_count: 3,
        by_option: { a: 1, b: 1 },
        other: 1,
        other_texts: [],
        other_text_count: 0,
      }),
      'choice',
    );
    expect([...choices.rows, choices.other].map((r) => r?.valueText)).toEqual([
      '1 (33%)',
      '1 (33%)',
      '1 (33%)',
    ]);
  });

  it('should list a rating from 5 stars down with the mean', () => {
    const view = as(
      questionResultView(rating, {
        question_id: 'q-rating',
        type: 'rating',
        answered: 4,
        seen_count: 4,
        by_score: { '5': 2, '4': 1, '1': 1 },
      }),
      'rating',
    );
    expect(view.rows.map((r) => [r.label, r.count])).toEqual([
      ['5 sterren', 2],
      ['4 sterren', 1],
      ['3 sterren', 0],
      ['2 sterren', 0],
      ['1 ster', 1],
    ]);
    expect(view.meanText).toBe('3,8');
    expect(view.roundedStars).toBe(4);
  });

  it('should pass the latest open answers through', () => {
    const latest = [{ response_id: 1, text: 'Meer koffie', submitted_at: '2025-11-03T10:00:00Z' }];
    const view = as(
      questionResultView(open, {
        question_id: 'q-open',
        type: 'open_long',
        answered: 1,
        seen_count: 1,
        latest,
      }),
      'texts',
    );
    expect(view.latest).toEqual(latest);
    expect(view.typeLabel).toBe('Open vraag (lang)');
  });

  it('should treat a result of another type as no answers', () => {
    const view = as(
      questionResultView(rating, {
        question_id: 'q-rating',
        type: 'nps',
        answered: 3,
        seen_count: 3,
        by_score: { '10': 3 },
      }),
      'rating',
    );
    expect(view.answered).toBe(0);
    expect(view.meanText).toBe('–');
  });
});
