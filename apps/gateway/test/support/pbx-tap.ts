import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** A pass-through between the gateway and the PBX that remembers the credentials it saw on the way. */
export interface PbxTap {
  /** `http://127.0.0.1:<port>`: give this to the gateway as PBX_BASE_URL. */
  url: string;
  /** Every access and refresh token the PBX handed out (get_token, refresh_token) or the gateway presented. */
  tokens(): string[];
  /** Every request body the gateway sent to the PBX (to check the client secret really went there). */
  requestBodies(): string[];
  close(): Promise<void>;
}

/** Tokens in a PBX answer body or in a URL's `access_token`. */
function tokensIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/"(?:access_token|refresh_token)"\s*:\s*"([^"]+)"/g))
    if (match[1]) found.push(match[1]);
  for (const match of text.matchAll(/[?&]access_token=([^&\s#]+)/g))
    if (match[1]) found.push(decodeURIComponent(match[1]));
  return found;
}

/**
 * Starts a tap in front of the PBX at `target`: HTTP requests are forwarded as they are (answers too), event
 * WebSocket upgrades are piped through, and every token is collected on the way, so a test can look for the
 * PBX's tokens wherever they must not appear.
 */
export async function startPbxTap(target: string): Promise<PbxTap> {
  const upstream = new URL(target);
  const tokens = new Set<string>();
  const bodies: string[] = [];
  const sockets = new Set<Socket | Duplex>();
  const note = (text: string) => {
    for (const token of tokensIn(text)) tokens.add(token);
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    note(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      bodies.push(body.toString('utf8'));
      note(body.toString('utf8'));
      const out = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const text = Buffer.concat(parts);
            note(text.toString('utf8'));
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(text);
          });
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  };

  const server = createServer(forward);
  server.on('upgrade', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    note(req.url ?? '');
    const pbx = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? '';
        lines.push(
          `${name}: ${name.toLowerCase() === 'host' ? upstream.host : (req.rawHeaders[i + 1] ?? '')}`,
        );
      }
      pbx.write(`${lines.join('\r\n')}\r\n\r\n`);
      pbx.write(head);
      client.pipe(pbx).pipe(client);
    });
    for (const socket of [pbx, client]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        pbx.destroy();
        client.destroy();
      });
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    tokens: () => [...tokens],
    requestBodies: () => [...bodies],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
