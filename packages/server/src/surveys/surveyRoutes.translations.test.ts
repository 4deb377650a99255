import type { Survey, SurveyNotReadyBody } from '@loop/core';
import { sourceTexts, translationStatus, translationStatusMessage } from '@loop/core/surveys/translations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyTypeLogic } from '../testing/logicTesting';
import { call, createSurvey, publicToken } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization, surveySnapshot } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { englishOf } from '../testing/translationTesting';
import { TRANSLATION_ERRORS } from './surveyTranslations';

/** A survey's languages and translations on the surveys API (issue 26, R-SURV-18, R-SURV-19). */
let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Talen BV');
});

afterAll(async () => {
  await ctx?.close();
});

const put = (survey: Survey, changes: Record<string, unknown>) =>
  call(ctx, org, 'PUT', `/surveys/${survey.id}`, {
    title: survey.title,
    description_html: survey.description_html,
    introduction_html: survey.introduction_html,
    thank_you_text: survey.thank_you_text,
    close_at: survey.close_at,
    questions: survey.questions,
    version: survey.version,
    ...changes,
  });

describe('survey translations on the surveys API', () => {
  it('should store languages with their translations, keep them on a save without them, and have none without', async () => {
    const draft = await createSurvey(ctx, org, { logic: everyTypeLogic() }, { open: false });
    expect(draft).toMatchObject({ languages: [], translations: {} });
    const english = englishOf(draft);
    const saved = await put(draft, { languages: ['en'], translations: { en: english } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Survey>()).toMatchObject({ languages: ['en'], translations: { en: english } });
    const kept = await put(saved.json<Survey>(), { title: 'Andere titel' });
    expect(kept.json<Survey>()).toMatchObject({ languages: ['en'], translations: { en: english } });
    // A language taken off the list takes its translation with it.
    const dropped = await put(kept.json<Survey>(), { languages: [] });
    expect(dropped.json<Survey>()).toMatchObject({ languages: [], translations: {} });
  });

  it('should refuse Dutch, unknown and repeated languages and unlisted translations, storing nothing', async () => {
    const draft = await createSurvey(ctx, org, {}, { open: false });
    const before = await surveySnapshot(ctx);
    const dutch = await put(draft, { languages: ['en', 'nl'] });
    expect(dutch.statusCode).toBe(400);
    expect(dutch.json()).toEqual({
      detail: TRANSLATION_ERRORS.languageMain,
      fields: { languages: TRANSLATION_ERRORS.languageMain },
    });
    const unknown = await put(draft, { languages: ['xx'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ languages: TRANSLATION_ERRORS.languageUnknown('xx') });
    const twice = await put(draft, { languages: ['en', 'en'] });
    expect(twice.json()).toEqual({
      detail: TRANSLATION_ERRORS.languageDuplicate('en'),
      fields: { languages: TRANSLATION_ERRORS.languageDuplicate('en') },
    });
    const unlisted = await put(draft, { languages: ['en'], translations: { de: { texts: {} } } });
    expect(unlisted.json()).toEqual({
      detail: TRANSLATION_ERRORS.translationUnlisted('de'),
      fields: { 'translations.de': TRANSLATION_ERRORS.translationUnlisted('de') },
    });
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should refuse a text over its field limit, sanitise HTML and prune keys whose Dutch text is gone', async () => {
    const draft = await createSurvey(ctx, org, {}, { open: false });
    const long = await put(draft, {
      languages: ['en'],
      translations: { en: { texts: { 'questions.q-single.options.o-thuis': 'x'.repeat(201) } } },
    });
    expect(long.statusCode).toBe(400);
    const source = sourceTexts(draft).find((item) => item.key === 'questions.q-single.options.o-thuis');
    expect(long.json().fields).toEqual({
      'translations.en.questions.q-single.options.o-thuis': TRANSLATION_ERRORS.textTooLong(
        source?.label ?? '',
        source?.max_length ?? 0,
      ),
    });

    const saved = await put(draft, {
      languages: ['en'],
      translations: {
        en: {
          texts: {
            title: 'Staff survey',
            introduction_html: '<p onclick="steal()">Welcome<script>alert(1)</script></p>',
            'questions.q-gone.title': 'A deleted question',
            'end_screens.e-gone.text': 'Gone',
          },
          source_fingerprints: { title: '12345678', 'questions.q-gone.title': 'abcdef01' },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Survey>().translations).toEqual({
      en: {
        texts: { title: 'Staff survey', introduction_html: '<p>Welcome</p>' },
        source_fingerprints: { title: '12345678' },
      },
    });
    // Deleting a question prunes its stored translations on the next save.
    const withoutSingle = saved.json<Survey>().questions.filter((question) => question.id !== 'q-single');
    const full = await put(saved.json<Survey>(), {
      translations: { en: { texts: { 'questions.q-single.title': 'Where do you work?' } } },
    });
    const pruned = await put(full.json<Survey>(), { questions: withoutSingle });
    expect(pruned.json<Survey>().translations).toEqual({ en: { texts: {} } });
  });

  it('should copy languages and translations to a duplicate under the new question ids', async () => {
    const draft = await createSurvey(ctx, org, { logic: everyTypeLogic() }, { open: false });
    const saved = await put(draft, { languages: ['en', 'de'], translations: { en: englishOf(draft) } });
    const duplicate = await call(ctx, org, 'POST', `/surveys/${saved.json<Survey>().id}/duplicate`);
    expect(duplicate.statusCode).toBe(201);
    const copy = duplicate.json<Survey>();
    expect(copy.languages).toEqual(['en', 'de']);
    expect(copy.questions.map((question) => question.id)).not.toContain('q-single');
    // The copy's own texts, under its own ids: complete but for the title, which got ' (kopie)'.
    const status = translationStatus(sourceTexts(copy), copy.translations.en);
    expect(status).toMatchObject({ missing: [], unknown: [] });
    const single = copy.questions.find((question) => question.title === 'Waar werk je meestal?');
    expect(copy.translations.en?.texts[`questions.${single?.id}.options.o-thuis`]).toBe('EN Thuis');
    expect(copy.translations.de).toBeUndefined();
  });

  it('should refuse to open a survey with an incomplete language, naming what is missing', async () => {
    const draft = await createSurvey(ctx, org, {}, { open: false });
    const english = englishOf(draft);
    const { 'questions.q-single.options.o-thuis': _left, ...partial } = english.texts;
    const saved = await put(draft, { languages: ['en'], translations: { en: { texts: partial } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const opening = await call(ctx, org, 'POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(opening.statusCode).toBe(409);
    const body = opening.json<SurveyNotReadyBody & { detail: string; fields: Record<string, string> }>();
    const sources = sourceTexts(draft);
    const message = translationStatusMessage('en', sources, translationStatus(sources, { texts: partial }));
    expect(message).toContain("keuze 'Thuis'");
    expect(body.problems).toEqual([
      {
        question_id: null,
        question_number: null,
        codes: ['translation_incomplete'],
        fields: ['translations.en'],
        reason: message.slice(0, -1),
        message: message.slice(0, -1),
      },
    ]);
    expect(body.fields).toEqual({ 'translations.en': message.slice(0, -1) });
    expect(body.detail).toContain('Engels: 1 tekst ontbreekt');

    const completed = await put(saved.json<Survey>(), { translations: { en: english } });
    const opened = await call(ctx, org, 'POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);

    // Open: texts may change, also into an incomplete English, which is then not offered until complete.
    const open = opened.json<Survey>();
    expect(completed.statusCode).toBe(200);
    const retitled = await put(open, {
      translations: { en: { texts: { ...english.texts, title: 'Staff survey' } } },
    });
    expect(retitled.statusCode, retitled.body).toBe(200);
    const incomplete = await put(retitled.json<Survey>(), { translations: { en: { texts: partial } } });
    expect(incomplete.statusCode, incomplete.body).toBe(200);
    const publicLink = await publicToken(ctx, org, draft.id);
    const served = await call(ctx, org, 'GET', `/respond/${publicLink}?lang=en`);
    expect(served.json()).toMatchObject({ survey: { title: open.title, language: null } });
    expect(served.json().survey).not.toHaveProperty('languages');
    const completedAgain = await put(incomplete.json<Survey>(), { translations: { en: english } });
    expect(completedAgain.statusCode).toBe(200);
    const newChoice = retitled.json<Survey>().questions.map((question) =>
      question.id === 'q-single' && question.type === 'single_choice'
        ? {
            ...question,
            settings: {
              ...question.settings,
              options: [...question.settings.options, { id: 'o-onderweg', label: 'Onderweg' }],
            },
          }
        : question,
    );
    // A new choice makes English incomplete again: saved, and English is no longer offered.
    const untranslated = await put(completedAgain.json<Survey>(), { questions: newChoice });
    expect(untranslated.statusCode, untranslated.body).toBe(200);
    const again = await call(ctx, org, 'GET', `/respond/${publicLink}?lang=en`);
    expect(again.json().survey).not.toHaveProperty('languages');
  });
});
