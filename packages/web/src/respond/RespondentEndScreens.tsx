import {
  knownText,
  quotaScreenText,
  REDIRECT_DELAY_MS,
  type RespondentSession,
  type RespondentState,
} from '@loop/core/surveys/respond';
import type { RefObject } from 'react';
import { useRespondWords } from './respondWords';

export interface ScreenProps {
  readonly state: RespondentState;
  readonly session: RespondentSession;
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
}

/** The page could not be loaded (retrying may help) or is not available: why, in the page's language. */
export function UnavailableScreen({ state, session, headingRef }: ScreenProps) {
  const words = useRespondWords();
  return (
    <div className="respondent-message">
      <h1 ref={headingRef} tabIndex={-1}>
        {state.canRetry ? words.notLoaded : words.unavailable}
      </h1>
      <p>{state.message === null ? null : knownText(words, state.message)}</p>
      {state.canRetry ? (
        <button type="button" className="respondent-button" onClick={() => void session.retry()}>
          {words.retry}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The thank-you screen; on an end screen the path reached, that screen's text instead of the
 * survey's, with 'Doorgaan' to its address when core found it safe (R-RESP-8).
 */
export function ThankYouScreen({ state, headingRef, session }: ScreenProps) {
  const words = useRespondWords();
  if (state.full !== null) return <FullScreen state={state} headingRef={headingRef} session={session} />;
  const thanks = state.endScreen ? state.endScreen.text : (state.survey?.thank_you_text ?? '');
  const redirect = state.redirectUrl;
  return (
    <div className="respondent-message respondent-thanks">
      <h1 ref={headingRef} tabIndex={-1}>
        {state.alreadySubmitted ? words.alreadyDone : words.thanks}
      </h1>
      {state.alreadySubmitted ? <p>{words.access.alreadySubmitted}</p> : null}
      {thanks ? <p className="respondent-thanks-text">{thanks}</p> : null}
      {state.alreadySubmitted ? null : redirect ? (
        <>
          <p>{words.sent}</p>
          {state.redirectsSoon ? <p role="status">{words.redirectSoon(REDIRECT_DELAY_MS / 1000)}</p> : null}
          <p>
            <a className="respondent-button respondent-link-button" href={redirect} rel="noopener noreferrer">
              {words.proceed}
            </a>
          </p>
        </>
      ) : (
        <p>{words.sentClose}</p>
      )}
    </div>
  );
}

/**
 * A survey at its cap ('Deze survey is vol') or a full quota (its own text) instead of the
 * thank-you (R-RESP-13): nothing was submitted, so no 'sent' line.
 */
function FullScreen({ state, headingRef }: ScreenProps) {
  const words = useRespondWords();
  const quota = state.full === 'quota';
  const text = quota ? quotaScreenText(words, state.endScreen?.text ?? '') : words.fullText;
  return (
    <div className="respondent-message respondent-thanks respondent-full">
      <h1 ref={headingRef} tabIndex={-1}>
        {quota ? words.quotaFullTitle : words.fullTitle}
      </h1>
      {text ? <p className="respondent-thanks-text">{text}</p> : null}
    </div>
  );
}
