import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './apiError';

export const UNSAFE_TEXT_MESSAGE = 'Dit veld bevat een ongeldig teken.';

// NUL, and UTF-16 surrogates without their partner: neither is text a person can type, PostgreSQL
// refuses both in a text column, and a lone surrogate cannot even be written as UTF-8.
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses
const UNSAFE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const isUnsafe = (text: string): boolean => UNSAFE.test(text);

/**
 * The path (`answers.2.text`) of the first string or property name in `value` that holds NUL or a
 * lone surrogate, or null. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  const join = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnsafe(current)) return path;
    } else if (ArrayBuffer.isView(current)) {
      // Raw bytes (a signed webhook body) are not text.
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], path: join(path, String(index)) });
      }
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (isUnsafe(key)) return join(path, key.replace(UNSAFE, '?'));
        stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return null;
}

/**
 * Refuses, before validation and before anything is stored or logged, every request whose JSON
 * body, query string or path parameters hold NUL or a lone surrogate: 400 naming the field. One
 * place for every route, so a new route cannot forget it. Refused rather than stripped: silently
 * changing what someone sent would store text they never wrote.
 */
export function installTextBoundary(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnsafeText(part);
      if (field === null) continue;
      const name = field === '' ? 'body' : field;
      throw new ApiError(400, `Het veld "${name}" bevat een ongeldig teken.`, {
        [name]: UNSAFE_TEXT_MESSAGE,
      });
    }
  });
}
