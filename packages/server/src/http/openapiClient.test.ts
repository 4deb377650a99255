import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { API_KEY_MESSAGES } from '@loop/core/apiKeys';
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApiKey } from '../testing/apiKeyTesting';
import { api, createTestContext, createUser, login, type TestContext } from '../testing/testApp';

/**
 * The published API document as a real client meets it: linted with Redocly's recommended rules,
 * turned into TypeScript types by openapi-typescript, and a small client written against those
 * types (`packages/server/openapi-client/client.ts`) type-checked and run against this server, with
 * a session and with an API key.
 */
const ROOT = resolve(import.meta.dirname, '../../../..');
const CLIENT = resolve(import.meta.dirname, '../../openapi-client/client.ts');
const run = promisify(execFile);

interface Operation {
  readonly operationId?: string;
  readonly security?: ReadonlyArray<Record<string, unknown>>;
  readonly requestBody?: { readonly content: Record<string, unknown> };
}
type Document = { readonly paths: Record<string, Record<string, Operation>> };

/**
 * Warnings we keep on purpose, by rule and location:
 * - the health check and the readiness check answer 200 or 503 and have no 4xx of their own to
 *   document;
 * - the simulated checkout's buttons are HTML form posts that answer only a 303 redirect back to the
 *   app, as a real provider's page does; there is no 2xx to document;
 * - `/contacts/{id}/position` (and `/contacts/{id}/latest-invitation`) and `/contacts/segments/{id}`
 *   (or `imports/{id}`) would both match '/contacts/segments/position' if ids were words; they are
 *   numbers, and the static segment wins.
 */
const JUSTIFIED_WARNINGS = new Set([
  'operation-4xx-response #/paths/~1api~1v1~1health/get/responses',
  'operation-4xx-response #/paths/~1api~1v1~1ready/get/responses',
  'operation-2xx-response #/paths/~1api~1v1~1payments~1simulated~1{paymentRef}~1pay/post/responses',
  'operation-2xx-response #/paths/~1api~1v1~1payments~1simulated~1{paymentRef}~1cancel/post/responses',
  'no-ambiguous-paths #/paths/~1api~1v1~1contacts~1{id}~1position',
  'no-ambiguous-paths #/paths/~1api~1v1~1contacts~1{id}~1latest-invitation',
]);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let ctx: TestContext;
let source: string;
let document: Document;

beforeAll(async () => {
  ctx = await createTestContext();
  source = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  document = JSON.parse(source) as Document;
});

afterAll(async () => {
  await ctx?.close();
});

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({
      path,
      method,
      operation: item[method]!,
    })),
  );

const describeProblem = (problem: NormalizedProblem) =>
  `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`;

describe('the OpenAPI document', () => {
  it("should pass Redocly's recommended rules with no errors and only the justified warnings", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'loop-openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error').map(describeProblem);
    const warnings = problems.filter((problem) => problem.severity === 'warn').map(describeProblem);
    expect(errors).toEqual([]);
    expect(warnings.filter((warning) => !JUSTIFIED_WARNINGS.has(warning))).toEqual([]);
  });

  it('should give every operation a unique camelCase operationId and its own security', () => {
    const seen = new Set<string>();
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(seen.has(operation.operationId!), `${where}: ${operation.operationId} twice`).toBe(false);
      seen.add(operation.operationId!);
      // No global requirement: an operation that forgets its own would silently look public.
      expect(operation.security, where).toBeDefined();
    }
    expect((document as { security?: unknown }).security).toBeUndefined();
    expect(seen.size).toBeGreaterThanOrEqual(60);
  });

  it('should answer 401 without a token on every operation that declares the bearer scheme', async () => {
    const protectedOperations = operations().filter(({ operation }) =>
      operation.security?.some((requirement) => 'bearerAuth' in requirement),
    );
    expect(protectedOperations.length).toBeGreaterThanOrEqual(40);
    for (const { path, method, operation } of protectedOperations) {
      const url = path.replace(/\{[^}]+\}/g, '1');
      const json = operation.requestBody?.content['application/json'] !== undefined;
      const response = await ctx.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        ...(json ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe('a client generated from the OpenAPI document', () => {
  it('should type-check against the generated types and log in, read the user and list surveys', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loop-openapi-client-'));
    try {
      const types = astToString(await openapiTS(source));
      await writeFile(join(dir, 'api.ts'), types);
      await copyFile(CLIENT, join(dir, 'client.ts'));
      await writeFile(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM'],
            types: [],
            noUncheckedIndexedAccess: true,
            skipLibCheck: true,
          },
          files: ['client.ts'],
        }),
      );
      const checked = await run(join(ROOT, 'node_modules/.bin/tsc'), [
        '-p',
        join(dir, 'tsconfig.json'),
      ]).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: `${error.stdout}${error.stderr}`,
      }));
      expect(checked.stdout).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // The same client, run for real: the types describe what the server answers.
    const user = await createUser(ctx, { name: 'Client Gebruiker' });
    const token = (await login(ctx.app, user)).access_token;
    const organisation = await api(ctx.app, 'POST', '/organizations', {
      token,
      payload: { name: 'Klant BV' },
    });
    const headers = { 'x-organization-id': String(organisation.json<{ id: number }>().id) };
    const survey = await api(ctx.app, 'POST', '/surveys', {
      token,
      headers,
      payload: {
        title: 'Gegenereerde klant',
        description_html: '',
        introduction_html: '',
        thank_you_text: '',
        close_at: null,
        questions: [
          { id: 'q1', type: 'nps', title: 'Aanbevelen?', required: true, position: 0, settings: {} },
        ],
      },
    });
    expect(survey.statusCode).toBe(201);
    const id = survey.json<{ id: number }>().id;
    expect(
      (await api(ctx.app, 'POST', `/surveys/${id}/status`, { token, headers, payload: { status: 'open' } }))
        .statusCode,
    ).toBe(200);

    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    // Outside this package's sources on purpose (it needs the generated types to compile).
    const client = (await import(CLIENT)) as {
      run(baseUrl: string, email: string, password: string): Promise<unknown>;
      runWithKey(baseUrl: string, key: string, surveyId: number): Promise<unknown>;
    };
    const result = await client.run(address, user.email, user.password);
    expect(result).toEqual({
      userName: 'Client Gebruiker',
      organisationName: 'Klant BV',
      surveyTitles: ['Gegenereerde klant'],
      total: 1,
    });

    // R-KEY-3: the same survey with an API key that may only read.
    const { secret } = await makeApiKey(ctx, { token, headers }, ['surveys:read']);
    expect(await client.runWithKey(address, secret, id)).toEqual({
      surveyId: id,
      questionIds: ['q1'],
      exportHeader: expect.stringContaining('Aanbevelen?'),
      refusedStatus: 403,
      refusedDetail: API_KEY_MESSAGES.scopeMissing('responses:write'),
    });
  });
});
