import type { InvitationPreviewGateway, RespondGateway } from '@loop/core/surveys/respond';
import { type ApiClient, type ApiSession, createApiClient } from './createApiClient';

const tokenPath = (token: string): string => `/respond/${encodeURIComponent(token)}`;

/** The public answering calls; they carry no login, so a 401 never starts a refresh. */
export function createRespondGateway(client: ApiClient): RespondGateway {
  return {
    view: (token, language) =>
      client.request(
        'GET',
        language === undefined
          ? tokenPath(token)
          : `${tokenPath(token)}?lang=${encodeURIComponent(language)}`,
        { auth: 'none' },
      ),
    respond: (token, request) => client.request('POST', tokenPath(token), { body: request, auth: 'none' }),
  };
}

/** The invitation e-mail of a survey of the organisation in X-Organization-Id. */
export function createInvitationPreviewGateway(client: ApiClient): InvitationPreviewGateway {
  return {
    invitationPreview: (surveyId) => client.request('GET', `/surveys/${surveyId}/invitation-preview`),
  };
}

/** A respondent has no account: no token to send, nothing to refresh, no session to end. */
const NO_SESSION: ApiSession = {
  accessToken: () => null,
  refresh: async () => false,
  end: () => {},
};

/** The HTTP client of the answering page: no session and no organisation, only the link's token. */
export function createRespondentApiClient(options: {
  readonly baseUrl: string;
  readonly fetch?: typeof globalThis.fetch;
}): ApiClient {
  return createApiClient({
    baseUrl: options.baseUrl,
    session: NO_SESSION,
    organisationId: () => null,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
