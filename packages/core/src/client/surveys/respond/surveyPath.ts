import type { AnswerValue, RespondentView, RespondRequest } from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import {
  type CompiledLogic,
  compileLogic,
  type LogicPath,
  pruneAnswers,
} from '../../../domain/surveys/logic';
import { type AnswersOnPage, respondBody } from './answerLedger';
import {
  DEFAULT_RESPONDENT_LANGUAGE,
  EMPTY_PATH,
  type RespondentContext,
  respondentContext,
} from './respondentPath';
import type { RespondentBrowser } from './respondPorts';

/**
 * The loaded survey's logic, compiled once, with the respondent's context (R-RESP-8, R-RESP-9):
 * where a set of answers leads (< 0.1 ms, so after every answer change) and what a request sends.
 */
export class SurveyPath {
  #logic: CompiledLogic | null = null;
  #context: RespondentContext = { hidden_fields: {}, language: DEFAULT_RESPONDENT_LANGUAGE };

  /**
   * Compiles a loaded survey's logic and settles its hidden field values and language (`chosen`:
   * the one the respondent picked on the page, R-RESP-10).
   */
  load(survey: RespondentView['survey'], browser: RespondentBrowser, chosen: string | null = null): void {
    this.#logic = compileLogic(survey.questions, survey.logic ?? NO_LOGIC);
    this.#context = respondentContext(survey, browser, chosen);
  }

  /** The respondent's language (R-RESP-9): what the logic reads and the page speaks. */
  get language(): string {
    return this.#context.language;
  }

  /** Where these answers lead; nothing before a survey is loaded. */
  of(answers: Readonly<Record<string, AnswerValue>>): LogicPath {
    return this.#logic === null
      ? EMPTY_PATH
      : this.#logic.evaluate(new Map(Object.entries(answers)), this.#context);
  }

  /**
   * Every answer on the path that passes its checks, in survey order, with the seconds counted so
   * far, plus the hidden field values and the language (`pruneAnswers`, R-RESP-8, R-RESP-9).
   */
  body(
    page: AnswersOnPage & { readonly path: LogicPath },
    secondsOf: (questionId: string) => number | undefined,
    final: boolean,
  ): RespondRequest {
    const request = respondBody(page, secondsOf, final);
    return {
      ...request,
      answers: pruneAnswers(page.path, request.answers),
      hidden_fields: this.#context.hidden_fields,
      language: this.#context.language,
    };
  }

  /** The questions on the path with the answers (answers off the path stay in the draft, never sent). */
  static onPath({ questions, answers, path }: AnswersOnPage & { readonly path: LogicPath }): AnswersOnPage {
    return { questions: questions.filter((question) => path.isVisible(question.id)), answers };
  }
}
