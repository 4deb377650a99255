import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Logger, type LoggerOptions, pino } from 'pino';

// Keys under which database drivers put the values bound to a statement: an e-mail address, a
// password hash, an answer. Dropped from every logged error, at any depth (errors nest as `cause`).
const PARAMETER_KEYS = new Set(['params', 'parameters', 'args', 'values', 'binds']);

function withoutParameters(value: unknown, depth = 0): unknown {
  if (depth > 8 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutParameters(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PARAMETER_KEYS.has(key))
      .map(([key, child]) => [key, withoutParameters(child, depth + 1)]),
  );
}

const stackFrames = (stack: unknown): string | undefined =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => line.startsWith('    at '))
        .join('\n')
    : undefined;

// What a database error may show: where and which rule, never its message. Drizzle's message lists
// the bound values, and PostgreSQL's messages and details repeat them ('Key (email)=(…) already
// exists', 'invalid input syntax for type integer: "…"').
const DATABASE_ERROR_FIELDS = [
  'code',
  'severity',
  'constraint',
  'constraint_name',
  'table',
  'table_name',
  'column',
  'column_name',
  'routine',
];

function databaseError(error: Record<string, unknown>): Record<string, unknown> {
  const cause = error.cause as Record<string, unknown> | undefined;
  const details = (source: Record<string, unknown> | undefined) =>
    Object.fromEntries(
      DATABASE_ERROR_FIELDS.flatMap((key) => (source?.[key] === undefined ? [] : [[key, source[key]]])),
    );
  return {
    type: error.name,
    message: 'Databasefout (waarden en melding weggelaten)',
    query: error.query,
    ...details(error),
    ...(cause === undefined ? {} : { cause: { type: cause.name, ...details(cause) } }),
    stack: stackFrames(error.stack),
  };
}

/** A failed statement: Drizzle's wrapper (with the SQL) or a driver error with a SQLSTATE. */
const isDatabaseError = (error: unknown): error is Record<string, unknown> =>
  typeof error === 'object' &&
  error !== null &&
  (typeof (error as { query?: unknown }).query === 'string' ||
    (typeof (error as { code?: unknown }).code === 'string' &&
      /^[0-9A-Z]{5}$/.test((error as { code: string }).code)));

/**
 * What the server output (pino) says of requests and errors. A request is its method and route
 * pattern, never the path (tokens live in paths) or the query string; the client address only when
 * LOG_CLIENT_ADDRESS is on. An error never carries the parameters of the statement that failed.
 */
export function serverLogSerializers(options: { readonly logClientAddress: boolean }) {
  return {
    req: (request: FastifyRequest) => ({
      method: request.method,
      route: request.routeOptions?.url ?? '(onbekende route)',
      ...(options.logClientAddress ? { remoteAddress: request.ip } : {}),
    }),
    res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
    err: (error: Error) =>
      isDatabaseError(error) ? databaseError(error) : withoutParameters(pino.stdSerializers.err(error)),
  };
}

/** The server's logger with those serializers. */
export function createServerLogger(
  options: { readonly level: string; readonly logClientAddress: boolean },
  destination?: pino.DestinationStream,
): Logger {
  const settings: LoggerOptions = {
    level: options.level,
    serializers: serverLogSerializers(options) as LoggerOptions['serializers'],
  };
  return destination === undefined ? pino(settings) : pino(settings, destination);
}
