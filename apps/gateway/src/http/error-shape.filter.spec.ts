import { BadRequestException, HttpStatus, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { restError } from '../errors/rest-error.js';
import { errorAnswer } from './error-shape.filter.js';
import { bodyParserRefusal, tooDeep } from './json-body.js';

/** An error as body-parser raises it (http-errors with a `type`). */
const parserError = (type: string, status: number, message: string) =>
  Object.assign(new Error(message), { type, status, statusCode: status, expose: true });

describe('errorAnswer', () => {
  it('passes the gateway’s own errors through as they are', () => {
    const own = restError(HttpStatus.TOO_MANY_REQUESTS, 'rate_limited', 'Slow down.', { retryAfterSec: 3 });
    expect(errorAnswer(own)).toEqual({
      status: 429,
      body: { ok: false, error: { code: 'rate_limited', message: 'Slow down.', retryAfterSec: 3 } },
    });
  });

  it('gives the framework’s errors the shape and a fixed sentence, never their own text', () => {
    const notFound = errorAnswer(new NotFoundException('Cannot GET /api/nope'));
    expect(notFound).toEqual({
      status: 404,
      body: { ok: false, error: { code: 'not_found', message: 'There is no such route.' } },
    });
    const bad = errorAnswer(new BadRequestException("Unexpected token 'x' at position 3"));
    expect(bad.body.error).toEqual({ code: 'invalid_payload', message: 'The request is not valid.' });
    expect(errorAnswer(new PayloadTooLargeException('raw-body says')).body.error.code).toBe(
      'invalid_payload',
    );
  });

  it('answers anything else with a 500 that says nothing of the cause', () => {
    for (const thrown of [new TypeError('secret internals'), 'a string', null, undefined]) {
      const answer = errorAnswer(thrown);
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer)).not.toContain('internals');
      expect(answer.body.error.code).toBe('internal');
    }
  });

  it('maps the body parser’s errors by kind, naming the body, without parser text', () => {
    const cases = [
      [parserError('entity.parse.failed', 400, 'Unexpected token } in JSON at position 12'), 400],
      [parserError('entity.too.large', 413, 'request entity too large'), 413],
      [parserError('charset.unsupported', 415, 'unsupported charset "LATIN1"'), 415],
      [parserError('encoding.unsupported', 415, 'unsupported content encoding "zz"'), 415],
      [parserError('request.aborted', 400, 'request aborted'), 400],
    ] as const;
    for (const [error, status] of cases) {
      const answer = errorAnswer(error);
      expect(answer.status).toBe(status);
      expect(answer.body.error.code).toBe('invalid_payload');
      expect(JSON.stringify(answer)).not.toMatch(/position|Unexpected|LATIN1|"zz"|aborted/);
    }
    expect(errorAnswer(parserError('entity.too.large', 413, '')).body.error.fields).toEqual([
      { field: 'body', message: 'must be at most 100 KB' },
    ]);
    expect(bodyParserRefusal(parserError('stream.not.readable', 500, 'internal'))).toBeUndefined();
  });
});

describe('tooDeep', () => {
  it('names the top-level field under which a body nests too deep, without recursing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(tooDeep({ name: 'x', ids: deep })).toBe('ids');
    expect(tooDeep(deep)).toBe('body');
    expect(tooDeep({ a: { b: { c: [1, 2, { d: 'e' }] } } })).toBeUndefined();
    let limit: unknown = 1;
    for (let i = 0; i < 31; i++) limit = [limit];
    expect(tooDeep({ ok: limit })).toBeUndefined();
    expect(tooDeep({ over: [limit] })).toBe('over');
  });
});
