import { JsonLogger } from '../logging/json-logger.js';
import { startSocketWorker, type PrimaryChannel } from './socket-worker.js';

/**
 * Entry of a socket worker process (cluster mode): forked by the gateway's primary (worker-pool.ts) with an
 * IPC channel and LOG_LEVEL only. It ends when the primary goes (the channel closes) or on SIGTERM from it.
 */
const level = process.env['LOG_LEVEL'];
const logger = new JsonLogger(level === 'debug' || level === 'warn' || level === 'error' ? level : 'info');
const worker = process.env['SWITCHBOARD_WORKER'] ?? '?';

if (!process.send) {
  process.stderr.write('a socket worker is started by the gateway (SOCKET_WORKERS), not on its own\n');
  process.exit(2);
}
const channel: PrimaryChannel = {
  send: (message) => {
    if (process.connected) process.send?.(message);
  },
  on: (event, listener) => void process.on(event, listener),
};
const running = startSocketWorker(channel, (lvl, msg, fields = {}) =>
  logger.event(lvl, msg, { context: 'SocketWorker', worker, ...fields }),
);
const stop = () => {
  void running.close().finally(() => process.exit(0));
  // Sockets that do not close in time are cut with the process.
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
// Ctrl-C reaches the whole process group: the primary decides when its workers stop (SIGTERM, or its exit).
process.on('SIGINT', () => undefined);
