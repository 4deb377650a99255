import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import type { RespondentBranding, Survey } from '../../../domain/contract';
import { createPreviewSession, leftOutText, PREVIEW_TOKEN, previewQuestions, previewView } from '../respond';
import { createSurveyPreview, respondentBrandingOf } from './surveyPreview';

const BRANDING: RespondentBranding = {
  organization_name: 'Acme',
  logo_url: null,
  background_url: null,
  primary_color: '#0f766e',
};

const SURVEY = {
  title: 'Peiling',
  description_html: '',
  introduction_html: '<p>Welkom</p>',
  thank_you_text: 'Dank je!',
  close_at: null,
  questions: [{ id: 'q-nps', type: 'nps', title: 'Aanbevelen?', required: true, position: 0, settings: {} }],
  estimated_seconds: 17,
  saved_answers: [],
};

const clock = { now: () => 0 };
const timer = { after: () => () => {} };

describe('surveyPreview', () => {
  it("should give the answering page the organisation's branding with cache-busting versions", () => {
    expect(
      respondentBrandingOf(
        { logo_url: '/uploads/1/logo.png', background_url: null, primary_color: '#112233', version: '7' },
        'Acme',
      ),
    ).toEqual({
      organization_name: 'Acme',
      logo_url: '/uploads/1/logo.png?v=7',
      background_url: null,
      primary_color: '#112233',
    });
    expect(respondentBrandingOf(null, 'Acme')).toEqual({
      organization_name: 'Acme',
      logo_url: null,
      background_url: null,
      primary_color: null,
    });
  });

  it('should load the survey and the invitation, and start every preview session empty', async () => {
    const survey = { ...SURVEY, id: 4, estimated_seconds: 95 } as unknown as Survey;
    const invitation = {
      subject: 'Uitnodiging',
      from: 'Acme <noreply@loop.nl>',
      html: '<p>Hoi</p>',
      text: 'Hoi',
      language: 'nl',
      languages: ['nl', 'en'],
    };
    const asked: (string | undefined)[] = [];
    const preview = createSurveyPreview({
      surveys: { get: async (id) => (id === 4 ? apiOk(survey) : apiFailure(404, 'Niet gevonden.')) },
      invitations: {
        invitationPreview: async (_id, language) => {
          asked.push(language);
          return apiOk(invitation);
        },
      },
    });
    expect(await preview.survey(5)).toMatchObject({ ok: false, status: 404 });
    expect(await preview.survey(4)).toEqual({ ok: true, value: survey });
    expect(await preview.invitation(4)).toEqual({ ok: true, value: invitation });
    await preview.invitation(4, 'en');
    expect(asked).toEqual([undefined, 'en']);
    const first = createPreviewSession(previewView(survey, BRANDING), { clock, timer });
    await first.start(PREVIEW_TOKEN);
    first.begin();
    first.setAnswer('q-nps', { score: 3 });
    const second = createPreviewSession(previewView(survey, BRANDING), { clock, timer });
    await second.start(PREVIEW_TOKEN);
    expect(second.getSnapshot()).toMatchObject({ phase: 'intro', answers: {} });
    expect(second.getSnapshot().survey?.estimated_seconds).toBe(95);
  });

  it("should leave a draft's incomplete questions out of the preview and say how many", async () => {
    const draft = {
      ...SURVEY,
      title: ' ',
      questions: [
        ...SURVEY.questions,
        {
          id: 'q-empty',
          type: 'open_short',
          title: '',
          required: true,
          position: 1,
          settings: { max_length: 250 },
        },
        {
          id: 'q-choice',
          type: 'single_choice',
          title: 'Afdeling',
          required: true,
          position: 2,
          settings: { options: [], allow_other: false },
        },
      ],
    } as unknown as Survey;
    expect(previewQuestions(draft)).toEqual({ questions: [SURVEY.questions[0]], leftOut: 2 });
    expect([0, 1, 2].map(leftOutText)).toEqual([
      null,
      '1 vraag is nog niet af en staat niet in dit voorbeeld.',
      '2 vragen zijn nog niet af en staan niet in dit voorbeeld.',
    ]);
    const session = createPreviewSession(previewView(draft, BRANDING), { clock, timer });
    await session.start(PREVIEW_TOKEN);
    expect(session.getSnapshot().survey).toMatchObject({
      title: 'Naamloze survey',
      questions: [SURVEY.questions[0]],
    });
  });
});
