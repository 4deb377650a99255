import { apiFailure, apiOk } from '../../../domain/api';
import type {
  Question,
  RespondentBranding,
  RespondentView,
  Survey,
  SurveyLogic,
} from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import {
  answerMap,
  compileLogic,
  PATH_MESSAGES,
  pathProblems,
  pruneAnswers,
} from '../../../domain/surveys/logic';
import { openingProblems, validateSubmission } from '../../../domain/surveys/model';
import type { Clock, Timer } from '../../session';
import { RespondentSession } from './RespondentSession';
import type { AnswerDraft, RespondentBrowser, RespondGateway } from './respondPorts';

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
  > & { readonly logic?: SurveyLogic },
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
      // The preview follows the same path as the page (R-RESP-3, R-RESP-8).
      logic: survey.logic ?? NO_LOGIC,
      hidden_values: {},
      language: null,
      estimated_seconds: survey.estimated_seconds,
      saved_answers: [],
    },
  };
}

/**
 * A gateway that stores nothing: it answers the view it was given and checks submissions with the
 * server's own rules along the path the answers lead to (so the preview refuses exactly what the
 * real page would refuse): answers past an end screen are refused, other answers off the path
 * dropped, and only the questions on the path are required.
 */
export function createPreviewRespondGateway(view: RespondentView): RespondGateway {
  const logic = compileLogic(view.survey.questions, view.survey.logic ?? NO_LOGIC);
  return {
    view: async () => apiOk(view),
    respond: async (_token, request) => {
      const given = answerMap(Array.isArray(request.answers) ? request.answers : []);
      const context = { hidden_fields: request.hidden_fields, language: request.language };
      const path = logic.evaluate(given, context);
      const pastEnd = pathProblems(logic, path, given, { final: false });
      if (pastEnd.length > 0) {
        const fields = Object.fromEntries(
          pastEnd.map((problem) => [`answers.${problem.question_id}`, problem.message]),
        );
        return apiFailure(400, PATH_MESSAGES.pastEnd, fields);
      }
      const onPath = logic.questions.filter((question) => path.isVisible(question.id));
      const answers = Array.isArray(request.answers) ? pruneAnswers(path, request.answers) : request.answers;
      const check = validateSubmission(onPath, answers, { final: request.final });
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

/** A preview without an address or a browser language of its own: no hidden values, Dutch. */
const NO_BROWSER: RespondentBrowser = { query: () => ({}), language: () => null };

/**
 * The answering page's session for a preview: the same behaviour and the same path, kept in memory,
 * never stored; `browser` may give hidden field values and a language to try a path with. An end
 * screen's address is offered, never followed by itself.
 */
export function createPreviewSession(
  view: RespondentView,
  deps: { readonly clock: Clock; readonly timer: Timer; readonly browser?: RespondentBrowser },
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
    browser: deps.browser ?? NO_BROWSER,
  });
}
