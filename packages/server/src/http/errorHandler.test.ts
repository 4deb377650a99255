import { connect } from 'node:net';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, login, type TestContext } from '../testing/testApp';
import { ApiError, MESSAGES } from './apiError';
import { describeValidationErrors, installErrorHandler } from './errorHandler';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await login(ctx.app, await createUser(ctx))).access_token;
});

afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: string, contentType = 'application/json') =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('error answers', () => {
  it('should answer an unknown API route with 404 {detail}, whatever the method or Accept header', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/bestaat-niet'],
      ['POST', '/api/v1/bestaat-niet'],
      ['PUT', '/api/v1/users/me'],
      ['GET', '/api'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.notFound });
      expect(response.headers['content-type']).toContain('application/json');
    }
  });

  it('should answer malformed JSON with 400 in Dutch', async () => {
    const response = await post('/api/v1/auth/login', '{"email": "a@b.nl", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: MESSAGES.invalidJson });
  });

  it('should answer an empty JSON body, a non-object body and another content type in Dutch', async () => {
    const empty = await post('/api/v1/auth/login', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ detail: MESSAGES.emptyJson });

    for (const payload of ['[]', '"tekst"', '42', 'null']) {
      const response = await post('/api/v1/auth/login', payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ detail: 'De aanvraag moet een JSON-object zijn.' });
    }

    const text = await post('/api/v1/auth/login', 'email=a@b.nl', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: MESSAGES.unsupportedMediaType });
  });

  it('should answer a body over the limit with 413', async () => {
    const response = await post(
      '/api/v1/auth/login',
      JSON.stringify({ email: 'a@b.nl', password: 'x'.repeat(70_000) }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: MESSAGES.bodyTooLarge });
  });

  it('should name every field with a wrong type or an absurd length', async () => {
    const response = await post(
      '/api/v1/auth/register',
      JSON.stringify({ name: 'x'.repeat(5000), email: 5, password: [] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Het veld "name": dit veld mag hoogstens 1000 tekens lang zijn.',
      fields: {
        name: 'Dit veld mag hoogstens 1000 tekens lang zijn.',
        email: 'Dit veld moet tekst zijn.',
        password: 'Dit veld moet tekst zijn.',
      },
    });
  });

  it('should never answer 500 to whatever JSON a user can send to any route', async () => {
    const routes: Array<['POST' | 'PATCH', string, boolean]> = [
      ['POST', '/auth/register', false],
      ['POST', '/auth/login', false],
      ['POST', '/auth/verify-email', false],
      ['POST', '/auth/resend-verification', false],
      ['POST', '/auth/refresh', false],
      ['POST', '/auth/logout', false],
      ['POST', '/auth/forgot-password', false],
      ['POST', '/auth/reset-password', false],
      ['PATCH', '/users/me', true],
      ['POST', '/users/me/password', true],
      ['POST', '/organizations', true],
      ['PATCH', '/branding/mine', true],
    ];
    const field = fc.constantFrom(
      'name',
      'email',
      'password',
      'token',
      'refresh_token',
      'current_password',
      'new_password',
      'primary_color',
      '__proto__',
      'constructor',
    );
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(field, fc.jsonValue()));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, async ([method, path, authenticated], payload) => {
        const response = await ctx.app.inject({
          method,
          url: `/api/v1${path}`,
          headers: {
            'content-type': 'application/json',
            ...(authenticated ? { authorization: `Bearer ${token}` } : {}),
          },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode >= 400) expect(typeof response.json().detail).toBe('string');
      }),
      { numRuns: 150 },
    );
  });

  it('should hide unexpected errors behind a Dutch 500 and keep ApiError answers as they are', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/kapot', async () => {
      throw new TypeError('internal detail that must not leak');
    });
    app.get('/conflict', async () => {
      throw new ApiError(409, 'Bestaat al.', { email: 'Bestaat al.' });
    });

    const broken = await app.inject({ method: 'GET', url: '/kapot' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ detail: MESSAGES.serverError });
    const conflict = await app.inject({ method: 'GET', url: '/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ detail: 'Bestaat al.', fields: { email: 'Bestaat al.' } });
    await app.close();
  });
});

describe('describeValidationErrors', () => {
  it('should translate the first problem into the detail and every field into Dutch', () => {
    expect(
      describeValidationErrors(
        [
          { keyword: 'required', instancePath: '', params: { missingProperty: 'email' } },
          { keyword: 'type', instancePath: '/name', params: { type: 'string' } },
          { keyword: 'type', instancePath: '/name', params: { type: 'string,null' } },
          { keyword: 'enum', instancePath: '/role', params: {} },
        ],
        'body',
      ),
    ).toEqual({
      detail: 'Het veld "email": dit veld is verplicht.',
      fields: {
        email: 'Dit veld is verplicht.',
        name: 'Dit veld moet tekst zijn.',
        role: 'Dit veld heeft een ongeldige waarde.',
      },
    });
    expect(
      describeValidationErrors([{ keyword: 'pattern', instancePath: '/page', params: {} }], 'querystring'),
    ).toEqual({
      detail: 'De parameter "page": dit veld heeft een ongeldige vorm.',
      fields: { page: 'Dit veld heeft een ongeldige vorm.' },
    });
  });

  it('should describe a body that is not an object without fields', () => {
    expect(
      describeValidationErrors([{ keyword: 'type', instancePath: '', params: { type: 'object' } }], 'body'),
    ).toEqual({
      detail: 'De aanvraag moet een JSON-object zijn.',
    });
  });
});

/** One raw HTTP/1.1 exchange with a listening server; resolves with everything it answered. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      // A keep-alive answer does not close the socket: end once the body has arrived.
      if (/\r\n\r\n\{.*\}$/s.test(answer)) socket.end();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
  });
}

describe('malformed requests (security finding L5)', () => {
  it('should answer a malformed path in Dutch without echoing it', async () => {
    const ctx = await createTestContext();
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/surveys/%E0%A4%A' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: 'Het adres van de aanvraag is ongeldig.' });
      expect(response.body).not.toContain('%E0');
    } finally {
      await ctx.close();
    }
  });

  it('should answer oversized headers with a Dutch JSON 431 over a real socket', async () => {
    const ctx = await createTestContext();
    try {
      const port = Number(new URL(await ctx.app.listen({ host: '127.0.0.1', port: 0 })).port);
      const answer = await rawRequest(
        port,
        `GET /api/v1/health HTTP/1.1\r\nHost: loop.test\r\nX-Groot: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(answer.startsWith('HTTP/1.1 431 ')).toBe(true);
      expect(answer).toContain('Content-Type: application/json; charset=utf-8');
      expect(answer.endsWith('{"detail":"De headers van de aanvraag zijn te groot."}')).toBe(true);
      const broken = await rawRequest(port, 'GET /api/v1/health HTTP/1.1\r\nHost loop.test\r\n\r\n');
      expect(broken.startsWith('HTTP/1.1 400 ')).toBe(true);
      expect(broken).toContain('{"detail":"De aanvraag is ongeldig."}');
    } finally {
      await ctx.close();
    }
  });
});
