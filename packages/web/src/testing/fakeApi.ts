/** One request as the fake server saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Headers;
  readonly body: unknown;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * A fetch that answers from `routes` ("METHOD /path" without the /api/v1 prefix); anything else is
 * a 404. Every request is recorded in `seen`.
 */
export function createFakeFetch(routes: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v1/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const request: SeenRequest = { method, path, headers: new Headers(init?.headers), body };
    seen.push(request);
    const handler = routes[`${method} ${path.split('?')[0]}`];
    return handler ? handler(request) : json(404, { detail: 'Niet gevonden.' });
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const base64url = (value: unknown): string =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** An unsigned access token with the claims the client reads. */
export function fakeJwt(claims: { exp: number; is_admin?: boolean; sub?: string }): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sid: 's1', sub: '1', is_admin: false, ...claims })}.c2ln`;
}

/** A token valid for an hour from now. */
export const freshJwt = (isAdmin = false): string =>
  fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, is_admin: isAdmin });

/** A users/me answer. */
export const meBody = (overrides: Record<string, unknown> = {}) => ({
  id: 1,
  name: 'Demo Gebruiker',
  email: 'demo@loop.demo',
  is_admin: false,
  email_verified: true,
  can_manage_templates: false,
  onboarding_completed: true,
  organizations: [{ id: 7, name: 'Demo BV', role: 'owner' }],
  organization_id: 7,
  organization_name: 'Demo BV',
  ...overrides,
});
