import type { SharedResults } from '@loop/core';
import type { FastifyReply } from 'fastify';
import { ERRORS } from '../http/commonSchemas';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { sharedPasswordSchema, sharedResultsSchema, sharedTokenParams } from './resultsLinkSchemas';
import { createSharedResultsCache, openSharedResults } from './sharedResults';

const TAGS = ['shared-results'];

/** Never in a search engine, never in a cache between (R-SHARE-8); the token is in the address. */
export const NOINDEX = 'noindex, nofollow';

const privateAnswer = (reply: FastifyReply): FastifyReply =>
  reply.header('x-robots-tag', NOINDEX).header('cache-control', 'no-store');

/** The shared results page's data, without an account (R-SHARE-5 to R-SHARE-8). */
export const sharedResultsRoutes =
  ({ deps, rateLimit }: RouteContext): RoutesPlugin =>
  async (app) => {
    const cache = createSharedResultsCache();

    app.get(
      '/shared-results/:token',
      {
        schema: {
          operationId: 'getSharedResults',
          tags: TAGS,
          security: [],
          summary: 'A shared results page',
          description:
            'Openbaar, zonder inloggen. De gedeelde resultaten van een alleen-lezen link, of `locked` met alleen de ' +
            'huisstijl als de link een wachtwoord heeft (stuur dat met POST). Een onbekende of ingetrokken link: 404.',
          params: sharedTokenParams,
          response: { 200: sharedResultsSchema, 404: ERRORS.notFound },
        },
      },
      async (request, reply): Promise<SharedResults> => {
        privateAnswer(reply);
        return openSharedResults(deps, cache, request.params.token, undefined);
      },
    );

    app.post(
      '/shared-results/:token',
      {
        preHandler: rateLimit('sharedResultsPassword'),
        schema: {
          operationId: 'unlockSharedResults',
          tags: TAGS,
          security: [],
          summary: 'A shared results page with its password',
          description:
            'Openbaar, zonder inloggen. De gedeelde resultaten met het wachtwoord van de link. Een verkeerd ' +
            'wachtwoord: 403; te veel pogingen (per adres en per link): 429 met Retry-After.',
          params: sharedTokenParams,
          body: sharedPasswordSchema,
          response: {
            200: sharedResultsSchema,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            429: ERRORS.tooManyRequests,
          },
        },
      },
      async (request, reply): Promise<SharedResults> => {
        privateAnswer(reply);
        return openSharedResults(deps, cache, request.params.token, request.body.password);
      },
    );
  };
