import { type ApiResult, apiFailure, apiOk, type FormResult, formFromApi } from '../../api';
import type {
  CreateResultsLinkRequest,
  ResultsLink,
  ResultsLinkCreated,
  SharedResults,
} from '../../contract';
import {
  checkResultsLinkForm,
  RESULTS_LINK_MESSAGES,
  type ResultsLinkForm,
  type ResultsLinkRow,
  resultsLinkRow,
  type SharedResultsView,
  sharedResultsUrl,
  sharedResultsView,
} from './sharedResults';

/** A survey's read-only results links, for the organisation in X-Organization-Id. */
export interface ResultsLinksGateway {
  list(surveyId: number): Promise<ApiResult<readonly ResultsLink[]>>;
  create(surveyId: number, request: CreateResultsLinkRequest): Promise<ApiResult<ResultsLinkCreated>>;
  revoke(surveyId: number, linkId: number): Promise<ApiResult<ResultsLink>>;
}

/** The shared page's one call, without an account: with a password once the page asks for it. */
export interface SharedResultsGateway {
  open(token: string, password?: string): Promise<ApiResult<SharedResults>>;
}

/** A link just made: its address exists only here (the server keeps the token's hash, R-SHARE-2). */
export interface CreatedResultsLink {
  readonly url: string;
  readonly row: ResultsLinkRow;
}

export interface ResultsLinksUseCases {
  list(surveyId: number): Promise<ApiResult<readonly ResultsLinkRow[]>>;
  create(surveyId: number, form: ResultsLinkForm): Promise<FormResult<CreatedResultsLink>>;
  revoke(surveyId: number, linkId: number): Promise<ApiResult<ResultsLinkRow>>;
}

/** The use-cases of 'Resultaten delen' on the results page. */
export function createResultsLinksUseCases(deps: {
  readonly gateway: ResultsLinksGateway;
  /** The app's origin, for the address the link is shared as. */
  readonly origin: () => string;
}): ResultsLinksUseCases {
  const { gateway } = deps;
  return {
    list: async (surveyId) => {
      const links = await gateway.list(surveyId);
      return links.ok ? apiOk(links.value.map(resultsLinkRow)) : links;
    },
    create: async (surveyId, form) => {
      const checked = checkResultsLinkForm(form);
      if (!checked.ok) return checked;
      const created = formFromApi(await gateway.create(surveyId, checked.value));
      if (!created.ok) return created;
      return {
        ok: true,
        value: {
          url: sharedResultsUrl(deps.origin(), created.value.token),
          row: resultsLinkRow(created.value.link),
        },
      };
    },
    revoke: async (surveyId, linkId) => {
      const revoked = await gateway.revoke(surveyId, linkId);
      return revoked.ok ? apiOk(resultsLinkRow(revoked.value)) : revoked;
    },
  };
}

/** What the shared page shows: the password form, or the results as views. */
export type SharedResultsState =
  | { readonly status: 'locked'; readonly branding: Extract<SharedResults, { status: 'locked' }>['branding'] }
  | {
      readonly status: 'open';
      readonly branding: Extract<SharedResults, { status: 'open' }>['branding'];
      readonly view: SharedResultsView;
    };

/**
 * Opens the shared page of `token` (null: the address holds none, said as the server says an
 * unknown link). An empty password is not sent: the page asks for it first.
 */
export async function openSharedResults(
  gateway: SharedResultsGateway,
  token: string | null,
  password?: string,
): Promise<ApiResult<SharedResultsState>> {
  if (token === null) return apiFailure(404, RESULTS_LINK_MESSAGES.unknown);
  if (password !== undefined && password === '')
    return apiFailure(400, RESULTS_LINK_MESSAGES.passwordRequired, {
      password: RESULTS_LINK_MESSAGES.passwordRequired,
    });
  const shared = await gateway.open(token, password);
  if (!shared.ok) return shared;
  return shared.value.status === 'locked'
    ? apiOk({ status: 'locked', branding: shared.value.branding })
    : apiOk({ status: 'open', branding: shared.value.branding, view: sharedResultsView(shared.value) });
}
