import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES } from '../model';
import { compileLogic } from './compileLogic';
import {
  answers,
  jump,
  logicOf,
  on,
  QUESTIONS,
  SALES,
  SUPPORT,
  score,
  show,
  THANKS,
  text,
} from './logic.fixtures';
import { answerMap, PATH_MESSAGES, pathProblems, pruneAnswers, submissionProblems } from './logicPath';
import type { LogicAnswers, SurveyLogic } from './logicTypes';

const isSales = on('q_dept', { operator: 'equals', value: 'sales' });
const LOGIC = logicOf(
  show('q_sales', isSales),
  jump('q_nps', THANKS.id, on('q_nps', { operator: 'less', value: 7 })),
);
const COMPLETE = {
  q_dept: SALES,
  q_work: { s_desk: 4, s_light: 4 },
  q_why: text('Omdat'),
  q_sales: text('Meer bellen'),
};

function check(given: LogicAnswers, logic: SurveyLogic = LOGIC, final = true) {
  const compiled = compileLogic(QUESTIONS, logic);
  return pathProblems(compiled, compiled.evaluate(given), given, { final });
}

describe('pruneAnswers', () => {
  it('should keep the answers on the path, in the order given, and drop the rest', () => {
    const list = [
      { question_id: 'q_sales', value: text('Meer bellen') },
      { question_id: 'q_dept', value: { option_id: 'support' } },
      { question_id: 'q_why', value: text('Omdat') },
    ];
    const path = compileLogic(QUESTIONS, LOGIC).evaluate(answerMap(list));
    expect(pruneAnswers(path, list).map((answer) => answer.question_id)).toEqual(['q_dept', 'q_why']);
  });

  it('should drop the answers after an end screen', () => {
    const list = [
      { question_id: 'q_nps', value: score(3) },
      { question_id: 'q_last', value: text('x') },
    ];
    expect(pruneAnswers(compileLogic(QUESTIONS, LOGIC).evaluate(answerMap(list)), list)).toEqual([list[0]]);
  });
});

describe('answerMap', () => {
  it('should key answers by question and keep the first of a duplicate', () => {
    const map = answerMap([
      { question_id: 'q_nps', value: score(3) },
      { question_id: 'q_nps', value: score(9) },
    ]);
    expect([...map]).toEqual([['q_nps', score(3)]]);
  });
});

describe('pathProblems', () => {
  it('should find nothing wrong with a complete submission', () => {
    expect(check(answers(COMPLETE))).toEqual([]);
  });

  it('should name each required question on the path without an answer, in the words of the answer rules', () => {
    expect(PATH_MESSAGES.required).toBe(ANSWER_MESSAGES.required);
    expect(check(answers({ q_dept: SALES, q_work: { s_desk: 4, s_light: 4 } }))).toEqual([
      { question_id: 'q_why', code: 'required', message: 'Deze vraag is verplicht.' },
      { question_id: 'q_sales', code: 'required', message: 'Deze vraag is verplicht.' },
    ]);
  });

  it('should not ask for a required question off the path', () => {
    const { q_sales: _left, ...rest } = COMPLETE;
    expect(check(answers({ ...rest, q_dept: { option_id: 'it' } }))).toEqual([]);
  });

  it('should count an empty answer as missing and a Likert question in part as incomplete', () => {
    expect(check(answers({ ...COMPLETE, q_why: text('  '), q_work: { s_desk: 2 } }))).toEqual([
      { question_id: 'q_work', code: 'incomplete', message: 'Beantwoord alle stellingen van deze vraag.' },
      { question_id: 'q_why', code: 'required', message: 'Deze vraag is verplicht.' },
    ]);
  });

  it('should refuse answers past the end screen, also when saving progress', () => {
    const given = answers({
      q_dept: SALES,
      q_work: { s_desk: 1, s_light: 1 },
      q_nps: score(2),
      q_why: text('x'),
    });
    const pastEnd = {
      question_id: 'q_why',
      code: 'past_end',
      message: 'Deze vraag komt na het einde van de survey en hoort niet bij je antwoorden.',
    };
    expect(check(given)).toEqual([pastEnd]);
    expect(check(given, LOGIC, false)).toEqual([pastEnd]);
  });

  it('should not hold required questions against progress that is only saved', () => {
    expect(check(answers({ q_dept: SALES }), LOGIC, false)).toEqual([]);
  });

  it('should leave answers a jump skipped to pruning', () => {
    const logic = logicOf(jump('q_dept', 'q_why', isSales));
    expect(check(answers({ ...COMPLETE, q_nps: score(10) }), logic)).toEqual([]);
  });
});

describe('submissionProblems', () => {
  const compiled = compileLogic(QUESTIONS, LOGIC);
  const problems = (given: LogicAnswers, sent: LogicAnswers = given) =>
    submissionProblems(compiled, compiled.evaluate(given), given, sent);

  it('should find nothing wrong with a complete submission of the path', () => {
    expect(problems(answers(COMPLETE))).toEqual([]);
  });

  it('should refuse an answer sent to a question the path did not show', () => {
    const given = answers({ ...COMPLETE, q_dept: SUPPORT });
    expect(problems(given)).toEqual([
      { question_id: 'q_sales', code: 'not_shown', message: PATH_MESSAGES.notShown },
    ]);
    expect(PATH_MESSAGES.notShown).toBe('Deze vraag werd je niet getoond en hoort niet bij je antwoorden.');
  });

  it('should not hold an answer saved earlier against the submission, nor an empty one sent', () => {
    const { q_sales: saved, ...rest } = COMPLETE;
    const given = answers({ ...rest, q_dept: SUPPORT, q_sales: saved });
    expect(problems(given, answers({ q_dept: SUPPORT }))).toEqual([]);
    expect(problems(answers({ ...rest, q_dept: SUPPORT, q_sales: text('') }))).toEqual([]);
  });

  it('should refuse answers sent past the end screen and ask for required questions only on the path', () => {
    const given = answers({ q_dept: SALES, q_work: { s_desk: 1 }, q_nps: score(2), q_last: text('x') });
    expect(problems(given)).toEqual([
      { question_id: 'q_work', code: 'incomplete', message: PATH_MESSAGES.incomplete },
      { question_id: 'q_last', code: 'past_end', message: PATH_MESSAGES.pastEnd },
    ]);
  });
});
