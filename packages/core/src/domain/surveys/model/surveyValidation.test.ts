import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { QUESTIONS_MAX, SURVEY_TITLE_MAX_LENGTH } from './surveyLimits';
import { checkSurveyDraft, validateCompleteSurvey } from './surveyValidation';
import { likert, M, multiple, nps, single, withSettings } from './surveyValidation.fixtures';

describe('validateCompleteSurvey', () => {
  const draft = {
    title: 'Medewerkerstevredenheid 2026',
    description_html: '<p>Jaarlijkse peiling</p>',
    introduction_html: '<p>Welkom!</p>',
    thank_you_text: 'Bedankt!',
    close_at: null,
    questions: [likert, single],
  };

  it('should accept a valid draft', () => {
    expect(validateCompleteSurvey(draft)).toEqual({ ok: true, value: draft });
  });

  it('should put the title on one line (R-TEXT-2)', () => {
    expect(validateCompleteSurvey({ ...draft, title: ' Peiling\r\nBcc: x\u0000 ' })).toEqual({
      ok: true,
      value: { ...draft, title: 'Peiling Bcc: x' },
    });
  });

  it('should fill absent optional texts and questions with empty values', () => {
    expect(validateCompleteSurvey({ title: 'Kort' })).toEqual({
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
    expect(validateCompleteSurvey({ ...draft, title: ' ' })).toEqual({
      ok: false,
      fields: { title: 'Geef de survey een titel.' },
    });
    expect(validateCompleteSurvey({ ...draft, title: 'x'.repeat(SURVEY_TITLE_MAX_LENGTH) }).ok).toBe(true);
    expect(validateCompleteSurvey({ ...draft, title: 'x'.repeat(201) })).toEqual({
      ok: false,
      fields: { title: 'De titel mag hoogstens 200 tekens lang zijn.' },
    });
  });

  it('should limit the rich texts and the thank-you text', () => {
    expect(
      validateCompleteSurvey({
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
    expect(validateCompleteSurvey({ ...draft, thank_you_text: 5 })).toEqual({
      ok: false,
      fields: { thank_you_text: 'Deze tekst kon niet worden gelezen.' },
    });
  });

  it('should read the close date as an ISO timestamp in UTC', () => {
    const check = validateCompleteSurvey({ ...draft, close_at: '2026-12-01T17:00:00+01:00' });
    expect(check.ok && check.value.close_at).toBe('2026-12-01T16:00:00.000Z');
    expect(validateCompleteSurvey({ ...draft, close_at: '' }).ok && true).toBe(true);
    expect(validateCompleteSurvey({ ...draft, close_at: 'volgende week' })).toEqual({
      ok: false,
      fields: { close_at: 'Vul een geldige sluitdatum in.' },
    });
  });

  it('should report question errors under questions.<index>', () => {
    expect(validateCompleteSurvey({ ...draft, questions: [likert, { ...single, title: '' }] })).toEqual({
      ok: false,
      fields: { 'questions.1.title': 'Vul de vraag in.' },
    });
  });

  it('should refuse two questions with one id', () => {
    expect(validateCompleteSurvey({ ...draft, questions: [likert, { ...single, id: 'q1' }] })).toEqual({
      ok: false,
      fields: { 'questions.1.id': 'Elke vraag moet een eigen id hebben.' },
    });
  });

  it('should refuse an unreadable list or more than 100 questions', () => {
    expect(validateCompleteSurvey({ ...draft, questions: 'geen' })).toEqual({
      ok: false,
      fields: { questions: 'De vragen konden niet worden gelezen.' },
    });
    const many = Array.from({ length: QUESTIONS_MAX + 1 }, (_, i) => ({ ...nps, id: `q${i}`, position: i }));
    expect(validateCompleteSurvey({ ...draft, questions: many })).toEqual({
      ok: false,
      fields: { questions: 'Een survey kan hoogstens 100 vragen hebben.' },
    });
  });

  it('should sort the questions by position and number them from 0', () => {
    const check = validateCompleteSurvey({
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
    expect(validateCompleteSurvey(null)).toEqual({ ok: false, fields: { title: M.surveyTitleMissing } });
  });
});

describe('checkSurveyDraft', () => {
  const blank = { id: 'q9', type: 'single_choice', title: ' ', required: false, position: 0 };

  it('should keep an incomplete draft as it is, listing what it still lacks', () => {
    const check = checkSurveyDraft({
      title: '',
      questions: [
        { ...blank, settings: { options: [], allow_other: false } },
        { ...likert, position: 1, settings: { ...likert.settings, statements: [{ id: 's1', text: '' }] } },
      ],
    });
    expect(check).toEqual({
      ok: true,
      value: {
        title: '',
        description_html: '',
        introduction_html: '',
        thank_you_text: '',
        close_at: null,
        questions: [
          { ...blank, title: '', settings: { options: [], allow_other: false } },
          { ...likert, position: 1, settings: { ...likert.settings, statements: [{ id: 's1', text: '' }] } },
        ],
      },
      gaps: [
        { key: 'title', code: 'survey_title_missing', message: M.surveyTitleMissing },
        { key: 'questions.0.title', code: 'question_title_missing', message: M.questionTitleMissing },
        { key: 'questions.0.settings.options', code: 'options_too_few', message: M.optionsTooFew },
        { key: 'questions.1.settings.statements.0', code: 'statement_missing', message: M.statementMissing },
      ],
    });
  });

  it('should keep choice limits beyond the options typed so far as a gap', () => {
    const check = checkSurveyDraft({
      title: 'Kort',
      questions: [
        { ...multiple, position: 0, settings: { ...multiple.settings, min_choices: 5, max_choices: 6 } },
      ],
    });
    expect(check.ok && check.value.questions[0]?.settings).toMatchObject({ min_choices: 5, max_choices: 6 });
    expect(check.ok && check.gaps.map((gap) => gap.code)).toEqual([
      'min_choices_invalid',
      'max_choices_invalid',
    ]);
  });

  it('should find no gaps in a complete survey', () => {
    expect(checkSurveyDraft({ title: 'Kort', questions: [likert, single] })).toMatchObject({
      ok: true,
      gaps: [],
    });
  });

  it.each([
    ['a wrong type', { title: 42 }, { title: M.textUnreadable }],
    [
      'a title too long',
      { title: 'x'.repeat(201) },
      { title: 'De titel mag hoogstens 200 tekens lang zijn.' },
    ],
    [
      'a question text that is no text',
      { title: 'T', questions: [{ ...nps, title: { html: '<b>' } }] },
      { 'questions.0.title': M.textUnreadable },
    ],
    [
      'a question text too long',
      { title: 'T', questions: [{ ...nps, title: 'x'.repeat(301) }] },
      { 'questions.0.title': M.questionTitleTooLong },
    ],
    [
      'an id that could pollute an object',
      { title: 'T', questions: [{ ...nps, id: '__proto__' }] },
      { 'questions.0.id': M.questionIdInvalid },
    ],
    [
      'an unknown type',
      { title: 'T', questions: [{ ...nps, type: 'script' }] },
      { 'questions.0.type': M.typeInvalid },
    ],
    [
      'no settings',
      { title: 'T', questions: [{ ...nps, settings: 'x' }] },
      { 'questions.0.settings': M.settingsMissing },
    ],
    [
      'options that are no list',
      { title: 'T', questions: [withSettings(single, { options: 'Rood' })] },
      { 'questions.0.settings.options': M.listUnreadable },
    ],
    [
      'an option without a good id',
      { title: 'T', questions: [withSettings(single, { options: [{ id: '', label: '' }] })] },
      { 'questions.0.settings.options.0': M.itemIdInvalid },
    ],
    [
      'a choice limit that is no whole number',
      { title: 'T', questions: [withSettings(multiple, { min_choices: 1.5 })] },
      { 'questions.0.settings.min_choices': M.minChoicesInvalid(3) },
    ],
    [
      'a likert scale of 6 points',
      { title: 'T', questions: [withSettings(likert, { points: 6 })] },
      { 'questions.0.settings.points': M.pointsInvalid },
    ],
    [
      'more than 100 questions',
      { title: 'T', questions: Array.from({ length: 101 }, (_, i) => ({ ...nps, id: `q${i}` })) },
      { questions: M.tooManyQuestions },
    ],
  ])('should still refuse %s', (_name, input, fields) => {
    expect(checkSurveyDraft(input)).toEqual({ ok: false, fields });
  });
});
