import { describe, expect, it } from 'vitest';
import { sourceFingerprint, sourceTexts } from './translationSources';
import { SURVEY } from './translations.fixtures';

describe('sourceTexts', () => {
  it('should list every text under its stable key in the order a respondent meets them', () => {
    expect(sourceTexts(SURVEY).map((source) => source.key)).toEqual([
      'title',
      'description_html',
      'introduction_html',
      'questions.q_work.title',
      'questions.q_work.statements.s_desk',
      'questions.q_work.statements.s_light',
      'questions.q_work.labels.1',
      'questions.q_work.labels.3',
      'questions.q_work.labels.5',
      'questions.q_dept.title',
      'questions.q_dept.options.sales',
      'questions.q_dept.options.it',
      'questions.q_tools.title',
      'questions.q_tools.description',
      'questions.q_tools.options.mail',
      'questions.q_tools.options.chat',
      'questions.q_nps.title',
      'questions.q_nps.low_label',
      'questions.q_nps.high_label',
      'questions.q_sat.title',
      'questions.q_why.title',
      'questions.q_more.title',
      'thank_you_text',
      'end_screens.end_early.text',
      'invitation.subject',
      'invitation.body',
    ]);
  });

  it('should mark the rich texts as html and give each the limit of its Dutch field', () => {
    const byKey = new Map(sourceTexts(SURVEY).map((source) => [source.key, source]));
    expect(byKey.get('description_html')).toMatchObject({ kind: 'html', max_length: 20_000 });
    expect(byKey.get('title')).toMatchObject({ kind: 'plain', max_length: 200 });
    expect(byKey.get('questions.q_work.labels.1')).toMatchObject({ kind: 'plain', max_length: 60 });
    expect(byKey.get('questions.q_dept.options.sales')?.max_length).toBe(200);
    expect(byKey.get('end_screens.end_early.text')?.max_length).toBe(1000);
  });

  it('should name where each text stands as the list of what a draft lacks names a question', () => {
    const byKey = new Map(sourceTexts(SURVEY).map((source) => [source.key, source.label]));
    expect(byKey.get('questions.q_dept.options.sales')).toBe("Vraag 2 ('Afdeling'): keuze 'Verkoop'");
    expect(byKey.get('questions.q_work.labels.3')).toBe("Vraag 1 ('Werkplek'): het label van punt 3");
    expect(byKey.get('questions.q_more.title')).toBe("Vraag 7 ('Nog iets? Vertel het ons.'): de vraagtekst");
    expect(byKey.get('end_screens.end_early.text')).toBe("Eindscherm 1 ('Bedankt, je bent klaar.')");
    expect(byKey.get('invitation.subject')).toBe('Het onderwerp van de uitnodiging');
  });

  it('should leave out empty optional texts, the invitation and end screens when there are none', () => {
    const keys = sourceTexts({
      ...SURVEY,
      description_html: '  ',
      logic: undefined,
      invitation: undefined,
    }).map((source) => source.key);
    expect(keys).not.toContain('description_html');
    expect(keys.some((key) => key.startsWith('end_screens.') || key.startsWith('invitation.'))).toBe(false);
    expect(keys).not.toContain('questions.q_work.description');
    expect(keys).not.toContain('questions.q_work.labels.2');
  });

  it('should keep a key when its question or choice moves', () => {
    const moved = {
      ...SURVEY,
      questions: SURVEY.questions.map((question) =>
        question.id === 'q_dept' && question.type === 'single_choice'
          ? {
              ...question,
              position: 9,
              settings: { ...question.settings, options: [...question.settings.options].reverse() },
            }
          : question,
      ),
    };
    const before = new Set(sourceTexts(SURVEY).map((source) => source.key));
    expect(new Set(sourceTexts(moved).map((source) => source.key))).toEqual(before);
  });
});

describe('sourceFingerprint', () => {
  it('should give the same text the same 8 hex digits and another text others', () => {
    expect(sourceFingerprint('Verkoop')).toMatch(/^[0-9a-f]{8}$/);
    expect(sourceFingerprint('Verkoop')).toBe(sourceFingerprint('Verkoop'));
    expect(sourceFingerprint('Verkoop')).not.toBe(sourceFingerprint('Verkoop '));
    expect(sourceFingerprint('')).toBe('811c9dc5');
  });
});
