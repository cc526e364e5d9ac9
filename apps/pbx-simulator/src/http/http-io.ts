/** Small request/response helpers shared by the PBX routes and the /sim control surface. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PBX_ERRCODE, PBX_ERRMSG } from '@switchboard/pbx-api';

/** Largest request body accepted. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The body as text, or `too_large` when it passes the limit (the rest is discarded). */
export function readBody(
  request: IncomingMessage,
  limit = MAX_BODY_BYTES,
): Promise<{ ok: true; text: string } | { ok: false }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(tooLarge ? { ok: false } : { ok: true, text: Buffer.concat(chunks).toString('utf8') }),
    );
    request.on('error', () => resolve({ ok: false }));
  });
}

/** Sends a JSON answer; a closed connection is ignored. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): void {
  if (response.headersSent || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  response.end(text);
}

/** The caller's address without the IPv4-mapped IPv6 prefix, so 127.0.0.1 is blocked as one address. */
export function clientIp(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** Parses the request URL; undefined for a target that is not a valid path. */
export function requestUrl(request: IncomingMessage): URL | undefined {
  try {
    return new URL(request.url ?? '/', 'http://simulator.invalid');
  } catch {
    return undefined;
  }
}

/** Waits `ms` milliseconds. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The PBX refuses every request without a User-Agent (docs/pbx/auth.md#requests-and-the-user-agent), file downloads included:
 * the answer to send (HTTP 200), or undefined when the header is there.
 */
export function userAgentRefusal(request: IncomingMessage): Record<string, unknown> | undefined {
  const userAgent = request.headers['user-agent'];
  if (typeof userAgent === 'string' && userAgent.trim() !== '') return undefined;
  return {
    errcode: PBX_ERRCODE.FAILURE,
    errmsg: PBX_ERRMSG[PBX_ERRCODE.FAILURE] ?? 'FAILURE',
    invalid_param_list: [{ field: 'User-Agent', validation_type: 'required' }],
  };
}
