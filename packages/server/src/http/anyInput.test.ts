import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';

/**
 * "Never a 500 for input a user can type": every operation of the published OpenAPI document gets
 * random JSON bodies, query strings and organisation headers, signed in and not, and must answer
 * below 500, with a Dutch `{detail}` whenever it refuses.
 */
let ctx: TestContext;
let token: string;
let operations: Array<{ method: string; path: string }>;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx);
  token = (await login(ctx.app, user)).access_token;
  const created = await api(ctx.app, 'POST', '/organizations', { token, payload: { name: 'Fuzz BV' } });
  expect(created.statusCode).toBe(201);
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((method) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
      .map((method) => ({ method: method.toUpperCase(), path: path.replace(/^\/api\/v1/, '') })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom('email', 'password', 'name', 'token', 'refresh_token', 'primary_color', 'new_password'),
    fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.constant(null),
      fc.boolean(),
      fc.string({ unit: 'grapheme', maxLength: 50 }),
    ),
  ),
);
const query = fc.dictionary(
  fc.constantFrom('page', 'page_size', 'q', 'x'),
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
);
const organisationHeader = fc.option(fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)), {
  nil: undefined,
});

describe('every API operation with random input', () => {
  it('should list the operations of the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it('should never answer 5xx and always explain a refusal in {detail}', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 10_000 }),
        jsonValue,
        query,
        organisationHeader,
        fc.boolean(),
        async (pick, body, params, organisation, signedIn) => {
          const operation = operations[pick % operations.length]!;
          // Logout and password changes would end the session the other runs use.
          if (signedIn && ['/auth/logout', '/users/me/password'].includes(operation.path)) return;
          const search = new URLSearchParams(params).toString();
          const headers: Record<string, string> = {};
          if (organisation !== undefined) headers['x-organization-id'] = organisation;
          const response = await api(
            ctx.app,
            operation.method as 'GET',
            `${operation.path}${search ? `?${search}` : ''}`,
            {
              ...(signedIn ? { token } : {}),
              headers,
              ...(operation.method === 'GET' || operation.method === 'DELETE'
                ? {}
                : { payload: body as object }),
            },
          );
          expect(response.statusCode, `${operation.method} ${operation.path}: ${response.body}`).toBeLessThan(
            500,
          );
          if (response.statusCode >= 400) {
            const detail = response.json<{ detail?: unknown }>().detail;
            expect(typeof detail, `${operation.method} ${operation.path}`).toBe('string');
            expect((detail as string).length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('should answer hostile text and shapes below 500 on every operation: NUL, lone surrogates, 1 MB, deep nesting', async () => {
    const strings = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', 'y'.repeat(1_000_000)];
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    // Bodies as JSON text: escapes travel as a client sends them, and nesting past what a parser
    // or a recursive walk can take arrives as it would on the wire.
    const bodies = [
      ...strings.map((text) =>
        JSON.stringify({
          name: text,
          email: text,
          title: text,
          password: text,
          token: text,
          [text.slice(0, 3)]: 1,
        }),
      ),
      nested(1_000),
      nested(100_000),
      objects(10_000),
    ];
    const queries = ['q=%00', 'q=%ED%A0%80', `q=${'z'.repeat(10_000)}`, 'page=%00&page_size=%F0'];
    for (const operation of operations) {
      if (['/auth/logout', '/users/me/password'].includes(operation.path)) continue;
      const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
      const attempts = withBody
        ? bodies.map((body) => ({ body, query: '' }))
        : queries.map((query) => ({ body: undefined, query }));
      for (const attempt of attempts) {
        const response = await ctx.app.inject({
          method: operation.method as 'GET',
          url: `/api/v1${operation.path}${attempt.query ? `?${attempt.query}` : ''}`,
          headers: {
            authorization: `Bearer ${token}`,
            ...(attempt.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(attempt.body === undefined ? {} : { payload: attempt.body }),
        });
        const where = `${operation.method} ${operation.path} ${attempt.query || attempt.body?.slice(0, 40)}`;
        expect(response.statusCode, `${where}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(typeof response.json<{ detail?: unknown }>().detail, where).toBe('string');
        }
      }
    }
  }, 120_000);
});
