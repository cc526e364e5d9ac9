import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Socket as NetSocket } from 'node:net';
import { Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import type { SocketWorkersView } from '@switchboard/live-protocol';
import type { SocketSessionsService } from '../live/socket-sessions.service.js';
import type { MetricsService } from '../metrics/metrics.service.js';
import type { LiveEmitter } from '../live/live-emitter.js';
import type { LiveServer, LiveSocket } from '../live/socket-types.js';
import { describeMessage, parseFromWorker, type FromWorker, type ToWorker } from './ipc-messages.js';
import { RemoteSocket } from './remote-socket.js';

/** What the pool needs of the gateway it extends. */
export interface WorkerPoolDeps {
  /** The gateway's socket.io server: remote sockets become connections of its namespace '/'. */
  server: LiveServer;
  sessions: SocketSessionsService;
  emitter: LiveEmitter;
  metrics: MetricsService;
  /** The worker's entry (socket-worker.main.js) and the environment it gets (no secret). */
  entry: string;
  env: Record<string, string>;
}

/** A socket accepted by the primary but not (yet) reported connected by its worker is dropped after this. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Restart delays of a worker that exits: doubled on each quick exit, up to the maximum. */
const RESTART_MIN_MS = 200;
const RESTART_MAX_MS = 5_000;
/** A worker that ran this long before exiting is restarted at once, as a first failure. */
const STABLE_AFTER_MS = 30_000;

interface Worker {
  index: number;
  child: ChildProcess;
  /** True once the worker said it is ready. */
  ready: boolean;
  startedAt: number;
  /** Connections handed over whose handshake question has not come yet; with `sockets`, the load balanced. */
  pending: number;
  sockets: Map<string, RemoteSocket>;
  connectTimers: Map<string, ReturnType<typeof setTimeout>>;
}

/** How busy a worker is: its sockets and the connections on their way to it. */
const loadOf = (worker: Worker) => worker.sockets.size + worker.pending;

/**
 * The primary's side of cluster mode: forks the socket workers, hands them browser connections, answers
 * their handshake questions with SocketSessionsService's own check, and makes each of their sockets a
 * {@link RemoteSocket} connection of the gateway's socket.io namespace, so every handler, rate limit, audit
 * and revocation path applies to it unchanged. Room broadcasts reach every worker once (LiveEmitter's room
 * sink); a worker that exits loses its sockets (their browsers reconnect) and is forked again.
 */
export class WorkerPool {
  private readonly log = new Logger('SocketWorkers');
  private readonly workers: (Worker | undefined)[];
  private readonly restarts: number[];
  private readonly restartTimers = new Set<ReturnType<typeof setTimeout>>();
  private readonly stops: (() => void)[] = [];
  private stopping = false;

  constructor(
    private readonly size: number,
    private readonly deps: WorkerPoolDeps,
  ) {
    this.workers = Array.from({ length: size }, () => undefined);
    this.restarts = Array.from({ length: size }, () => 0);
    const registry = deps.metrics.registry;
    const countGauge = new Gauge({
      name: 'switchboard_socket_workers',
      help: 'Socket worker processes configured (SOCKET_WORKERS) and running (ready)',
      labelNames: ['state'],
      registers: [registry],
      collect: () => {
        countGauge.set({ state: 'configured' }, this.size);
        countGauge.set({ state: 'ready' }, this.status().ready);
      },
    });
    const socketGauge = new Gauge({
      name: 'switchboard_worker_sockets',
      help: 'Browser sockets held by each socket worker',
      labelNames: ['worker'],
      registers: [registry],
      collect: () => {
        socketGauge.reset();
        for (const worker of this.workers)
          if (worker) socketGauge.set({ worker: String(worker.index + 1) }, worker.sockets.size);
      },
    });
    this.stops.push(
      () => registry.removeSingleMetric('switchboard_socket_workers'),
      () => registry.removeSingleMetric('switchboard_worker_sockets'),
      deps.emitter.addRoomSink((room, event, args) => {
        for (const worker of this.workers)
          if (worker?.ready) this.send(worker, { type: 'broadcast', room, event, args: [...args] });
      }),
      deps.emitter.addRemoteCount(() => this.connectedSockets()),
    );
  }

  /** Forks every worker. */
  start(): void {
    for (let index = 0; index < this.size; index++) this.spawn(index);
  }

  /** Sockets connected through the workers now. */
  connectedSockets(): number {
    let count = 0;
    for (const worker of this.workers)
      for (const socket of worker?.sockets.values() ?? []) if (socket.connected) count++;
    return count;
  }

  /** How many workers are configured and how many take sockets now (/readyz). */
  status(): SocketWorkersView {
    return { configured: this.size, ready: this.workers.filter((worker) => worker?.ready).length };
  }

  /**
   * Hands a browser connection to the least-loaded ready worker; false when none is ready (the primary then
   * serves it itself). `head`: the bytes already read from it.
   */
  hand(socket: NetSocket, head: Buffer): boolean {
    let best: Worker | undefined;
    for (const worker of this.workers)
      if (worker?.ready && worker.child.connected && (!best || loadOf(worker) < loadOf(best))) best = worker;
    if (!best) return false;
    const worker = best;
    worker.pending++;
    const message: ToWorker = { type: 'connection', head: head.toString('base64') };
    worker.child.send(message, socket, { keepOpen: false }, (error) => {
      if (!error) return;
      worker.pending = Math.max(0, worker.pending - 1);
      socket.destroy();
    });
    return true;
  }

  /** Stops the workers (their sockets close; browsers reconnect to whoever serves next). */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.restartTimers) clearTimeout(timer);
    for (const stop of this.stops) stop();
    const exits = this.workers.map((worker) => {
      if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return undefined;
      const exited = new Promise<void>((resolve) => worker.child.once('exit', () => resolve()));
      worker.child.kill('SIGTERM');
      return exited;
    });
    await Promise.all(exits);
  }

  private spawn(index: number): void {
    const child = fork(this.deps.entry, [], {
      env: { ...this.deps.env, SWITCHBOARD_WORKER: String(index + 1) },
      serialization: 'json',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = {
      index,
      child,
      ready: false,
      startedAt: Date.now(),
      pending: 0,
      sockets: new Map(),
      connectTimers: new Map(),
    };
    this.workers[index] = worker;
    child.on('message', (raw: unknown) => {
      const message = parseFromWorker(raw);
      if (!message) {
        this.log.warn({
          msg: 'socket worker message dropped',
          worker: index + 1,
          shape: describeMessage(raw),
        });
        return;
      }
      this.receive(worker, message);
    });
    child.on('error', (error) =>
      this.log.error({ msg: 'socket worker error', worker: index + 1, error: error.message }),
    );
    child.once('exit', (code, signal) => this.exited(worker, code, signal));
  }

  private exited(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    worker.ready = false;
    for (const timer of worker.connectTimers.values()) clearTimeout(timer);
    worker.connectTimers.clear();
    const sockets = [...worker.sockets.values()];
    worker.sockets.clear();
    for (const socket of sockets) socket.closed('transport close');
    if (this.stopping) return;
    const { index } = worker;
    if (Date.now() - worker.startedAt >= STABLE_AFTER_MS) this.restarts[index] = 0;
    const delay = Math.min(RESTART_MAX_MS, RESTART_MIN_MS * 2 ** (this.restarts[index] ?? 0));
    this.restarts[index] = (this.restarts[index] ?? 0) + 1;
    this.log.warn({
      msg: 'socket worker exited; starting it again',
      worker: index + 1,
      code,
      signal,
      delayMs: delay,
      sockets: sockets.length,
    });
    const timer = setTimeout(() => {
      this.restartTimers.delete(timer);
      if (!this.stopping) this.spawn(index);
    }, delay);
    this.restartTimers.add(timer);
  }

  private send(worker: Worker, message: ToWorker): void {
    if (worker.child.connected) worker.child.send(message);
  }

  private receive(worker: Worker, message: FromWorker): void {
    switch (message.type) {
      case 'ready':
        worker.ready = true;
        this.log.log({ msg: 'socket worker ready', worker: worker.index + 1, pid: worker.child.pid });
        return;
      case 'auth':
        worker.pending = Math.max(0, worker.pending - 1);
        void this.admit(worker, message);
        return;
      case 'connected': {
        const socket = worker.sockets.get(message.socketId);
        const timer = worker.connectTimers.get(message.socketId);
        clearTimeout(timer);
        worker.connectTimers.delete(message.socketId);
        if (!socket || socket.disconnected) {
          this.send(worker, { type: 'disconnect', socketId: message.socketId });
          return;
        }
        socket.opened();
        // Nest listens to the namespace's 'connection' event (every gateway's handleConnection, then the
        // message handlers): raised on the emitter itself, as socket.io raises it; namespace.emit would
        // broadcast instead.
        EventEmitter.prototype.emit.call(this.deps.server.of('/'), 'connection', socket);
        return;
      }
      case 'event': {
        const socket = worker.sockets.get(message.socketId);
        const { ackId } = message;
        const ack =
          ackId === undefined
            ? undefined
            : (value: unknown) =>
                this.send(worker, { type: 'ack', socketId: message.socketId, ackId, args: [value] });
        socket?.deliver(message.event, message.args, ack);
        return;
      }
      case 'disconnected': {
        const socket = worker.sockets.get(message.socketId);
        this.forget(worker, message.socketId);
        socket?.closed(message.reason);
        return;
      }
    }
  }

  /** Answers a worker's handshake question with the gateway's own check, on a RemoteSocket. */
  private async admit(worker: Worker, request: Extract<FromWorker, { type: 'auth' }>): Promise<void> {
    const socket = new RemoteSocket(request.socketId, request.handshake, (message) =>
      this.send(worker, message),
    );
    try {
      await this.deps.sessions.admit(socket as unknown as LiveSocket);
    } catch (error) {
      const code = (error as { data?: { code?: unknown } }).data?.code;
      this.send(worker, {
        type: 'auth-result',
        id: request.id,
        ok: false,
        code: typeof code === 'string' ? code : 'unauthorized',
        message: error instanceof Error && error.message ? error.message : 'Connection refused.',
      });
      return;
    }
    const session = socket.data.session;
    if (!session || worker.child.exitCode !== null || !worker.child.connected) {
      socket.closed('transport close');
      return;
    }
    worker.sockets.set(socket.id, socket);
    // The browser may leave before the worker accepts it: then no 'connected' ever comes.
    const timer = setTimeout(() => {
      worker.connectTimers.delete(socket.id);
      if (socket.connected) return;
      this.forget(worker, socket.id);
      socket.closed('transport close');
    }, CONNECT_TIMEOUT_MS);
    timer.unref();
    worker.connectTimers.set(socket.id, timer);
    this.send(worker, { type: 'auth-result', id: request.id, ok: true, session });
  }

  private forget(worker: Worker, socketId: string): void {
    worker.sockets.delete(socketId);
    clearTimeout(worker.connectTimers.get(socketId));
    worker.connectTimers.delete(socketId);
  }
}
