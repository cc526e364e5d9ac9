import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpStatus, type HttpException } from '@nestjs/common';
import { restError } from '../errors/rest-error.js';

type Next = (error?: unknown) => void;

/** Largest JSON body read (the body parser's own default, now stated): no REST call needs more. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

/** Deepest nesting of a JSON body; no REST body is more than a few levels deep. */
export const JSON_MAX_DEPTH = 32;

/** What the body parser (body-parser, through raw-body and http-errors) raises, as far as we read it. */
interface ParserError {
  type: string;
  status: number;
}

function isParserError(error: unknown): error is ParserError {
  const candidate = error as Partial<ParserError> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.type === 'string' &&
    typeof candidate.status === 'number'
  );
}

const bodyField = (message: string) => ({ fields: [{ field: 'body', message }] });

/**
 * The answer to a body the parser could not read, in the one error shape, never quoting the parser (its
 * messages name positions and internals). Undefined for anything that is not a client's mistake.
 */
export function bodyParserRefusal(error: unknown): HttpException | undefined {
  if (!isParserError(error)) return undefined;
  switch (error.type) {
    case 'entity.too.large':
      return restError(
        HttpStatus.PAYLOAD_TOO_LARGE,
        'invalid_payload',
        `The body is larger than ${JSON_BODY_LIMIT_BYTES / 1024} KB.`,
        bodyField(`must be at most ${JSON_BODY_LIMIT_BYTES / 1024} KB`),
      );
    case 'entity.parse.failed':
      return restError(
        HttpStatus.BAD_REQUEST,
        'invalid_payload',
        'The body is not valid JSON.',
        bodyField('must be valid JSON'),
      );
    case 'charset.unsupported':
      return restError(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        'invalid_payload',
        'The body must be JSON in UTF-8.',
        bodyField('must be UTF-8'),
      );
    case 'encoding.unsupported':
      return restError(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        'invalid_payload',
        'The body’s Content-Encoding is not supported; send it as is, or gzip, deflate or br.',
      );
    default:
      // Aborted or truncated uploads and the like: the client's doing, said plainly.
      return error.status >= 400 && error.status < 500
        ? restError(HttpStatus.BAD_REQUEST, 'invalid_payload', 'The body could not be read whole.')
        : undefined;
  }
}

/** Express error middleware after the JSON parser: maps its errors, passes any other on. */
export function jsonBodyErrors(
  error: unknown,
  _request: IncomingMessage,
  _response: ServerResponse,
  next: Next,
) {
  next(bodyParserRefusal(error) ?? error);
}

/**
 * The top-level field under which `body` nests deeper than `maxDepth` levels (the body itself is level 1),
 * `'body'` when that is the body itself, undefined when it does not. Iterative: a 10,000-deep array must
 * not need 10,000 stack frames here either.
 */
export function tooDeep(body: unknown, maxDepth = JSON_MAX_DEPTH): string | undefined {
  const stack: { value: unknown; depth: number; field: string }[] = [
    { value: body, depth: 1, field: 'body' },
  ];
  while (stack.length > 0) {
    const { value, depth, field } = stack.pop() as { value: unknown; depth: number; field: string };
    if (typeof value !== 'object' || value === null) continue;
    if (depth > maxDepth) return field;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, depth: depth + 1, field });
      continue;
    }
    for (const [key, item] of Object.entries(value))
      stack.push({ value: item, depth: depth + 1, field: depth === 1 ? key.slice(0, 100) : field });
  }
  return undefined;
}

/**
 * Every JSON body is an object (REST bodies are named parameters) no deeper than {@link JSON_MAX_DEPTH}:
 * checked once here, so no handler meets `null`, a bare array or a 10,000-deep structure.
 */
export function jsonBodyShape(
  request: IncomingMessage & { body?: unknown },
  _response: ServerResponse,
  next: Next,
) {
  const { body } = request;
  if (body === undefined) return next();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const got = body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body;
    return next(
      restError(
        HttpStatus.BAD_REQUEST,
        'invalid_payload',
        `The body must be a JSON object, got ${got}.`,
        bodyField(`must be a JSON object, got ${got}`),
      ),
    );
  }
  const field = tooDeep(body);
  if (field === undefined) return next();
  return next(
    restError(
      HttpStatus.BAD_REQUEST,
      'invalid_payload',
      `The body is nested more than ${JSON_MAX_DEPTH} levels deep.`,
      { fields: [{ field, message: `is nested more than ${JSON_MAX_DEPTH} levels deep` }] },
    ),
  );
}
