import { browserFetch, createRespondentApiClient, createSharedResultsGateway } from '@loop/adapters';
import { sharedTokenFromPath } from '@loop/core/surveys/results';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SharedResultsPage } from './SharedResultsPage';

/*
 * The composition root of the shared results page (shared.html, `/gedeeld/<token>`): composed by
 * hand, without inversify, the router or anything else of the app, so its first load stays small
 * (budget: 110 kB gzip, R-SHARE-7). The answering page's fetch client carries no login.
 */

const client = createRespondentApiClient({
  baseUrl: import.meta.env.VITE_API_URL ?? '',
  fetch: browserFetch,
});
const gateway = createSharedResultsGateway(client);

const root = document.getElementById('root');
if (!root) throw new Error('shared.html lacks the #root element');

createRoot(root).render(
  <StrictMode>
    <SharedResultsPage gateway={gateway} token={sharedTokenFromPath(globalThis.location.pathname)} />
  </StrictMode>,
);
