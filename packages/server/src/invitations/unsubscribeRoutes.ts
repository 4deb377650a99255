import type { UnsubscribePreview } from '@loop/core';
import { ApiError } from '../http/apiError';
import { ERRORS, errorResponse } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { unsubscribeParams, unsubscribePreviewSchema } from './invitationSchemas';
import { unsubscribeByToken, unsubscribePreview } from './unsubscribes';

export const UNSUBSCRIBE_NOT_FOUND = 'Deze afmeldlink is onbekend of het contact bestaat niet meer.';

/**
 * Public unsubscribe (issue 16), without login: the link in every invitation's footer leads to the
 * web page /afmelden/<token>, which reads GET and confirms with POST; mail programs POST the
 * List-Unsubscribe address themselves (RFC 8058 one-click: a form body `List-Unsubscribe=One-Click`).
 * POST is idempotent and answers what GET answers, now unsubscribed.
 */
export const unsubscribeRoutes =
  ({ deps, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    // RFC 8058's POST comes as a form; its one field says nothing more than the POST itself.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, { form: String(body) }),
    );
    const errors = { 404: errorResponse(UNSUBSCRIBE_NOT_FOUND), 429: ERRORS.tooManyRequests } as const;

    app.get(
      '/unsubscribe/:token',
      {
        preHandler: rateLimit('respond'),
        schema: {
          operationId: 'getUnsubscribe',
          tags: ['invitations'],
          security: [],
          summary: 'What an unsubscribe link is for',
          description:
            'Openbaar. De organisatie, het adres deels verborgen en of het contact al is afgemeld. Onbekend of ' +
            'vervalst token, of een gewist contact: 404.',
          params: unsubscribeParams,
          response: { 200: unsubscribePreviewSchema, ...errors },
        },
      },
      async (request): Promise<UnsubscribePreview> => {
        const preview = await unsubscribePreview(deps, request.params.token);
        if (preview === null) throw new ApiError(404, UNSUBSCRIBE_NOT_FOUND);
        return preview;
      },
    );

    app.post(
      '/unsubscribe/:token',
      {
        preHandler: rateLimit('respond'),
        schema: {
          operationId: 'unsubscribe',
          tags: ['invitations'],
          security: [],
          summary: 'Unsubscribe (one click)',
          description:
            'Openbaar. Meldt het contact af voor alle uitnodigingen en herinneringen van de organisatie; e-mails die ' +
            'nog in de wachtrij staan gaan niet meer. Neemt een lege body, JSON of het formulier ' +
            '`List-Unsubscribe=One-Click` (RFC 8058). Nog eens afmelden verandert niets.',
          params: unsubscribeParams,
          response: { 200: unsubscribePreviewSchema, ...errors },
        },
      },
      async (request): Promise<UnsubscribePreview> => {
        const preview = await unsubscribeByToken(deps, request.params.token);
        if (preview === null) throw new ApiError(404, UNSUBSCRIBE_NOT_FOUND);
        return preview;
      },
    );
  };
