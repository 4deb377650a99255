import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS } from '../http/commonSchemas';
import { type EncodedBody, preferredEncoding } from '../http/contentEncoding';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { sharedPasswordSchema, sharedResultsSchema, sharedTokenParams } from './resultsLinkSchemas';
import { createSharedResultsCache, openSharedResults } from './sharedResults';

const TAGS = ['shared-results'];

/** Never in a search engine, never in a cache between (R-SHARE-8); the token is in the address. */
export const NOINDEX = 'noindex, nofollow';

function privateAnswer(reply: FastifyReply): void {
  reply.header('x-robots-tag', NOINDEX).header('cache-control', 'no-store');
}

/**
 * Sends a page already serialised by the route's schema serializer, compressed as the client
 * accepts (possibly kept from an earlier request); with a Content-Encoding the app's global
 * compression leaves it alone.
 */
async function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedBody) {
  const { body, encoding } = await page.encoded(preferredEncoding(request.headers['accept-encoding']));
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('application/json; charset=utf-8').send(body);
}

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
      async (request, reply) => {
        privateAnswer(reply as FastifyReply);
        const page = await openSharedResults(deps, cache, request.params.token, undefined, (shared) =>
          reply.serialize(shared),
        );
        return sendPage(request, reply as FastifyReply, page);
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
      async (request, reply) => {
        privateAnswer(reply as FastifyReply);
        const page = await openSharedResults(
          deps,
          cache,
          request.params.token,
          request.body.password,
          (shared) => reply.serialize(shared),
        );
        return sendPage(request, reply as FastifyReply, page);
      },
    );
  };
