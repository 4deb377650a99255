import { describe, expect, it } from 'vitest';
import type { Question } from '../../../domain/contract';
import {
  issueCount,
  issuesFromFields,
  keepStillInvalid,
  mergeIssues,
  NO_ISSUES,
  refusalsOf,
} from './surveyEditorIssues';

const question = (id: string, position: number): Question => ({
  id,
  type: 'nps',
  title: `Vraag ${id}`,
  required: false,
  position,
  settings: {},
});

const questions = [question('a', 0), question('7', 1)];

describe('issuesFromFields', () => {
  it('should put index-keyed field errors under the id of the question at that index', () => {
    expect(
      issuesFromFields(
        {
          title: 'Geef de survey een titel.',
          'questions.0.title': 'Vul de vraag in.',
          'questions.1.settings.options.2': 'Vul de antwoordoptie in.',
        },
        questions,
      ),
    ).toEqual({
      survey: { title: 'Geef de survey een titel.' },
      questions: {
        a: { title: 'Vul de vraag in.' },
        7: { 'settings.options.2': 'Vul de antwoordoptie in.' },
      },
    });
  });

  it('should put a refusal keyed by question id under the question as a whole', () => {
    expect(
      issuesFromFields({ 'questions.a': 'Kan niet meer weg.', 'questions.7': 'Vast.' }, questions),
    ).toEqual({
      survey: {},
      questions: { a: { question: 'Kan niet meer weg.' }, 7: { question: 'Vast.' } },
    });
  });

  it('should keep keys it cannot place on the survey, so no message is lost', () => {
    expect(
      issuesFromFields({ questions: 'Te veel vragen.', 'questions.9.title': 'Vul de vraag in.' }, questions),
    ).toEqual({
      survey: { questions: 'Te veel vragen.', 'questions.9.title': 'Vul de vraag in.' },
      questions: {},
    });
  });
});

describe('keepStillInvalid', () => {
  it('should keep only the marks the draft still has, in their current wording, and every refusal', () => {
    const shown = {
      survey: { title: 'Geef de survey een titel.', thank_you_text: 'Te lang.' },
      questions: {
        a: { title: 'Vul de vraag in.', question: 'Geweigerd.' },
        7: { title: 'Vul de vraag in.' },
      },
    };
    const current = {
      survey: { title: 'De titel mag hoogstens 200 tekens lang zijn.', close_at: 'Nieuw probleem.' },
      questions: { 7: { description: 'Ook nieuw.' } },
    };
    expect(keepStillInvalid(shown, current)).toEqual({
      survey: { title: 'De titel mag hoogstens 200 tekens lang zijn.' },
      questions: { a: { question: 'Geweigerd.' } },
    });
  });
});

describe('refusalsOf and mergeIssues', () => {
  it('should pick the refusals and merge two sets with the first winning', () => {
    const issues = {
      survey: { title: 'x' },
      questions: { a: { title: 'Vul de vraag in.', question: 'Geweigerd.' } },
    };
    expect(refusalsOf(issues)).toEqual({ survey: {}, questions: { a: { question: 'Geweigerd.' } } });
    expect(
      mergeIssues({ survey: { title: 'eerste' }, questions: { a: { title: 'eerste' } } }, issues),
    ).toEqual({ survey: { title: 'eerste' }, questions: { a: { title: 'eerste', question: 'Geweigerd.' } } });
  });

  it('should count every message', () => {
    expect(issueCount(NO_ISSUES)).toBe(0);
    expect(issueCount({ survey: { title: 'x' }, questions: { a: { title: 'y', question: 'z' } } })).toBe(3);
  });
});
