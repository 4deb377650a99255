import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { QUESTION_TYPES } from './surveyLimits';
import { openingProblems, READINESS_MESSAGES } from './surveyReadiness';
import { checkSurveyDraft } from './surveyValidation';
import { likert, multiple, nps, single } from './surveyValidation.fixtures';

const complete = [likert, single, nps] as unknown as Question[];

const emptyOpen = (id: string, position: number): Question => ({
  id,
  type: 'open_short',
  title: '',
  required: false,
  position,
  settings: { max_length: 250 },
});

describe('openingProblems', () => {
  it('should find nothing to fill in on a complete survey', () => {
    expect(openingProblems({ title: 'Teamcheck', questions: complete })).toEqual([]);
  });

  it('should name each empty question by its number, one item per question', () => {
    const questions = [emptyOpen('a', 0), emptyOpen('b', 1), emptyOpen('c', 2), emptyOpen('d', 3)];
    expect(openingProblems({ title: 'Teamcheck', questions })).toEqual(
      ['a', 'b', 'c', 'd'].map((id, index) => ({
        question_id: id,
        question_number: index + 1,
        codes: ['question_title_missing'],
        fields: ['title'],
        reason: 'vul de vraagtekst in',
        message: `Vraag ${index + 1}: vul de vraagtekst in`,
      })),
    );
  });

  it('should name a question by its text when it has one, and give every reason once', () => {
    const afdeling = {
      ...single,
      title: 'Afdeling',
      settings: { options: [{ id: 'o1', label: '' }], allow_other: false },
    };
    expect(openingProblems({ title: 'Teamcheck', questions: [likert, afdeling] as never })).toEqual([
      {
        question_id: 'q2',
        question_number: 2,
        codes: ['option_missing', 'options_too_few'],
        fields: ['settings.options.0', 'settings.options'],
        reason: 'vul antwoordoptie 1 in en voeg minstens twee keuzes toe',
        message: "Vraag 2 ('Afdeling'): vul antwoordoptie 1 in en voeg minstens twee keuzes toe",
      },
    ]);
  });

  it('should gather items of one kind into one reason, numbered from 1', () => {
    const statements = [
      { id: 's1', text: '' },
      { id: 's2', text: 'Goed' },
      { id: 's3', text: ' goed ' },
      { id: 's4', text: '' },
    ];
    const labels = ['Oneens', '', 'Neutraal', '', 'Eens'];
    const question = { ...likert, title: '', settings: { ...likert.settings, labels, statements } };
    const [problem] = openingProblems({ title: 'Teamcheck', questions: [question] as never });
    expect(problem?.message).toBe(
      'Vraag 1: vul de vraagtekst in, vul de labels van punt 2 en 4 in, vul stellingen 1 en 4 in en stelling 3 is dubbel',
    );
  });

  it('should ask for the survey title first, apart from the questions', () => {
    const problems = openingProblems({ title: '  ', questions: [likert, emptyOpen('b', 1)] as never });
    expect(problems.map((problem) => [problem.question_id, problem.message])).toEqual([
      [null, 'Geef de survey een titel'],
      ['b', 'Vraag 2: vul de vraagtekst in'],
    ]);
    expect(problems[0]).toMatchObject({
      question_number: null,
      codes: ['survey_title_missing'],
      fields: ['title'],
    });
  });

  it('should name choice limits that no longer fit the choices', () => {
    const question = {
      ...multiple,
      title: 'Middelen',
      settings: { ...multiple.settings, allow_other: false, min_choices: 3, max_choices: 5 },
    };
    const [problem] = openingProblems({ title: 'Teamcheck', questions: [question] as never });
    expect(problem).toMatchObject({
      codes: ['min_choices_invalid', 'max_choices_invalid'],
      message:
        "Vraag 1 ('Middelen'): het minimum aantal keuzes moet een heel getal van 1 tot en met 2 zijn en het maximum aantal keuzes moet een heel getal van 2 tot en met 2 zijn",
    });
  });

  it('should shorten a long question text in the message', () => {
    const [problem] = openingProblems({
      title: 'Teamcheck',
      questions: [
        { ...likert, title: 'x'.repeat(80), settings: { ...likert.settings, statements: [] } },
      ] as never,
    });
    expect(problem?.message).toBe(`Vraag 1 ('${'x'.repeat(59)}…'): voeg minstens één stelling toe`);
  });

  it('should list content that is not even a usable draft, so it can never open', () => {
    const problems = openingProblems({
      title: 'x'.repeat(201),
      questions: [{ ...nps, id: '__proto__' }] as never,
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      'De titel mag hoogstens 200 tekens lang zijn.',
      "Vraag 1 ('Aanbevelen?'): deze vraag heeft geen geldig id",
    ]);
  });

  it('should put the first five items in the server detail and count the rest', () => {
    const messages = Array.from({ length: 7 }, (_, index) => `Vraag ${index + 1}: vul de vraagtekst in`);
    expect(READINESS_MESSAGES.detail(messages)).toBe(
      'Nog niet klaar om te publiceren. Maak eerst af: Vraag 1: vul de vraagtekst in; Vraag 2: vul de vraagtekst in; ' +
        'Vraag 3: vul de vraagtekst in; Vraag 4: vul de vraagtekst in; Vraag 5: vul de vraagtekst in; en nog 2 punten.',
    );
  });

  it('should name only stored questions for any draft the server could store', () => {
    const item = fc.record({ id: fc.constantFrom('a', 'b', 'c'), label: fc.string(), text: fc.string() });
    const question = fc.record({
      id: fc.constantFrom('q1', 'q2', 'q3', 'q4'),
      type: fc.constantFrom(...QUESTION_TYPES),
      title: fc.oneof(fc.string(), fc.constant('')),
      required: fc.boolean(),
      position: fc.nat(5),
      settings: fc.record({
        points: fc.constantFrom(5, 7),
        labels: fc.array(fc.string(), { maxLength: 7 }),
        neutral_middle: fc.boolean(),
        statements: fc.array(item, { maxLength: 3 }),
        options: fc.array(item, { maxLength: 3 }),
        allow_other: fc.boolean(),
        min_choices: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        max_choices: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        max_length: fc.integer({ min: 1, max: 5000 }),
        scale: fc.constant(5),
        style: fc.constantFrom('stars', 'numbers'),
      }),
    });
    fc.assert(
      fc.property(fc.string(), fc.array(question, { maxLength: 4 }), (title, questions) => {
        const checked = checkSurveyDraft({ title, questions });
        if (!checked.ok) return;
        const problems = openingProblems(checked.value);
        const ids = checked.value.questions.map((q) => q.id);
        for (const problem of problems) {
          if (problem.question_id !== null) expect(ids).toContain(problem.question_id);
          expect(problem.message.length).toBeGreaterThan(0);
        }
        expect(problems.length === 0).toBe(checked.gaps.length === 0);
      }),
      { numRuns: 300 },
    );
  });
});
