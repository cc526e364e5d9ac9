import { createServer, type Server as NetServer, type Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { readHead } from './request-head.js';

/** Where a new browser WebSocket may go; false when no worker can take it now. */
export type HandToWorker = (socket: Socket, head: Buffer) => boolean;

/** A connection whose head has not arrived after this is served by the primary (its HTTP timeouts apply). */
export const HEAD_TIMEOUT_MS = 5_000;

/**
 * The public port in cluster mode. Each connection's first bytes are read up to the end of the request
 * head: a new socket.io WebSocket goes to a socket worker (`hand`); everything else (REST, static files,
 * health, socket.io polling and a polling session's upgrade, which carry a sid the primary owns, a head too
 * large or too slow, anything not HTTP) is served by the primary's own HTTP server exactly as without
 * workers, so every request is answered whoever would have taken it.
 */
export function listenRouted(
  httpServer: HttpServer,
  hand: HandToWorker,
  port: number,
  host: string,
): Promise<NetServer> {
  const server = createServer({ pauseOnConnect: true }, (socket) => route(socket, httpServer, hand));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function route(socket: Socket, httpServer: HttpServer, hand: HandToWorker): void {
  const chunks: Buffer[] = [];
  let settled = false;
  const settle = (toWorker: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    socket.off('data', onData);
    socket.off('error', onError);
    socket.off('close', onClose);
    socket.pause();
    const head = Buffer.concat(chunks);
    if (toWorker) {
      stopReading(socket);
      if (hand(socket, head)) return;
      startReading(socket);
    }
    serveHere(socket, head, httpServer);
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    const state = readHead(chunks.length === 1 ? chunk : Buffer.concat(chunks));
    if (state.kind === 'incomplete') return;
    settle(state.kind === 'complete' && state.route === 'worker');
  };
  const onError = () => socket.destroy();
  const onClose = () => {
    settled = true;
    clearTimeout(timer);
  };
  const timer = setTimeout(() => settle(false), HEAD_TIMEOUT_MS);
  socket.on('data', onData);
  socket.on('error', onError);
  socket.once('close', onClose);
  socket.resume();
}

/** The part of a net.Socket's native handle that says and sets whether it reads. */
interface ReadingHandle {
  reading?: boolean;
  readStop?: () => number;
}

const handleOf = (socket: Socket) => (socket as unknown as { _handle?: ReadingHandle | null })._handle;

/**
 * Stops reading a connection at the handle, for as long as it waits to be handed to a worker. `pause()`
 * only stops the stream: Node keeps reading a paused socket into its buffer, and once the handle is sent it
 * discards what it reads until it closes its copy. The browser's first socket.io frame (its CONNECT, with
 * the token) follows the worker's upgrade answer within a millisecond, so a frame read here is lost and that
 * browser's handshake is never answered.
 *
 * `readStop()` alone is not enough: on the next tick the stream reads ahead (`maybeReadMore` calls `_read`),
 * and `_read` starts a handle whose `reading` flag is false again. child_process sends one handle at a time,
 * so in a burst a connection can wait for the sends before it while its handle reads again: that was the
 * handshake left unanswered about once in 10,000 connections opened 50 at a time (bench/README.md, "where we
 * stand", item 6). Hence `reading` stays true, which Node's `_read` takes as "already reading". Node offers
 * no public call for either.
 */
function stopReading(socket: Socket): void {
  const handle = handleOf(socket);
  if (!handle?.readStop) return;
  handle.readStop();
  handle.reading = true;
}

/** Undoes {@link stopReading} when no worker took the connection: the next `resume()` reads again. */
function startReading(socket: Socket): void {
  const handle = handleOf(socket);
  if (handle) handle.reading = false;
}

/** Gives the connection to the primary's HTTP server, with the bytes already read first. */
function serveHere(socket: Socket, head: Buffer, httpServer: HttpServer): void {
  httpServer.emit('connection', socket);
  if (head.length > 0) socket.emit('data', head);
  socket.resume();
}
