import { describe, expect, it } from 'vitest';
import type { Question, QuestionType } from '../../contract';
import {
  addQuestion,
  createQuestion,
  duplicateQuestion,
  type IdSource,
  LIKERT_DEFAULT_LABELS,
  moveQuestion,
  removeQuestion,
  renumberQuestions,
  withLikertPoints,
} from './questionEdits';
import { QUESTION_TYPES } from './surveyLimits';
import { validateQuestion } from './surveyValidation';

const counter = (): IdSource => {
  let n = 0;
  return { newId: () => `id${++n}` };
};

const q = (id: string, position: number): Question => ({
  id,
  type: 'nps',
  title: `Vraag ${id}`,
  required: false,
  position,
  settings: {},
});
const ids = (questions: readonly Question[]) => questions.map((question) => question.id);
const positions = (questions: readonly Question[]) => questions.map((question) => question.position);

describe('renumberQuestions', () => {
  it('should sort by position, keep ties in list order and number from 0', () => {
    const result = renumberQuestions([q('c', 7), q('a', 2), q('b', 2)]);
    expect(ids(result)).toEqual(['a', 'b', 'c']);
    expect(positions(result)).toEqual([0, 1, 2]);
  });

  it('should keep questions that already have the right position as they are', () => {
    const a = q('a', 0);
    expect(renumberQuestions([a])[0]).toBe(a);
  });
});

describe('createQuestion', () => {
  it.each(QUESTION_TYPES)(
    'should create an optional %s question that only needs a title',
    (type: QuestionType) => {
      const question = createQuestion(type, counter(), 4);
      expect(question).toMatchObject({ id: 'id1', type, title: '', required: false, position: 4 });
      const check = validateQuestion(question);
      expect(check.ok ? {} : check.fields).toEqual(
        type === 'likert'
          ? { title: 'Vul de vraag in.', 'settings.statements.0': 'Vul de stelling in.' }
          : { title: 'Vul de vraag in.' },
      );
    },
  );

  it('should use Dutch defaults', () => {
    const likert = createQuestion('likert', counter());
    expect(likert.settings).toMatchObject({
      points: 5,
      labels: LIKERT_DEFAULT_LABELS[5],
      neutral_middle: true,
    });
    expect(createQuestion('single_choice', counter()).settings).toEqual({
      options: [
        { id: 'id2', label: 'Optie 1' },
        { id: 'id3', label: 'Optie 2' },
      ],
      allow_other: false,
    });
    expect(createQuestion('open_short', counter()).settings).toEqual({ max_length: 250 });
    expect(createQuestion('open_long', counter()).settings).toEqual({ max_length: 2000 });
    expect(createQuestion('nps', counter()).settings).toEqual({
      low_label: 'Zeer onwaarschijnlijk',
      high_label: 'Zeer waarschijnlijk',
    });
    expect(createQuestion('rating', counter()).settings).toEqual({ scale: 5, style: 'stars' });
  });
});

describe('LIKERT_DEFAULT_LABELS', () => {
  it('should have a label per point with neutral in the middle', () => {
    expect(LIKERT_DEFAULT_LABELS[5][2]).toBe('Neutraal');
    expect(LIKERT_DEFAULT_LABELS[7]).toHaveLength(7);
    expect(LIKERT_DEFAULT_LABELS[7][3]).toBe('Neutraal');
  });
});

describe('withLikertPoints', () => {
  const settings = {
    points: 5 as const,
    labels: LIKERT_DEFAULT_LABELS[5],
    neutral_middle: true,
    statements: [],
  };

  it('should switch default labels to the defaults of the new size', () => {
    expect(withLikertPoints(settings, 7).labels).toEqual(LIKERT_DEFAULT_LABELS[7]);
    expect(withLikertPoints(withLikertPoints(settings, 7), 5).labels).toEqual(LIKERT_DEFAULT_LABELS[5]);
  });

  it('should keep custom labels and leave the new points to fill in', () => {
    const custom = { ...settings, labels: ['Nooit', 'Zelden', 'Soms', 'Vaak', 'Altijd'] };
    expect(withLikertPoints(custom, 7).labels).toEqual(['Nooit', 'Zelden', 'Soms', 'Vaak', 'Altijd', '', '']);
    expect(
      withLikertPoints({ ...custom, points: 7, labels: ['1', '2', '3', '4', '5', '6', '7'] }, 5).labels,
    ).toEqual(['1', '2', '3', '4', '5']);
  });

  it('should change nothing for the same size', () => {
    expect(withLikertPoints(settings, 5)).toBe(settings);
  });
});

describe('addQuestion', () => {
  it('should append at the end', () => {
    const result = addQuestion([q('a', 0), q('b', 5)], q('c', 0));
    expect(ids(result)).toEqual(['a', 'b', 'c']);
    expect(positions(result)).toEqual([0, 1, 2]);
  });
});

describe('duplicateQuestion', () => {
  it('should insert a copy with fresh ids right after the original', () => {
    const choice: Question = {
      id: 'c',
      type: 'multiple_choice',
      title: 'Kies',
      required: true,
      position: 1,
      settings: {
        options: [
          { id: 'o1', label: 'A' },
          { id: 'o2', label: 'B' },
        ],
        allow_other: true,
        max_choices: 2,
      },
    };
    const result = duplicateQuestion([q('a', 0), choice, q('z', 2)], 'c', counter());
    expect(ids(result)).toEqual(['a', 'c', 'id1', 'z']);
    expect(positions(result)).toEqual([0, 1, 2, 3]);
    expect(result[2]).toEqual({
      ...choice,
      id: 'id1',
      position: 2,
      settings: {
        ...choice.settings,
        options: [
          { id: 'id2', label: 'A' },
          { id: 'id3', label: 'B' },
        ],
      },
    });
  });

  it('should give Likert statements fresh ids', () => {
    const likert = createQuestion('likert', counter());
    const result = duplicateQuestion([likert], likert.id, {
      newId: (() => {
        let n = 0;
        return () => `copy${++n}`;
      })(),
    });
    const copy = result[1] as Question & { type: 'likert' };
    expect(copy.id).toBe('copy1');
    expect(copy.settings.statements.map((s) => s.id)).toEqual(['copy2']);
  });

  it('should change nothing for an unknown id', () => {
    expect(ids(duplicateQuestion([q('a', 0)], 'x', counter()))).toEqual(['a']);
  });
});

describe('moveQuestion', () => {
  const list = [q('a', 0), q('b', 1), q('c', 2), q('d', 3)];

  it('should move a question to a new index', () => {
    expect(ids(moveQuestion(list, 'a', 2))).toEqual(['b', 'c', 'a', 'd']);
    expect(ids(moveQuestion(list, 'd', 0))).toEqual(['d', 'a', 'b', 'c']);
    expect(positions(moveQuestion(list, 'd', 0))).toEqual([0, 1, 2, 3]);
  });

  it('should clamp the index and ignore unknown ids', () => {
    expect(ids(moveQuestion(list, 'b', 99))).toEqual(['a', 'c', 'd', 'b']);
    expect(ids(moveQuestion(list, 'c', -5))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(moveQuestion(list, 'x', 0))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('removeQuestion', () => {
  it('should remove and renumber', () => {
    const result = removeQuestion([q('a', 0), q('b', 1), q('c', 2)], 'b');
    expect(ids(result)).toEqual(['a', 'c']);
    expect(positions(result)).toEqual([0, 1]);
    expect(ids(removeQuestion(result, 'x'))).toEqual(['a', 'c']);
  });
});
