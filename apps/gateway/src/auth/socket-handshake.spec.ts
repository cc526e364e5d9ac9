import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionInfo } from '@switchboard/live-protocol';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandsGateway } from '../commands/commands.gateway.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import { LiveEmitter } from '../live/live-emitter.js';
import { LiveGateway } from '../live/live.gateway.js';
import type { LiveServer, LiveSocket } from '../live/socket-types.js';
import type { StreamHub } from '../live/stream-hub.service.js';
import type { AuthService, Credentials } from './auth.service.js';
import type { Principal } from '../access/principal.js';
import { SessionRevocations } from '../ports/session-revocations.js';
import { SocketSessionsService } from '../live/socket-sessions.service.js';
import { TrustedProxies } from './trusted-proxies.js';
import type { DashboardBuild } from '../static/dashboard-build.js';
import { testSession } from '../../test/support/session-fixtures.js';

/**
 * Both socket gateways read the session the handshake middleware sets, so each must install it itself:
 * once it was installed only by CommandsGateway, and LiveGateway silently depended on that.
 */

const session = testSession({ user: 'ada' });
const principal: Principal = { session, source: { kind: 'proxy' }, extension: null };
const config = {
  http: { allowedOrigins: [], commandsPerSecond: 10 },
  auth: { conferenceAccess: 'signed-in' },
} as unknown as GatewayConfig;
const metrics = {
  connectedClients: () => undefined,
  commandResult: () => undefined,
} as unknown as MetricsService;

interface Rig {
  io: LiveServer;
  url: string;
  authenticate: ReturnType<typeof vi.fn<(credentials: Credentials) => Promise<unknown>>>;
  live: LiveGateway;
  commands: CommandsGateway;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A socket.io server with the gateways built as Nest builds them, but not yet initialised. */
async function rig(): Promise<Rig> {
  const authenticate = vi.fn((credentials: Credentials) =>
    Promise.resolve(
      credentials.token === 'good'
        ? { ok: true, principal }
        : { ok: false, code: 'unauthorized', message: 'Sign in first: no session token was presented.' },
    ),
  );
  const auth = { authenticate } as unknown as AuthService;
  const emitter = new LiveEmitter();
  const sessions = new SocketSessionsService(
    config,
    auth,
    new TrustedProxies([]),
    emitter,
    new SessionRevocations(),
  );
  const hub = { isKnownQueue: () => true } as unknown as StreamHub;
  const build = { current: () => 'build-1' } as DashboardBuild;
  const live = new LiveGateway(emitter, hub, metrics, config, sessions, build);
  const unused = {} as never;
  const commands = new CommandsGateway(
    sessions,
    unused,
    metrics,
    unused,
    unused,
    unused,
    unused,
    unused,
    unused,
  );
  const http: HttpServer = createServer();
  const io: LiveServer = new Server(http);
  // What Nest does for a gateway with OnGatewayConnection.
  io.on('connection', (socket: LiveSocket) => live.handleConnection(socket));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    sessions.onModuleDestroy();
    return new Promise<void>((resolve) => void io.close(() => resolve()));
  });
  const { port } = http.address() as AddressInfo;
  return { io, url: `http://127.0.0.1:${port}`, authenticate, live, commands };
}

/** The dashboard build the last `hello` announced. */
let lastHelloBuild = '';

type Outcome = { hello: SessionInfo } | { refused: string | undefined } | { closed: string };

/** Opens a client socket and reports what happened first: hello, a refused handshake, or a close. */
function open(url: string, token?: string): Promise<Outcome> {
  const client: ClientSocket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token ? { auth: { token } } : {}),
  });
  cleanups.push(() => void client.close());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no hello, refusal or close within 3 s')), 3_000);
    const settle = (outcome: Outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    client.once('hello', ({ session: s, build }: { session: SessionInfo; build: string }) => {
      lastHelloBuild = build;
      settle({ hello: s });
    });
    client.once('connect_error', (error: Error & { data?: { code?: string } }) =>
      settle({ refused: error.data?.code }),
    );
    client.once('disconnect', (reason) => settle({ closed: reason }));
  });
}

describe('socket handshake authentication', () => {
  it.each(['live', 'commands'] as const)(
    'refuses a socket without a valid session at the handshake with only the %s gateway initialised',
    async (only) => {
      const rigged = await rig();
      const { io, url } = rigged;
      rigged[only].afterInit(io);
      expect(await open(url)).toEqual({ refused: 'unauthorized' });
      expect(await open(url, 'forged')).toEqual({ refused: 'unauthorized' });
      expect(await open(url, 'good')).toEqual({ hello: session });
      expect(lastHelloBuild).toBe('build-1');
    },
  );

  it.each([
    ['live first', ['live', 'commands']],
    ['commands first', ['commands', 'live']],
  ] as const)('installs the middleware once when both gateways initialise (%s)', async (_name, order) => {
    const { io, url, authenticate, live, commands } = await rig();
    const use = vi.spyOn(io, 'use');
    for (const gateway of order) (gateway === 'live' ? live : commands).afterInit(io);
    expect(use).toHaveBeenCalledTimes(1);
    expect(await open(url)).toEqual({ refused: 'unauthorized' });
    expect(await open(url, 'good')).toEqual({ hello: session });
    // One authentication per handshake: a second copy of the middleware would authenticate twice.
    expect(authenticate).toHaveBeenCalledTimes(2);
  });
});
