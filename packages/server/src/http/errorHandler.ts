import type { Duplex } from 'node:stream';
import type { ErrorBody } from '@loop/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, MESSAGES } from './apiError';

interface ValidationIssue {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params: Readonly<Record<string, unknown>>;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'tekst',
  integer: 'een geheel getal',
  number: 'een getal',
  boolean: 'true of false',
  object: 'een object',
  array: 'een lijst',
  null: 'null',
};

function typeName(expected: unknown): string {
  const types = String(expected).split(',');
  return types.map((type) => TYPE_NAMES[type] ?? type).join(' of ');
}

/** `/organizations/0/name` → `organizations.0.name`; the form field the message belongs to. */
function fieldOf(issue: ValidationIssue): string {
  const path = issue.instancePath
    .split('/')
    .filter((part) => part !== '')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    path.push(issue.params.missingProperty);
  }
  return path.join('.');
}

function fieldMessage(issue: ValidationIssue): string {
  const { params } = issue;
  switch (issue.keyword) {
    case 'required':
      return 'Dit veld is verplicht.';
    case 'type':
      return `Dit veld moet ${typeName(params.type)} zijn.`;
    case 'maxLength':
      return `Dit veld mag hoogstens ${String(params.limit)} tekens lang zijn.`;
    case 'minLength':
      return `Dit veld moet minstens ${String(params.limit)} tekens lang zijn.`;
    case 'maximum':
      return `Dit veld mag hoogstens ${String(params.limit)} zijn.`;
    case 'minimum':
      return `Dit veld moet minstens ${String(params.limit)} zijn.`;
    case 'maxItems':
      return `Dit veld mag hoogstens ${String(params.limit)} elementen bevatten.`;
    case 'enum':
      return 'Dit veld heeft een ongeldige waarde.';
    case 'pattern':
    case 'format':
      return 'Dit veld heeft een ongeldige vorm.';
    default:
      return 'Dit veld is ongeldig.';
  }
}

const CONTEXT_NOUNS: Readonly<Record<string, string>> = {
  body: 'Het veld',
  querystring: 'De parameter',
  params: 'De padparameter',
  headers: 'De header',
};

/**
 * Turns Ajv's schema errors into one Dutch sentence naming the first offending field, plus a Dutch
 * message per field.
 */
export function describeValidationErrors(issues: readonly ValidationIssue[], context: string): ErrorBody {
  const fields: Record<string, string> = {};
  let detail: string | null = null;
  for (const issue of issues) {
    const field = fieldOf(issue);
    if (field === '') {
      detail ??=
        context === 'body' ? 'De aanvraag moet een JSON-object zijn.' : `${MESSAGES.badRequest} (${context})`;
      continue;
    }
    const message = fieldMessage(issue);
    if (!(field in fields)) fields[field] = message;
    const noun = CONTEXT_NOUNS[context] ?? 'Het veld';
    detail ??= `${noun} "${field}": ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
  }
  return Object.keys(fields).length > 0
    ? { detail: detail ?? MESSAGES.badRequest, fields }
    : { detail: detail ?? MESSAGES.badRequest };
}

// Fastify's and its plugins' own errors that a client can provoke, with their Dutch answer.
const KNOWN_ERRORS: Readonly<Record<string, { status: number; detail: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: MESSAGES.emptyJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'De lengte van de aanvraag klopt niet.' },
  FST_ERR_BAD_URL: { status: 400, detail: 'Het adres van de aanvraag is ongeldig.' },
  FST_PROTO_VIOLATION: { status: 400, detail: MESSAGES.badRequest },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 400,
    detail: 'Stuur het bestand als multipart/form-data in het veld "file".',
  },
  FST_MP_PREMATURE_CLOSE: { status: 400, detail: 'Het bestand is niet volledig ontvangen.' },
  FST_PARTS_LIMIT: { status: 413, detail: MESSAGES.bodyTooLarge },
  FST_FILES_LIMIT: { status: 400, detail: 'Stuur precies één bestand.' },
  FST_FIELDS_LIMIT: { status: 413, detail: MESSAGES.bodyTooLarge },
};

const STATUS_DETAILS: Readonly<Record<number, string>> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.notLoggedIn,
  403: 'Je hebt geen toegang.',
  404: MESSAGES.notFound,
  405: 'Deze methode is hier niet toegestaan.',
  406: MESSAGES.badRequest,
  408: 'De aanvraag duurde te lang.',
  413: MESSAGES.bodyTooLarge,
  414: 'Het adres van de aanvraag is te lang.',
  415: MESSAGES.unsupportedMediaType,
  429: MESSAGES.tooManyAttempts,
  431: 'De headers van de aanvraag zijn te groot.',
};

export function errorBody(error: FastifyError | ApiError | Error): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) {
    return {
      status: error.statusCode,
      body: {
        ...error.more,
        detail: error.detail,
        ...(error.fields === undefined ? {} : { fields: error.fields }),
      },
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    return {
      status: 400,
      body: describeValidationErrors(fastifyError.validation, fastifyError.validationContext ?? 'body'),
    };
  }
  const known = fastifyError.code === undefined ? undefined : KNOWN_ERRORS[fastifyError.code];
  if (known) return { status: known.status, body: { detail: known.detail } };
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return { status, body: { detail: STATUS_DETAILS[status] ?? MESSAGES.badRequest } };
  }
  return { status: 500, body: { detail: MESSAGES.serverError } };
}

/** Every error leaves as `{detail, fields?}` in Dutch; unexpected ones are logged and answer 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = errorBody(error);
    if (status >= 500 && error instanceof ApiError) {
      // An expected failure of a service behind this one (a language model timing out or failing).
      request.log.warn({ status, detail: error.detail }, 'Aanvraag niet uitgevoerd');
    } else if (status >= 500) {
      request.log.error({ err: error }, 'Onverwachte fout bij het afhandelen van een aanvraag');
    } else if (!(error instanceof ApiError)) {
      request.log.info({ code: (error as FastifyError).code, status }, 'Aanvraag geweigerd');
    }
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * Fastify's router errors that happen before any route is found (a malformed percent-encoding in
 * the path): the same Dutch `{detail}` as every other error, and never the path echoed back.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = errorBody(error);
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

const CLIENT_ERRORS: Readonly<
  Record<string, { readonly status: number; readonly reason: string; readonly detail: string }>
> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    detail: 'De headers van de aanvraag zijn te groot.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', detail: 'De aanvraag duurde te lang.' },
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (oversized headers, broken request
 * lines): a Dutch JSON `{detail}` written straight to the socket, then the connection closes.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code === undefined ? undefined : CLIENT_ERRORS[error.code]) ?? {
    status: 400,
    reason: 'Bad Request',
    detail: MESSAGES.badRequest,
  };
  const body = JSON.stringify({ detail: known.detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
