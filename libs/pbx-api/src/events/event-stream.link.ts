import WebSocket from 'ws';

// The per-connection half of PbxEventStream: one socket, its timers, and how it ends.

/** One WebSocket connection and the timers that belong to it. */
export interface Link {
  socket: WebSocket;
  token: string;
  ended: boolean;
  heartbeat?: NodeJS.Timeout;
  subscribeTimer?: NodeJS.Timeout;
  staleTimer?: NodeJS.Timeout;
}

/** How long close() waits for the PBX to answer the close handshake. */
const CLOSE_GRACE_MS = 1_000;

/** Marks `link` ended, so its socket's later events are ignored, and stops its timers. */
function retire(link: Link): void {
  link.ended = true;
  clearInterval(link.heartbeat);
  clearTimeout(link.subscribeTimer);
  clearTimeout(link.staleTimer);
}

/** Ends a link at once: timers stopped, socket destroyed without a close handshake. */
export function endLink(link: Link): void {
  retire(link);
  link.socket.terminate();
}

/** Closes politely, forcing the socket down if the PBX does not answer the close within a second. */
export function closeGracefully(link: Link): Promise<void> {
  retire(link);
  const { socket } = link;
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    socket.once('close', () => {
      clearTimeout(force);
      resolve();
    });
    if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else if (socket.readyState === WebSocket.OPEN) socket.close(1000, 'client closing');
  });
}

/** A frame's text, whichever buffer shape ws delivered it in. */
export function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
