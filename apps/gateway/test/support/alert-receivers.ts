import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AlertMessage } from '@switchboard/live-protocol';
import { SMTPServer } from 'smtp-server';
import { TEST_TLS_CERT, TEST_TLS_KEY } from './test-tls.js';

/**
 * QUEUE_THRESHOLDS making queue 1 critical from its first waiting caller and judging nothing else, so the
 * queue is ok again once nobody waits: the alert specs drive it with the simulator's traffic.
 */
export const ONE_CALLER_CRITICAL = JSON.stringify({
  '1': {
    waitingWarn: 1,
    waitingCritical: 1,
    longestWaitWarnSec: null,
    longestWaitCriticalSec: null,
    serviceLevelWarn: null,
    serviceLevelCritical: null,
  },
});

/** One POST a receiver got. */
export interface ReceivedHook {
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
  json: unknown;
}

/** How a path answers: a status, or never ('hang': the connection stays open without an answer). */
export type HookAnswer = number | 'hang';

/** A local HTTP server standing in for webhook, Slack and Teams receivers: one path each. */
export interface HookReceiver {
  url: string;
  received: ReceivedHook[];
  /** What `path` answers from now on (200 by default). */
  answer(path: string, with_: HookAnswer): void;
  /** The generic webhook messages POSTed to `path`. */
  messages(path: string): AlertMessage[];
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const received: ReceivedHook[] = [];
  const answers = new Map<string, HookAnswer>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // kept as text
      }
      received.push({ path, at: Date.now(), headers: request.headers, body, json });
      const answer = answers.get(path) ?? 200;
      if (answer === 'hang') return;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (path, with_) => answers.set(path, with_),
    messages: (path) =>
      received.filter((hook) => hook.path === path).map((hook) => hook.json as AlertMessage),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A mail a {@link Mailbox} accepted. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** Whether the session was encrypted (STARTTLS) when the mail came. */
  secure: boolean;
}

/** A local SMTP server (smtp-server) with STARTTLS on the test certificate and one login. */
export interface Mailbox {
  port: number;
  user: string;
  password: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const user = 'alerts@example.com';
  const password = 'mailbox-Secret-7';
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    key: TEST_TLS_KEY,
    cert: TEST_TLS_CERT,
    authOptional: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    user,
    password,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
