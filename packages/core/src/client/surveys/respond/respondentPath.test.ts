import { describe, expect, it } from 'vitest';
import { NO_LOGIC } from '../../../domain/contract';
import { compileLogic, HIDDEN_FIELD_VALUE_MAX } from '../../../domain/surveys/logic';
import { QUESTIONS } from './RespondentSession.fixtures';
import {
  hiddenFieldValues,
  landOnPath,
  nextOnPath,
  previousOnPath,
  remainingSeconds,
  respondentContext,
  respondentLanguage,
} from './respondentPath';

describe('hiddenFieldValues', () => {
  it('should add trimmed query values only for declared names the server has none for', () => {
    expect(
      hiddenFieldValues(['bron', 'regio', 'team'], { team: 'A' }, { bron: ' mail ', team: 'B', other: 'x' }),
    ).toEqual({ team: 'A', bron: 'mail' });
  });

  it('should refuse an empty value and one over the limit, not cut it', () => {
    const longest = 'x'.repeat(HIDDEN_FIELD_VALUE_MAX);
    expect(hiddenFieldValues(['a', 'b', 'c'], {}, { a: longest, b: `${longest}y`, c: '   ' })).toEqual({
      a: longest,
    });
  });

  it("should not read a name from the query object's prototype", () => {
    expect(hiddenFieldValues(['constructor', 'toString'], {}, {})).toEqual({});
  });
});

describe('respondentLanguage', () => {
  it("should prefer the server's, then ?lang=, then the browser's, then Dutch", () => {
    expect(respondentLanguage('fr', { lang: 'en' }, 'de')).toBe('fr');
    expect(respondentLanguage(null, { lang: ' UK ' }, 'de')).toBe('uk');
    expect(respondentLanguage(null, { lang: 'klingon' }, 'tr-TR')).toBe('tr');
    expect(respondentLanguage(null, {}, 'ja')).toBe('nl');
    expect(respondentLanguage(null, {}, null)).toBe('nl');
  });

  it('should build the context from the survey and the browser port', () => {
    const context = respondentContext(
      { logic: { ...NO_LOGIC, hidden_fields: ['bron'] }, hidden_values: {}, language: null },
      { query: () => ({ bron: 'qr', lang: 'ar' }), language: () => 'en-US' },
    );
    expect(context).toEqual({ hidden_fields: { bron: 'qr' }, language: 'ar' });
  });
});

describe('moving along the path', () => {
  // Survey order: q-nps, q-likert, q-open; a promoter skips q-likert, a detractor ends after q-nps.
  const logic = compileLogic(QUESTIONS, {
    rules: [
      {
        id: 'h',
        action: 'hide',
        question_id: 'q-likert',
        when: {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'q-nps', operator: 'greater', value: 8 }],
        },
      },
      {
        id: 'j',
        action: 'jump',
        from_question_id: 'q-nps',
        to: { end_screen_id: 'end' },
        when: {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'q-nps', operator: 'less', value: 3 }],
        },
      },
    ],
    end_screens: [{ id: 'end', text: 'Einde' }],
    hidden_fields: [],
  });
  const questions = logic.questions;
  const promoter = logic.evaluate(new Map([['q-nps', { score: 10 }]]));
  const detractor = logic.evaluate(new Map([['q-nps', { score: 1 }]]));
  const everyone = logic.evaluate(new Map());

  it('should skip questions off the path both ways', () => {
    expect(nextOnPath(questions, promoter, 0)).toBe(2);
    expect(previousOnPath(questions, promoter, 2)).toBe(0);
    expect(previousOnPath(questions, promoter, 0)).toBe(-1);
    expect(nextOnPath(questions, everyone, 0)).toBe(1);
  });

  it('should end on the question whose jump reaches an end screen', () => {
    expect(nextOnPath(questions, detractor, 0)).toBe(-1);
    expect(nextOnPath(questions, everyone, 2)).toBe(-1);
  });

  it('should land a start index on the path', () => {
    expect(landOnPath(questions, promoter, 1)).toBe(2);
    expect(landOnPath(questions, detractor, 2)).toBe(0);
    expect(landOnPath(questions, everyone, 1)).toBe(1);
  });

  it('should count the time to go over the questions ahead on the path', () => {
    expect(remainingSeconds(95, questions, everyone, 0)).toBe(95);
    const promoterAhead = remainingSeconds(95, questions, promoter, 0);
    expect(promoterAhead).toBeLessThan(95);
    expect(remainingSeconds(95, questions, promoter, 2)).toBeLessThan(promoterAhead);
    expect(remainingSeconds(95, questions, detractor, 0)).toBeLessThan(promoterAhead);
  });

  it('should keep a survey without logic on every question', () => {
    const plain = compileLogic(QUESTIONS, NO_LOGIC).evaluate(new Map());
    expect(plain.visible).toEqual(['q-nps', 'q-likert', 'q-open']);
  });
});
