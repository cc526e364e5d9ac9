/**
 * The first bytes of a connection, read by the primary to decide who serves it (cluster mode). Only a new
 * socket.io WebSocket (an upgrade to the socket.io path without a `sid`) may go to a socket worker; a
 * polling session and the upgrade of a polling session carry a `sid` the primary owns, and everything else
 * (REST, static files, health) is the primary's anyway.
 */

/** Longest request head read before the connection is given up (Node's own default header limit). */
export const MAX_HEAD_BYTES = 16 * 1024;

const HEAD_END = Buffer.from('\r\n\r\n');

/** Where a connection goes, once its head is known. */
export type Route = 'worker' | 'primary';

/** What reading the first bytes gave so far. */
export type HeadState = { kind: 'incomplete' } | { kind: 'too-large' } | { kind: 'complete'; route: Route };

/**
 * Looks at the bytes received so far (all chunks joined): 'incomplete' until the blank line ending the head
 * arrives, 'too-large' past {@link MAX_HEAD_BYTES}, else where the connection goes. Anything that is not a
 * well-formed request head goes to the primary, whose HTTP server answers it as it answers any bad request.
 */
export function readHead(bytes: Buffer, socketIoPath = '/socket.io/'): HeadState {
  const end = bytes.indexOf(HEAD_END);
  if (end < 0) return bytes.length > MAX_HEAD_BYTES ? { kind: 'too-large' } : { kind: 'incomplete' };
  if (end > MAX_HEAD_BYTES) return { kind: 'too-large' };
  return { kind: 'complete', route: routeOf(bytes.subarray(0, end).toString('latin1'), socketIoPath) };
}

/** The route of a complete request head (without its final blank line). */
export function routeOf(head: string, socketIoPath = '/socket.io/'): Route {
  const [requestLine = '', ...headerLines] = head.split('\r\n');
  const request = /^GET (\S+) HTTP\/1\.1$/.exec(requestLine);
  if (!request) return 'primary';
  const target = request[1] ?? '';
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (path !== socketIoPath && `${path}/` !== socketIoPath) return 'primary';
  const params = new URLSearchParams(query < 0 ? '' : target.slice(query + 1));
  // A sid names a session the primary holds (polling, or polling upgrading to WebSocket).
  if (params.has('sid') || params.get('transport') !== 'websocket') return 'primary';
  let upgrade: string | undefined;
  let connection: string | undefined;
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return 'primary';
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name === 'upgrade') upgrade = value;
    else if (name === 'connection') connection = value;
  }
  const upgrades = connection?.split(',').some((token) => token.trim() === 'upgrade') ?? false;
  return upgrade === 'websocket' && upgrades ? 'worker' : 'primary';
}
