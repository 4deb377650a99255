import './respondBase.css';
import {
  browserFetch,
  browserSessionStorage,
  browserStorage,
  browserTimer,
  createAnswerDraftStore,
  createPublicLinkStore,
  createRespondentApiClient,
  createRespondGateway,
  cryptoRespondentKeys,
  systemClock,
} from '@loop/adapters';
import { apiFailure } from '@loop/core';
import { RESPONDENT_MESSAGES } from '@loop/core/surveys/model';
import { loadRespondentWords, RespondentSession, type RespondGateway } from '@loop/core/surveys/respond';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RespondentPage } from './RespondentPage';
import { browserFacts } from './respondBrowser';
import { respondPath, tokenFromPath } from './respondPath';

/*
 * The composition root of the answering page, its own Vite entry (respond.html): composed by hand,
 * without inversify, the router, toasts or anything else of the app, so a respondent's phone loads
 * only this page (budget: 90 kB gzip JS, docs/architecture.md, Budgets).
 */

const token = tokenFromPath(globalThis.location.pathname);

/** A path without a token is an unknown link, said the way the server says it. */
const NO_LINK: RespondGateway = {
  view: async () => apiFailure(404, RESPONDENT_MESSAGES.unknownToken),
  respond: async () => apiFailure(404, RESPONDENT_MESSAGES.unknownToken),
};

const client = createRespondentApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '',
  fetch: browserFetch,
});
const session = new RespondentSession({
  gateway: token === null ? NO_LINK : createRespondGateway(client),
  clock: systemClock,
  timer: browserTimer,
  keys: cryptoRespondentKeys,
  links: createPublicLinkStore(browserStorage()),
  drafts: createAnswerDraftStore(browserSessionStorage()),
  location: {
    // The query stays: hidden field values and ?lang= are read from it when the survey loads (R-RESP-9).
    showToken: (next) =>
      globalThis.history.replaceState(
        globalThis.history.state,
        '',
        `${respondPath(next)}${globalThis.location.search}`,
      ),
    // Core calls it only with an address isSafeRedirect accepted (an end screen's, R-RESP-8).
    leave: (url) => globalThis.location.assign(url),
  },
  browser: browserFacts,
});

const root = document.getElementById('root');
if (!root) throw new Error('respond.html lacks the #root element');

// In a website's frame (/embed.js), the page tells the listed embedding origin its height (R-EMBED-4).
// Only a framed page loads that code, before its first render, so the frame's layout is set from it;
// when it cannot load (no connection), the page still renders and answers, without the messages.
const framed =
  globalThis.window.parent === globalThis.window
    ? null
    : import('./embedFrame').then(
        ({ resizeObserved, startEmbedFrame }) => startEmbedFrame(globalThis.window, resizeObserved),
        () => null,
      );

// Only the catalogue of the language the page speaks loads, before the page renders in it (R-RESP-11).
void Promise.all([loadRespondentWords(session.getSnapshot().language), framed]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <RespondentPage session={session} token={token ?? ''} clock={systemClock} />
    </StrictMode>,
  ),
);
