import { describe, expect, it } from 'vitest';
import type { Question, QuestionOf, SurveyTemplate } from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import {
  createQuestion,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  validateCompleteSurvey,
} from '../../../domain/surveys/model';
import {
  BLANK_SURVEY,
  changeQuestionType,
  closeAtFromInput,
  closeAtToInput,
  editorLocks,
  isAllowedSurveyLink,
  LINK_MESSAGES,
  questionCountText,
  renamedTemplate,
  surveyLinkFrom,
  templateMetaErrors,
} from './surveyEditorRules';

const counter = () => {
  let n = 0;
  return { newId: () => `id-${++n}` };
};

const choice: QuestionOf<'multiple_choice'> = {
  id: 'q1',
  type: 'multiple_choice',
  title: 'Welke dagen?',
  description: 'Kies er een paar.',
  required: true,
  position: 2,
  settings: {
    options: [
      { id: 'o1', label: 'Maandag' },
      { id: 'o2', label: 'Dinsdag' },
    ],
    allow_other: true,
    min_choices: 1,
    max_choices: 2,
  },
};

describe('QUESTION_TYPE_LABELS', () => {
  it('should name every question type in Dutch', () => {
    expect(QUESTION_TYPES.map((type) => QUESTION_TYPE_LABELS[type])).toEqual([
      'Likert',
      'Enkele keuze',
      'Meerkeuze',
      'Open vraag (kort)',
      'Open vraag (lang)',
      'NPS',
      'Beoordeling',
      'Tekstblok',
      'Getal',
      'Keuzelijst',
      'Datum',
      'Rangorde',
    ]);
  });
});

describe('changeQuestionType', () => {
  it('should keep id, texts, required and place, with the new type’s default settings', () => {
    const changed = changeQuestionType(choice, 'likert', counter());
    expect(changed).toMatchObject({
      id: 'q1',
      type: 'likert',
      title: 'Welke dagen?',
      description: 'Kies er een paar.',
      required: true,
      position: 2,
    });
    expect(changed.type === 'likert' && changed.settings.points).toBe(5);
  });

  it('should keep the options between multiple and single choice and drop the limits', () => {
    expect(changeQuestionType(choice, 'single_choice', counter())).toEqual({
      ...choice,
      type: 'single_choice',
      settings: { options: choice.settings.options, allow_other: true },
    });
  });

  it('should keep the maximum length between short and long open text', () => {
    const short = { ...createQuestion('open_short', counter()), settings: { max_length: 400 } } as Question;
    expect(changeQuestionType(short, 'open_long', counter())).toMatchObject({
      type: 'open_long',
      settings: { max_length: 400 },
    });
  });

  it('should answer the same question for the same type', () => {
    expect(changeQuestionType(choice, 'multiple_choice', counter())).toBe(choice);
  });
});

describe('editorLocks', () => {
  it('should lock nothing without answers', () => {
    expect(editorLocks([choice], { ...choice, required: false }, 0)).toMatchObject({
      remove: false,
      type: false,
      required: false,
      lockedItemIds: [],
    });
  });

  it('should lock a saved question by its saved state once there are answers', () => {
    const saved = { ...choice, required: false };
    const edited = {
      ...saved,
      settings: { ...saved.settings, options: [...saved.settings.options, { id: 'o3', label: 'Woensdag' }] },
    };
    expect(editorLocks([saved], edited, 3)).toEqual({
      remove: true,
      type: true,
      points: false,
      required: true,
      optionOrder: true,
      other: true,
      lockedItemIds: ['o1', 'o2'],
    });
  });

  it('should leave a question added since the last save free, except becoming required', () => {
    const added = createQuestion('likert', counter());
    expect(editorLocks([choice], added, 3)).toEqual({
      remove: false,
      type: false,
      points: false,
      required: true,
      optionOrder: false,
      other: false,
      lockedItemIds: [],
    });
  });
});

describe('closeAtToInput and closeAtFromInput', () => {
  it('should round-trip a date through the local datetime-local value', () => {
    const iso = new Date(2026, 5, 1, 17, 30).toISOString();
    expect(closeAtToInput(iso)).toBe('2026-06-01T17:30');
    expect(closeAtFromInput('2026-06-01T17:30')).toBe(iso);
  });

  it('should read empty as no close date and keep unreadable text for the validation', () => {
    expect(closeAtToInput(null)).toBe('');
    expect(closeAtToInput('gisteren')).toBe('');
    expect(closeAtFromInput('  ')).toBeNull();
    expect(closeAtFromInput('morgen')).toBe('morgen');
  });
});

describe('templates', () => {
  it('should ask for a name', () => {
    expect(templateMetaErrors({ name: ' ', description: '' })).toEqual({
      name: 'Geef het sjabloon een naam.',
    });
    expect(templateMetaErrors({ name: 'Teamcheck', description: '' })).toEqual({});
  });

  it('should rename a template and keep its content', () => {
    const template: SurveyTemplate = {
      id: 3,
      organization_id: 7,
      built_in: false,
      name: 'Oud',
      description: 'Oude omschrijving',
      title: 'Teamcheck',
      description_html: '<p>x</p>',
      introduction_html: '',
      thank_you_text: 'Dank',
      questions: [choice],
      logic: NO_LOGIC,
      languages: ['en'],
      translations: { en: { texts: { title: 'Team check' } } },
      estimated_seconds: 20,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(renamedTemplate(template, { name: ' Nieuw ', description: ' Kort ' })).toEqual({
      name: 'Nieuw',
      description: 'Kort',
      title: 'Teamcheck',
      description_html: '<p>x</p>',
      introduction_html: '',
      thank_you_text: 'Dank',
      questions: [choice],
      logic: NO_LOGIC,
      languages: ['en'],
      translations: { en: { texts: { title: 'Team check' } } },
    });
  });
});

describe('surveyLinkFrom', () => {
  it('should accept web and e-mail addresses and complete bare ones', () => {
    expect(surveyLinkFrom(' https://www.loop.nl/privacy ')).toEqual({
      ok: true,
      href: 'https://www.loop.nl/privacy',
    });
    expect(surveyLinkFrom('http://intranet.example.nl')).toEqual({
      ok: true,
      href: 'http://intranet.example.nl',
    });
    expect(surveyLinkFrom('mailto:hr@loop.nl')).toEqual({ ok: true, href: 'mailto:hr@loop.nl' });
    expect(surveyLinkFrom('www.loop.nl')).toEqual({ ok: true, href: 'https://www.loop.nl' });
    expect(surveyLinkFrom('hr@loop.nl')).toEqual({ ok: true, href: 'mailto:hr@loop.nl' });
  });

  it('should refuse script, data and other addresses with a Dutch message', () => {
    for (const href of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://loop.nl',
      'vbscript:x',
      'loop',
    ])
      expect(surveyLinkFrom(href)).toEqual({ ok: false, message: LINK_MESSAGES.invalid });
    expect(surveyLinkFrom('  ')).toEqual({ ok: false, message: LINK_MESSAGES.missing });
    expect(isAllowedSurveyLink('JavaScript:alert(1)')).toBe(false);
    expect(isAllowedSurveyLink('https://loop.nl')).toBe(true);
  });
});

describe('BLANK_SURVEY and questionCountText', () => {
  it('should start a blank survey that the server accepts as it is', () => {
    expect(validateCompleteSurvey(BLANK_SURVEY)).toEqual({ ok: true, value: BLANK_SURVEY });
  });

  it('should count questions in Dutch', () => {
    expect([0, 1, 2].map(questionCountText)).toEqual(['0 vragen', '1 vraag', '2 vragen']);
  });
});
