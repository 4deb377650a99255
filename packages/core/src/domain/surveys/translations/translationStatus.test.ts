import { describe, expect, it } from 'vitest';
import { NO_LOGIC, type Question, type Survey } from '../../contract';
import { sourceFingerprint, sourceTexts } from './translationSources';
import {
  pruneTranslation,
  translatedSurvey,
  translationStatus,
  translationStatusMessage,
} from './translationStatus';
import { ENGLISH, FULL_ENGLISH, SURVEY } from './translations.fixtures';

const SOURCES = sourceTexts(SURVEY);

const without = (...keys: string[]) =>
  Object.fromEntries(Object.entries(ENGLISH).filter(([key]) => !keys.includes(key)));

describe('translationStatus', () => {
  it('should call a translation of every text complete', () => {
    expect(translationStatus(SOURCES, FULL_ENGLISH)).toEqual({
      complete: true,
      total: SOURCES.length,
      translated: SOURCES.length,
      missing: [],
      unknown: [],
      stale: [],
    });
  });

  it('should list missing and blank texts in survey order, and keys the survey no longer has', () => {
    const status = translationStatus(SOURCES, {
      texts: {
        ...without('questions.q_dept.options.sales', 'title'),
        'questions.q_nps.title': '  ',
        'questions.gone.title': 'Gone',
      },
    });
    expect(status.complete).toBe(false);
    expect(status.missing).toEqual(['title', 'questions.q_dept.options.sales', 'questions.q_nps.title']);
    expect(status.unknown).toEqual(['questions.gone.title']);
    expect(status.translated).toBe(SOURCES.length - 3);
  });

  it('should call everything missing without a translation', () => {
    expect(translationStatus(SOURCES, undefined).missing).toHaveLength(SOURCES.length);
  });

  it('should call a text stale when its Dutch text changed since it was translated', () => {
    const translation = {
      texts: ENGLISH,
      source_fingerprints: {
        title: sourceFingerprint('Medewerkers 2026'),
        'questions.q_dept.options.sales': sourceFingerprint('Verkoop en marketing'),
      },
    };
    const status = translationStatus(SOURCES, translation);
    expect(status.stale).toEqual(['questions.q_dept.options.sales']);
    expect(status.complete).toBe(true);
  });

  it('should not be fooled by a key named like an object property', () => {
    const status = translationStatus(SOURCES, {
      texts: JSON.parse('{"__proto__": "x", "constructor": "y"}'),
    });
    expect(status.unknown).toEqual(['__proto__', 'constructor']);
    expect(status.missing).toHaveLength(SOURCES.length);
  });
});

describe('translationStatusMessage', () => {
  it('should name the language, the count and the first missing text as a draft names a question', () => {
    const translation = {
      texts: without('questions.q_dept.options.sales', 'questions.q_dept.options.it', 'thank_you_text'),
    };
    expect(translationStatusMessage('en', SOURCES, translationStatus(SOURCES, translation))).toBe(
      "Engels: 3 teksten ontbreken, o.a. Vraag 2 ('Afdeling'): keuze 'Verkoop'.",
    );
  });

  it('should use the singular for one text and add the stale ones', () => {
    const translation = {
      texts: without('title'),
      source_fingerprints: { 'questions.q_dept.title': sourceFingerprint('Team') },
    };
    expect(translationStatusMessage('de', SOURCES, translationStatus(SOURCES, translation))).toBe(
      "Duits: 1 tekst ontbreekt, o.a. De titel van de survey; 1 tekst is in het Nederlands veranderd sinds de vertaling, o.a. Vraag 2 ('Afdeling'): de vraagtekst.",
    );
  });

  it('should say so when every text is translated', () => {
    expect(translationStatusMessage('en', SOURCES, translationStatus(SOURCES, FULL_ENGLISH))).toBe(
      'Engels: alle teksten zijn vertaald.',
    );
  });
});

describe('pruneTranslation', () => {
  it('should drop the texts and fingerprints whose source is gone and keep the rest', () => {
    const translation = {
      texts: { ...ENGLISH, 'questions.gone.title': 'Gone', 'end_screens.old.text': 'Old' },
      source_fingerprints: { title: 'abcdef01', 'questions.gone.title': '01234567' },
    };
    expect(pruneTranslation(SOURCES, translation)).toEqual({
      texts: ENGLISH,
      source_fingerprints: { title: 'abcdef01' },
    });
  });

  it('should keep a translation without fingerprints without them', () => {
    expect(pruneTranslation(SOURCES, { texts: { title: 'T', x: 'y' } })).toEqual({ texts: { title: 'T' } });
  });
});

describe('translatedSurvey', () => {
  const byId = (questions: readonly Question[], id: string) =>
    questions.find((question) => question.id === id);

  it('should replace every text and keep ids, order, settings and logic', () => {
    const english = translatedSurvey(SURVEY, FULL_ENGLISH);
    expect(english.title).toBe('Employees 2026');
    expect(english.description_html).toBe('<p>Yearly <strong>survey</strong> &amp; more</p>');
    expect(english.thank_you_text).toBe('Thank you!');
    expect(english.questions.map((question) => question.id)).toEqual(
      SURVEY.questions.map((question) => question.id),
    );
    expect(byId(english.questions, 'q_dept')).toEqual({
      ...byId(SURVEY.questions, 'q_dept'),
      title: 'Department',
      settings: {
        options: [
          { id: 'sales', label: 'Sales' },
          { id: 'it', label: 'IT' },
        ],
        allow_other: false,
      },
    });
    expect(byId(english.questions, 'q_work')).toMatchObject({
      description: '',
      settings: {
        labels: ['Disagree', '', 'Neutral', '', 'Agree'],
        statements: [
          { id: 's_desk', text: 'My desk is good' },
          { id: 's_light', text: 'There is enough "light"' },
        ],
        points: 5,
      },
    });
    expect(byId(english.questions, 'q_nps')?.settings).toEqual({ low_label: 'Never', high_label: 'Surely' });
    expect(english.logic?.end_screens).toEqual([
      { id: 'end_early', text: 'Thanks, you are done.', redirect_url: 'https://example.nl' },
      { id: 'end_blank', text: '' },
    ]);
    expect(english.invitation).toEqual({
      subject: 'Join: {titel}',
      body: 'Dear {naam},\r\n\r\nWould you join?',
    });
  });

  it('should fall back to the Dutch text for each missing or blank translation', () => {
    const partial = translatedSurvey(SURVEY, {
      texts: { ...without('questions.q_dept.options.sales'), title: ' ' },
    });
    expect(partial.title).toBe('Medewerkers 2026');
    const dept = byId(partial.questions, 'q_dept');
    expect(dept?.type === 'single_choice' && dept.settings.options.map((option) => option.label)).toEqual([
      'Verkoop',
      'IT',
    ]);
  });

  it('should give back the survey itself without a translation, and keep any other field of it', () => {
    expect(translatedSurvey(SURVEY, undefined)).toBe(SURVEY);
    const withId = { ...SURVEY, id: 7, status: 'open' as const };
    expect(translatedSurvey(withId, FULL_ENGLISH)).toMatchObject({ id: 7, status: 'open' });
  });

  it('should leave out what the survey leaves out', () => {
    const { logic: _logic, invitation: _invitation, ...rest } = SURVEY;
    const bare = translatedSurvey(rest, FULL_ENGLISH);
    expect('logic' in bare).toBe(false);
    expect('invitation' in bare).toBe(false);
    expect('description' in (byId(bare.questions, 'q_dept') ?? {})).toBe(false);
  });

  it('should take a whole Survey and give back a Survey with its logic rules intact', () => {
    const survey: Survey = {
      id: 1,
      organization_id: 2,
      title: SURVEY.title,
      description_html: SURVEY.description_html,
      introduction_html: SURVEY.introduction_html,
      thank_you_text: SURVEY.thank_you_text,
      status: 'draft',
      close_at: null,
      created_at: '2026-11-29T12:00:00Z',
      updated_at: '2026-11-29T12:00:00Z',
      published_at: null,
      closed_at: null,
      questions: SURVEY.questions,
      logic: { ...NO_LOGIC, end_screens: SURVEY.logic?.end_screens ?? [], hidden_fields: ['bron'] },
      languages: [],
      translations: {},
      max_responses: null,
      quotas: [],
      version: 3,
      estimated_seconds: 60,
      retention_until: null,
      retention_months: null,
      anonymous: false,
    };
    const english: Survey = translatedSurvey(survey, FULL_ENGLISH);
    expect(english.logic.hidden_fields).toEqual(['bron']);
    expect(english.logic.end_screens[0]?.text).toBe('Thanks, you are done.');
    expect(english.version).toBe(3);
  });
});
