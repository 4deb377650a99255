import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

type Directives = Readonly<Record<string, readonly string[]>>;

/**
 * The Content-Security-Policy the built web app runs under: no inline or foreign scripts; inline
 * styles stay allowed because React sets style attributes and react-toastify injects a <style>.
 * `extraConnect` adds API origins the browser may call (CORS_ORIGIN), `extraImages` the map's tile
 * server (MAP_TILE_URL).
 */
export function contentSecurityPolicy(
  extraConnect: readonly string[] = [],
  extraImages: readonly string[] = [],
): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...extraImages],
    'connect-src': ["'self'", ...extraConnect],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

export const serializePolicy = (directives: Directives): string =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * The CSP of a page that may be framed by `ancestors` (R-EMBED-2): the app's own policy with only
 * `frame-ancestors` changed. Such an answer also drops `X-Frame-Options` (`allowFraming`).
 */
export type FramedPolicy = (ancestors: readonly string[]) => string;

/** Lets `ancestors` frame this answer: their CSP `frame-ancestors`, and no `X-Frame-Options: DENY`. */
export function allowFraming(
  reply: FastifyReply,
  policy: FramedPolicy,
  ancestors: readonly string[],
): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply.header('content-security-policy', policy(ancestors));
}

/**
 * Helmet's headers on every answer (API, web app, uploads) with our CSP instead of its default;
 * answers the same policy for the few pages that may be framed (R-EMBED-2).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { readonly corsOrigins: readonly string[]; readonly imageOrigins?: readonly string[] },
): Promise<FramedPolicy> {
  const directives = contentSecurityPolicy(options.corsOrigins, options.imageOrigins);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(directives).map(([name, values]) => [name, [...values]])),
    },
    // Another origin that is allowed to call the API (CORS_ORIGIN) must also be able to show its images.
    crossOriginResourcePolicy: { policy: options.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  return (ancestors) => serializePolicy({ ...directives, 'frame-ancestors': ancestors });
}
