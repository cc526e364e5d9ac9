import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { BaseWsExceptionFilter } from '@nestjs/websockets';
import type { ErrorCode, ResultError } from '@switchboard/live-protocol';
import { bodyParserRefusal } from './json-body.js';

/** An error answer: status and the one body shape, `{ok: false, error: {code, message, fields?}}`. */
export interface ErrorAnswer {
  status: number;
  body: { ok: false; error: ResultError & Record<string, unknown> };
}

/** What the framework's own errors (no route, a URL it cannot decode, ...) become, by status. */
const BY_STATUS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'invalid_payload', message: 'The request is not valid.' },
  401: { code: 'unauthorized', message: 'Sign in first.' },
  403: { code: 'forbidden', message: 'This is not allowed.' },
  404: { code: 'not_found', message: 'There is no such route.' },
  405: { code: 'not_found', message: 'This route does not take that method.' },
  409: { code: 'conflict', message: 'This conflicts with the current state.' },
  413: { code: 'invalid_payload', message: 'The request is too large.' },
  415: { code: 'invalid_payload', message: 'Send the body as JSON, with Content-Type: application/json.' },
  429: { code: 'rate_limited', message: 'Too many requests; try again shortly.' },
};

const INTERNAL: ErrorAnswer = {
  status: HttpStatus.INTERNAL_SERVER_ERROR,
  body: {
    ok: false,
    error: { code: 'internal', message: 'Something went wrong on the gateway; it has been logged.' },
  },
};

function isShaped(response: unknown): response is ErrorAnswer['body'] {
  const candidate = response as { ok?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.ok === false &&
    typeof candidate.error?.code === 'string' &&
    typeof candidate.error.message === 'string'
  );
}

/**
 * The answer to anything a request handler, guard, middleware or the framework raised. The gateway's own
 * errors (`restError`) already have the shape and pass as they are; the framework's get a fixed sentence
 * by status (its messages quote parsers and paths); anything else is a 500 without internal text.
 */
export function errorAnswer(exception: unknown): ErrorAnswer {
  const parserRefusal = bodyParserRefusal(exception);
  if (parserRefusal) return errorAnswer(parserRefusal);
  if (!(exception instanceof HttpException)) return INTERNAL;
  const status = exception.getStatus();
  const response = exception.getResponse();
  if (isShaped(response)) return { status, body: response };
  const known = BY_STATUS[status];
  if (known) return { status, body: { ok: false, error: { ...known } } };
  if (status >= 400 && status < 500)
    return {
      status,
      body: { ok: false, error: { code: 'invalid_payload', message: 'The request is not valid.' } },
    };
  return { ...INTERNAL, status: status >= 500 && status < 600 ? status : INTERNAL.status };
}

/** The path of a request for a log line: no query string (display links carry their token there). */
function pathOf(request: IncomingMessage): string {
  return (request.url ?? '').split('?')[0]?.slice(0, 200) ?? '';
}

/**
 * One error shape for everything the gateway answers over HTTP, framework-raised errors included. Client
 * mistakes are logged at debug without a stack (a scanner must not fill the log); unexpected server faults
 * at error with it. Socket handlers keep Nest's own handling: their errors are Results already.
 */
@Catch()
export class ErrorShapeFilter implements ExceptionFilter {
  private readonly log = new Logger('Http');
  private readonly sockets = new BaseWsExceptionFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return this.sockets.catch(exception, host);
    const request = host.switchToHttp().getRequest<IncomingMessage>();
    const response = host.switchToHttp().getResponse<ServerResponse>();
    const answer = errorAnswer(exception);
    const line = {
      method: request.method,
      path: pathOf(request),
      status: answer.status,
      code: answer.body.error.code,
    };
    // Our own answers (restError) were decided, and logged where needed, by the code that raised them.
    const fault =
      answer.status >= 500 && !(exception instanceof HttpException && isShaped(exception.getResponse()));
    if (fault) {
      const error = exception instanceof Error ? exception : new Error(String(exception));
      this.log.error({ msg: 'request failed', ...line, error: error.message }, error.stack);
    } else {
      this.log.debug({ msg: 'request refused', ...line });
    }
    if (response.headersSent) {
      // Part of an answer is out already; all that is left is to end it.
      response.destroy();
      return;
    }
    const body = JSON.stringify(answer.body);
    response.statusCode = answer.status;
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Length', Buffer.byteLength(body));
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}
