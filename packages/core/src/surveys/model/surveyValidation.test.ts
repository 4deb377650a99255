import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { QUESTIONS_MAX, SURVEY_TITLE_MAX_LENGTH } from './surveyLimits';
import { validateSurveyDraft } from './surveyValidation';
import { likert, M, nps, single } from './surveyValidation.fixtures';

describe('validateSurveyDraft', () => {
  const draft = {
    title: 'Medewerkerstevredenheid 2026',
    description_html: '<p>Jaarlijkse peiling</p>',
    introduction_html: '<p>Welkom!</p>',
    thank_you_text: 'Bedankt!',
    close_at: null,
    questions: [likert, single],
  };

  it('should accept a valid draft', () => {
    expect(validateSurveyDraft(draft)).toEqual({ ok: true, value: draft });
  });

  it('should fill absent optional texts and questions with empty values', () => {
    expect(validateSurveyDraft({ title: 'Kort' })).toEqual({
      ok: true,
      value: {
        title: 'Kort',
        description_html: '',
        introduction_html: '',
        thank_you_text: '',
        close_at: null,
        questions: [],
      },
    });
  });

  it('should ask for a title of at most 200 characters', () => {
    expect(validateSurveyDraft({ ...draft, title: ' ' })).toEqual({
      ok: false,
      fields: { title: 'Geef de survey een titel.' },
    });
    expect(validateSurveyDraft({ ...draft, title: 'x'.repeat(SURVEY_TITLE_MAX_LENGTH) }).ok).toBe(true);
    expect(validateSurveyDraft({ ...draft, title: 'x'.repeat(201) })).toEqual({
      ok: false,
      fields: { title: 'De titel mag hoogstens 200 tekens lang zijn.' },
    });
  });

  it('should limit the rich texts and the thank-you text', () => {
    expect(
      validateSurveyDraft({
        ...draft,
        description_html: 'x'.repeat(20_001),
        introduction_html: 'x'.repeat(20_001),
        thank_you_text: 'x'.repeat(1001),
      }),
    ).toEqual({
      ok: false,
      fields: {
        description_html: 'De beschrijving mag hoogstens 20.000 tekens lang zijn.',
        introduction_html: 'De introductie mag hoogstens 20.000 tekens lang zijn.',
        thank_you_text: 'De bedanktekst mag hoogstens 1.000 tekens lang zijn.',
      },
    });
    expect(validateSurveyDraft({ ...draft, thank_you_text: 5 })).toEqual({
      ok: false,
      fields: { thank_you_text: 'Deze tekst kon niet worden gelezen.' },
    });
  });

  it('should read the close date as an ISO timestamp in UTC', () => {
    const check = validateSurveyDraft({ ...draft, close_at: '2026-12-01T17:00:00+01:00' });
    expect(check.ok && check.value.close_at).toBe('2026-12-01T16:00:00.000Z');
    expect(validateSurveyDraft({ ...draft, close_at: '' }).ok && true).toBe(true);
    expect(validateSurveyDraft({ ...draft, close_at: 'volgende week' })).toEqual({
      ok: false,
      fields: { close_at: 'Vul een geldige sluitdatum in.' },
    });
  });

  it('should report question errors under questions.<index>', () => {
    expect(validateSurveyDraft({ ...draft, questions: [likert, { ...single, title: '' }] })).toEqual({
      ok: false,
      fields: { 'questions.1.title': 'Vul de vraag in.' },
    });
  });

  it('should refuse two questions with one id', () => {
    expect(validateSurveyDraft({ ...draft, questions: [likert, { ...single, id: 'q1' }] })).toEqual({
      ok: false,
      fields: { 'questions.1.id': 'Elke vraag moet een eigen id hebben.' },
    });
  });

  it('should refuse an unreadable list or more than 100 questions', () => {
    expect(validateSurveyDraft({ ...draft, questions: 'geen' })).toEqual({
      ok: false,
      fields: { questions: 'De vragen konden niet worden gelezen.' },
    });
    const many = Array.from({ length: QUESTIONS_MAX + 1 }, (_, i) => ({ ...nps, id: `q${i}`, position: i }));
    expect(validateSurveyDraft({ ...draft, questions: many })).toEqual({
      ok: false,
      fields: { questions: 'Een survey kan hoogstens 100 vragen hebben.' },
    });
  });

  it('should sort the questions by position and number them from 0', () => {
    const check = validateSurveyDraft({
      ...draft,
      questions: [
        { ...single, position: 9 },
        { ...likert, position: 4 },
        { ...nps, position: 4 },
      ],
    });
    const questions = check.ok ? (check.value.questions as Question[]) : [];
    expect(questions.map((q) => [q.id, q.position])).toEqual([
      ['q1', 0],
      ['q5', 1],
      ['q2', 2],
    ]);
  });

  it('should treat a non-object as a draft without title', () => {
    expect(validateSurveyDraft(null)).toEqual({ ok: false, fields: { title: M.surveyTitleMissing } });
  });
});
