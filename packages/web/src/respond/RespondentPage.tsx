import { systemClock } from '@loop/adapters';
import type { RespondentBranding } from '@loop/core';
import { brandPalette, DEFAULT_PRIMARY_COLOR } from '@loop/core/branding';
import type { Clock } from '@loop/core/session';
import { estimateMinutes } from '@loop/core/surveys/model';
import {
  knownText,
  onLastQuestion,
  questionErrorText,
  type RespondentSession,
  type RespondentState,
  type RespondentWords,
  respondentEstimate,
  respondentProgress,
} from '@loop/core/surveys/respond';
import {
  type CSSProperties,
  type FormEvent,
  type ReactNode,
  type RefCallback,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { LanguageSwitcher } from './LanguageSwitcher';
import { QuestionField } from './QuestionField';
import { fieldIds } from './QuestionFrame';
import { type ScreenProps, ThankYouScreen, UnavailableScreen } from './RespondentEndScreens';
import { RespondClock } from './respondClock';
import { RespondWords, usePageWords, useRespondWords } from './respondWords';
import './respond.css';

const cssUrl = (src: string): string => `url(${JSON.stringify(src)})`;

/** The session's state, re-rendered on every change. */
export function useRespondentState(session: RespondentSession): RespondentState {
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}

/**
 * The answering page (`/respond/:token`), one question per screen: the respondent's phone shows one
 * question at a time at a readable size, 'Volgende' is the natural moment to save progress, and the
 * progress bar tells how far along they are (the Typeform pattern). The preview renders this same
 * component on a session that stores nothing (`embedded`: inside the app's own main landmark).
 *
 * The introduction and description are HTML: the server sanitised them with DOMPurify and the
 * survey allow-list before storing them, and the page's CSP forbids inline scripts, so they are
 * inserted as they arrive and this page carries no sanitiser of its own.
 */
export function RespondentPage({
  session,
  token,
  embedded = false,
  notice,
  clock = systemClock,
}: {
  session: RespondentSession;
  token: string;
  /** The clock the fields measure typing pauses on (the entry's or the app's; the system clock if none). */
  clock?: Clock;
  embedded?: boolean;
  /** Shown above the page (the preview's banner). */
  notice?: ReactNode;
}) {
  const state = useRespondentState(session);
  // The preview sits in the app, which speaks Dutch, beside the survey's texts in its main language.
  const words = usePageWords(embedded ? 'nl' : state.language);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void session.start(token);
  }, [session, token]);

  // Time counts only while the question is in view; leaving the tab also saves what is unsaved.
  useEffect(() => {
    const onVisibility = () => (document.visibilityState === 'hidden' ? session.pause() : session.resume());
    const onPageHide = () => session.pause();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [session]);

  // The document speaks the page's language, right to left in Arabic (R-RESP-10), from the same
  // commit that shows its words (a layout effect: never a painted frame with words in another `lang`).
  useLayoutEffect(() => {
    if (embedded) return;
    document.documentElement.lang = words.language;
    document.documentElement.dir = words.dir;
  }, [embedded, words]);

  const title = state.survey?.title ?? null;
  useEffect(() => {
    if (!embedded) document.title = title ? `${title} – Survey` : 'Survey';
  }, [embedded, title]);

  // Each new screen moves focus to its heading, so screen readers read the new question.
  const screen = `${state.phase}:${state.index}`;
  const firstScreen = useRef<string | null>(null);
  useEffect(() => {
    if (state.phase === 'loading') return;
    if (firstScreen.current === null) {
      firstScreen.current = screen;
      return;
    }
    headingRef.current?.focus();
  }, [screen, state.phase]);

  const palette = brandPalette(state.branding?.primary_color ?? DEFAULT_PRIMARY_COLOR);
  const style = {
    '--brand': palette.brand,
    '--on-brand': palette.onBrand,
    '--brand-ink': palette.brandInk,
  } as CSSProperties;
  const background = state.branding?.background_url ?? null;
  const Landmark = embedded ? 'div' : 'main';

  return (
    <RespondClock value={clock}>
      <RespondWords value={words}>
        <div
          className={embedded ? 'respondent respondent-embedded' : 'respondent'}
          style={style}
          lang={words.language}
          dir={words.dir}
        >
          <div
            className="respondent-backdrop"
            aria-hidden="true"
            style={background ? { backgroundImage: cssUrl(background) } : undefined}
          />
          {notice}
          {state.branding ? <BrandHeader branding={state.branding} /> : null}
          <Landmark className="respondent-main">
            <div className="respondent-card">
              <LanguageSwitcher state={state} session={session} />
              <Screen state={state} session={session} headingRef={headingRef} />
            </div>
          </Landmark>
        </div>
      </RespondWords>
    </RespondClock>
  );
}

function BrandHeader({ branding }: { branding: RespondentBranding }) {
  return (
    <header className="respondent-header">
      {branding.logo_url ? (
        <img className="respondent-logo" src={branding.logo_url} alt={branding.organization_name} />
      ) : (
        <span className="respondent-org">{branding.organization_name}</span>
      )}
    </header>
  );
}

function Screen(props: ScreenProps) {
  const words = useRespondWords();
  switch (props.state.phase) {
    case 'loading':
      return (
        <p className="respondent-loading" role="status">
          {words.loading}
        </p>
      );
    case 'unavailable':
      return <UnavailableScreen {...props} />;
    case 'intro':
      return <IntroScreen {...props} />;
    case 'question':
      return <QuestionScreen {...props} />;
    case 'completed':
      return <ThankYouScreen {...props} />;
  }
}

/** Survey rich text as the server sent it: sanitised there (see RespondentPage), so inserted as is. */
function RichText({ html, className }: { html: string; className: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server with the survey allow-list
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function IntroScreen({ state, session, headingRef }: ScreenProps) {
  const words = useRespondWords();
  const survey = state.survey;
  if (!survey) return null;
  // Along the path the answers so far lead to (R-RESP-8).
  const count = state.path.visible.length;
  return (
    <div className="respondent-intro">
      <h1 ref={headingRef} tabIndex={-1}>
        {survey.title}
      </h1>
      {survey.description_html ? (
        <RichText className="respondent-rich respondent-lead" html={survey.description_html} />
      ) : null}
      {survey.introduction_html ? (
        <RichText className="respondent-rich" html={survey.introduction_html} />
      ) : null}
      <p className="respondent-meta">
        <span>
          <span className="visually-hidden">{words.estimateLabel}</span>
          {words.minutes(estimateMinutes(respondentEstimate(state)))}
        </span>
        <span aria-hidden="true"> · </span>
        <span>{words.questions(count)}</span>
      </p>
      {state.anonymous ? (
        <p className="respondent-anonymous" data-testid="respondent-anonymous">
          {words.anonymous}
        </p>
      ) : null}
      <button type="button" className="respondent-button" onClick={() => session.begin()}>
        {state.resumed ? words.resume : words.start}
      </button>
    </div>
  );
}

function Progress({ state }: { state: RespondentState }) {
  const words = useRespondWords();
  const { current, total } = respondentProgress(state);
  const label = words.progress(current, total);
  const percent = total === 0 ? 0 : Math.round((current / total) * 100);
  return (
    <div className="respondent-progress">
      <p id="respondent-progress-label" className="respondent-progress-label">
        {label}
      </p>
      <div
        className="respondent-progress-track"
        role="progressbar"
        aria-labelledby="respondent-progress-label"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={label}
      >
        <div className="respondent-progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Enter continues from a radio or checkbox too (text fields submit the form by themselves); in a
 * text area Enter is a new line and Ctrl+Enter continues. The form's ref: a plain listener, as
 * React's onKeyDown built a synthetic keyboard event for every key typed in an open answer.
 */
function useEnterContinues(session: RespondentSession): RefCallback<HTMLFormElement> {
  return useCallback(
    (form: HTMLFormElement) => {
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key !== 'Enter' || event.isComposing) return;
        const target = event.target;
        if (target instanceof HTMLTextAreaElement) {
          if (!event.ctrlKey && !event.metaKey) return;
        } else if (
          !(target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox'))
        ) {
          return;
        }
        event.preventDefault();
        session.next();
      };
      form.addEventListener('keydown', onKeyDown);
      return () => form.removeEventListener('keydown', onKeyDown);
    },
    [session],
  );
}

/** The error under a question in the page's language (the server's own text when it has no code). */
function errorOf(words: RespondentWords, state: RespondentState, id: string): string | null {
  const shown = state.errors[id];
  const question = state.questions.find((candidate) => candidate.id === id);
  if (shown === undefined || !question) return null;
  return questionErrorText(words, question, state.answers[id], shown);
}

function QuestionScreen({ state, session, headingRef }: ScreenProps) {
  const words = useRespondWords();
  const question = state.questions[state.index];
  // 'Welkom terug' greets a resumed response on its first screen only.
  const [welcomeAt] = useState(state.resumed ? state.index : -1);
  const enterContinues = useEnterContinues(session);
  if (!question) return null;
  // The path's last question, or one whose jump reaches an end screen, submits (R-RESP-8).
  const last = onLastQuestion(state);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    session.next();
  };
  return (
    <form ref={enterContinues} className="respondent-form" noValidate onSubmit={onSubmit}>
      <Progress state={state} />
      {state.survey ? <p className="respondent-survey-title">{state.survey.title}</p> : null}
      {welcomeAt === state.index ? <p className="respondent-notice">{words.welcomeBack}</p> : null}
      <QuestionField
        key={question.id}
        question={question}
        value={state.answers[question.id]}
        onChange={(value) => session.setAnswer(question.id, value)}
        ids={fieldIds(`rq-${question.id}`)}
        error={errorOf(words, state, question.id)}
        titleRef={headingRef}
        hold={session.holdInput}
        locked={state.submitting}
      />
      {state.saveStatus === 'failed' && state.saveError ? (
        <div className="respondent-banner" role="status">
          <p>{knownText(words, state.saveError)}</p>
          <button type="button" className="respondent-button-secondary" onClick={() => void session.retry()}>
            {words.retry}
          </button>
        </div>
      ) : null}
      {state.submitError ? (
        <div className="respondent-banner respondent-banner-error" role="alert">
          <p>{knownText(words, state.submitError)}</p>
          <button type="button" className="respondent-button-secondary" onClick={() => void session.retry()}>
            {words.retry}
          </button>
        </div>
      ) : null}
      <div className="respondent-actions">
        <button
          type="button"
          className="respondent-button-secondary"
          onClick={() => session.previous()}
          disabled={state.submitting}
        >
          {words.previous}
        </button>
        <button type="submit" className="respondent-button" disabled={state.submitting}>
          {last ? (state.submitting ? words.sending : words.send) : words.next}
        </button>
      </div>
      <p className="respondent-keys">
        {(last ? words.keysToSend : words.keysToNext)(question.type === 'open_long' ? 'Ctrl+Enter' : 'Enter')}
      </p>
    </form>
  );
}
