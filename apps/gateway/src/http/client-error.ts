import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refused, as a status and a sentence (never the parser's own text). */
function refusalOf(error: Error & { code?: string }): { status: number; reason: string; message: string } {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      message: 'The request headers are too large.',
    };
  return { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP.' };
}

/**
 * Answers requests that Node's HTTP parser refuses before any route or filter runs (a 20 KB header, a
 * header line without a colon, a bad chunk size…) in the one error shape, instead of an empty 400 or 431,
 * and closes the connection: after a parse error the stream cannot be trusted.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, message } = refusalOf(error);
    const body = JSON.stringify({ ok: false, error: { code: 'invalid_payload', message } });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
