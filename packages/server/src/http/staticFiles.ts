import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type EmbedPageDeps, embeddedRespondPage } from '../embed/embeddedRespondPage';
import { MESSAGES } from './apiError';
import { respondPageWithPreload } from './respondPagePreload';
import { isSharedPagePath, sharedPageWithPreload } from './sharedPage';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The embedding snippet keeps one address customers paste (R-EMBED-6): browsers may keep it an hour
 * and use the old copy for a day while they fetch a new one.
 */
export const EMBED_SCRIPT_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
export const EMBED_SCRIPT_PATH = '/embed.js';

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';

const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** The answering page is a page of its own (respond.html): a respondent loads none of the app. */
const isRespondPath = (path: string): boolean => path === '/respond' || path.startsWith('/respond/');

/**
 * Serves branding uploads, the built web app (if WEB_DIST has an index.html) and the history
 * fallback: respond.html for `/respond/…` (the answering page's own entry, with a preload of its
 * survey request: respondPagePreload.ts), index.html for every other page; everything else that
 * matches no route answers `{detail: 'Niet gevonden.'}` with 404.
 *
 * The build writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the
 * app (scripts/precompress.mjs); those are sent as they are to a browser that accepts them
 * (`preCompressed`), with `Content-Encoding` set, so @fastify/compress leaves them alone instead of
 * compressing each answer again at its fast level.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { readonly uploadsRoot: string; readonly webDist: string; readonly embed: EmbedPageDeps },
): Promise<{ readonly servesWeb: boolean }> {
  await mkdir(options.uploadsRoot, { recursive: true });
  // Upload names are random and never reused, so browsers may keep them forever.
  await app.register(fastifyStatic, {
    root: options.uploadsRoot,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: YEAR_MS,
    immutable: true,
    setHeaders: (reply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      // Logos and backgrounds are public by design (random names; shown on the answering page and in
      // e-mails). The e-mail preview renders in a sandboxed iframe, whose opaque origin a
      // same-origin resource policy would refuse.
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });

  const servesWeb = existsSync(join(options.webDist, 'index.html'));
  const servesRespond = servesWeb && existsSync(join(options.webDist, 'respond.html'));
  const servesShared = servesWeb && existsSync(join(options.webDist, 'shared.html'));
  if (servesWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      index: 'index.html',
      preCompressed: true,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      // Vite puts content-hashed files under /assets; everything else must be revalidated.
      setHeaders: (reply, path) => {
        const relative = path.slice(options.webDist.length).replaceAll('\\', '/');
        // A precompressed copy (`embed.js.br`) is sent for the file it is a copy of.
        if (relative.replace(/\.(br|gz)$/, '') === EMBED_SCRIPT_PATH) {
          // Loaded by customers' websites, another origin: a same-origin resource policy would block it.
          reply.header('Cache-Control', EMBED_SCRIPT_CACHE);
          reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
          return;
        }
        reply.header('Cache-Control', relative.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn(
      `Geen web-app gevonden in ${options.webDist} (index.html ontbreekt); alleen de API wordt geserveerd. ` +
        'Bouw de web-app met: node scripts/pnpm.mjs --filter @loop/web build',
    );
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const wantsPage =
      servesWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(path) &&
      !path.startsWith('/uploads/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && servesRespond && isRespondPath(path)) {
      // Read at each request (1 kB): a rebuild of the app is picked up without a restart, as with sendFile.
      return readFile(join(options.webDist, 'respond.html'), 'utf8')
        .then((html) => embeddedRespondPage(options.embed, request.url, path, html, reply))
        .then((html) =>
          reply
            .header('Cache-Control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(respondPageWithPreload(html, path)),
        );
    }
    if (wantsPage && servesShared && isSharedPagePath(path)) {
      // Never in a search engine (R-SHARE-8): the header besides the page's own meta robots.
      return readFile(join(options.webDist, 'shared.html'), 'utf8').then((html) =>
        reply
          .header('Cache-Control', 'no-cache')
          .header('X-Robots-Tag', 'noindex, nofollow')
          .type('text/html; charset=utf-8')
          .send(sharedPageWithPreload(html, path)),
      );
    }
    if (wantsPage) {
      // Not returned: Fastify would await the returned reply as a thenable while the file streams,
      // which piles 'close' listeners on the response (a MaxListenersExceededWarning on Node 24).
      reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
      return;
    }
    return reply.code(404).type('application/json; charset=utf-8').send({ detail: MESSAGES.notFound });
  });

  return { servesWeb };
}
