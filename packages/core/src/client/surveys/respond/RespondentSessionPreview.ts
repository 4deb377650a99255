import { apiFailure, apiOk } from '../../../domain/api';
import type { Question, RespondentBranding, RespondentView, Survey } from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import { openingProblems, validateSubmission } from '../../../domain/surveys/model';
import type { Clock, Timer } from '../../session';
import { RespondentSession } from './RespondentSession';
import type { AnswerDraft, RespondGateway } from './respondPorts';

/** The token the preview pretends to answer on; nothing is ever sent to the server. */
export const PREVIEW_TOKEN = 'voorbeeld';

/** What the preview shows of a survey's questions, and how many it leaves out. */
export interface PreviewQuestions {
  readonly questions: readonly Question[];
  readonly leftOut: number;
}

/**
 * The questions a respondent could get: a draft's incomplete questions are saved but cannot reach a
 * respondent (docs/decisions/surveys.md, 'Drafts are always saved'), so the preview leaves them out too
 * rather than show a question without text or choices.
 */
export function previewQuestions(survey: Pick<Survey, 'title' | 'questions'>): PreviewQuestions {
  const incomplete = new Set(openingProblems(survey).map((problem) => problem.question_id));
  const questions = survey.questions.filter((question) => !incomplete.has(question.id));
  return { questions, leftOut: survey.questions.length - questions.length };
}

/** The preview's note about the questions it leaves out; null when it shows them all. */
export const leftOutText = (leftOut: number): string | null =>
  leftOut === 0
    ? null
    : leftOut === 1
      ? '1 vraag is nog niet af en staat niet in dit voorbeeld.'
      : `${leftOut} vragen zijn nog niet af en staan niet in dit voorbeeld.`;

/** The title a draft without one is previewed with. */
const UNTITLED = 'Naamloze survey';

/** What a respondent would get for this survey, with nothing answered yet. */
export function previewView(
  survey: Pick<
    Survey,
    | 'title'
    | 'description_html'
    | 'introduction_html'
    | 'thank_you_text'
    | 'close_at'
    | 'questions'
    | 'estimated_seconds'
  >,
  branding: RespondentBranding,
): RespondentView {
  return {
    status: 'open',
    link_kind: 'personal',
    anonymous: false,
    branding,
    survey: {
      title: survey.title.trim() || UNTITLED,
      description_html: survey.description_html,
      introduction_html: survey.introduction_html,
      thank_you_text: survey.thank_you_text,
      close_at: survey.close_at,
      questions: previewQuestions(survey).questions,
      logic: NO_LOGIC,
      hidden_values: {},
      language: null,
      estimated_seconds: survey.estimated_seconds,
      saved_answers: [],
    },
  };
}

/**
 * A gateway that stores nothing: it answers the view it was given and checks submissions with the
 * server's own rules (so the preview refuses exactly what the real page would refuse).
 */
export function createPreviewRespondGateway(view: RespondentView): RespondGateway {
  return {
    view: async () => apiOk(view),
    respond: async (_token, request) => {
      const check = validateSubmission(view.survey.questions, request.answers, { final: request.final });
      if (!check.ok) {
        const fields = Object.fromEntries(
          Object.entries(check.fields).map(([key, message]) => [
            key === 'answers' ? key : `answers.${key}`,
            message,
          ]),
        );
        return apiFailure(400, check.detail, fields);
      }
      return apiOk({ status: request.final ? 'completed' : 'in_progress', response_token: PREVIEW_TOKEN });
    },
  };
}

/** The answering page's session for a preview: the same behaviour, kept in memory, never stored. */
export function createPreviewSession(
  view: RespondentView,
  deps: { readonly clock: Clock; readonly timer: Timer },
): RespondentSession {
  const drafts = new Map<string, AnswerDraft>();
  return new RespondentSession({
    gateway: createPreviewRespondGateway(view),
    clock: deps.clock,
    timer: deps.timer,
    keys: { newKey: () => 'voorbeeld-respondent' },
    links: { read: () => null, write: () => {} },
    drafts: {
      read: (token) => drafts.get(token) ?? null,
      write: (token, draft) => drafts.set(token, draft),
      clear: (token) => drafts.delete(token),
    },
    location: { showToken: () => {} },
  });
}
