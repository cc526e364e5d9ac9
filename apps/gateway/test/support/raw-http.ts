import { request, type Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/** An HTTP answer as it arrived, bytes and all. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Status line and headers as sent, for byte checks. */
  head: string;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

/** What to send: nothing is added but Host, Content-Length for a body, and what `headers` says. */
export interface RawRequest {
  method: string;
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  /** The local address to send from (127.0.0.2 is another loopback peer: not a trusted proxy). */
  localAddress?: string;
  agent?: Agent;
  timeoutMs?: number;
}

/** Sends one request exactly as described; rejects only when no answer arrives. */
export function sendRaw(baseUrl: string, options: RawRequest): Promise<RawAnswer> {
  const { method, path, headers = {}, body, localAddress, agent, timeoutMs = 10_000 } = options;
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        method,
        headers: { ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}), ...headers },
        timeout: timeoutMs,
        ...(localAddress ? { localAddress } : {}),
        ...(agent ? { agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const lines = [`HTTP/${res.httpVersion} ${res.statusCode ?? 0} ${res.statusMessage ?? ''}`];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
            lines.push(`${res.rawHeaders[i] ?? ''}: ${res.rawHeaders[i + 1] ?? ''}`);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            head: lines.join('\r\n'),
            text,
            body: parsed,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} got no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A JSON body with its content type, ready for {@link sendRaw}. */
export function jsonBody(value: unknown): { headers: OutgoingHttpHeaders; body: string } {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

/**
 * Writes `request` as it is on a fresh TCP connection (malformed requests included, which no HTTP client
 * sends) and resolves with what came back before the connection closed.
 */
export function sendBytes(baseUrl: string, request: string, timeoutMs = 5_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(request));
    const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const head = split < 0 ? raw : raw.slice(0, split);
      const text = split < 0 ? '' : raw.slice(split + 4);
      const headers: IncomingHttpHeaders = {};
      for (const line of head.split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      resolve({ status: Number(/^HTTP\/\d\.\d (\d{3})/.exec(head)?.[1] ?? 0), headers, head, text, body });
    });
  });
}
