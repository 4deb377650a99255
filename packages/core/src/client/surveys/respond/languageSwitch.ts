import type { RespondentSurvey } from '../../../domain/contract';
import { canSwitchTo } from './respondentLoad';
import { askedLanguage, respondentLanguage } from './respondentPath';
import type { RespondentState } from './respondentState';
import type { RespondentSessionDeps } from './respondPorts';

/**
 * The language the page asks the server for (R-RESP-9, R-RESP-10): the one picked on the page's
 * switcher, else `?lang=`; and the survey loaded again in a language picked on the switcher.
 */
export class LanguageSwitch {
  readonly #deps: Pick<RespondentSessionDeps, 'gateway' | 'browser'>;
  /** The language picked on the switcher; null until one is. */
  chosen: string | null = null;

  constructor(deps: Pick<RespondentSessionDeps, 'gateway' | 'browser'>) {
    this.#deps = deps;
  }

  /** What the page speaks before the survey is loaded: `?lang=` or the browser's language. */
  before(): string {
    return respondentLanguage(this.chosen, this.#deps.browser.query(), this.#deps.browser.language());
  }

  /** The language a load asks for (`?lang=xx` on GET /respond/:token), if any. */
  requested(): string | undefined {
    return this.chosen ?? askedLanguage(this.#deps.browser) ?? undefined;
  }

  /**
   * The survey in `language`, one of its `languages`, while the respondent is answering; null
   * when the page cannot switch (then it stays as it is).
   */
  async load(
    token: string,
    state: () => RespondentState,
    language: string,
  ): Promise<RespondentSurvey | null> {
    if (!canSwitchTo(state(), language)) return null;
    const answer = await this.#deps.gateway.view(token, language);
    if (!answer.ok || !canSwitchTo(state(), language)) return null;
    this.chosen = language;
    return answer.value.survey;
  }
}
