import { describe, expect, it } from 'vitest';
import { MAX_HEAD_BYTES, readHead, routeOf } from './request-head.js';

/** A socket.io WebSocket handshake as Chromium sends it (socket.io-client 4, EIO 4). */
const CHROME_WEBSOCKET = [
  'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
  'Host: switchboard.example:3000',
  'Connection: Upgrade',
  'Pragma: no-cache',
  'Cache-Control: no-cache',
  'User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Upgrade: websocket',
  'Origin: http://switchboard.example:3000',
  'Sec-WebSocket-Version: 13',
  'Accept-Encoding: gzip, deflate, br',
  'Accept-Language: en-US,en;q=0.9',
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
  'Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits',
].join('\r\n');

/** The same from Node's ws client (socket.io-client in Node): lower-case names, Connection last. */
const NODE_WEBSOCKET = [
  'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
  'sec-websocket-version: 13',
  'sec-websocket-key: x3JJHMbDL1EzLkh9GBhXDw==',
  'connection: Upgrade',
  'upgrade: websocket',
  'sec-websocket-extensions: permessage-deflate; client_max_window_bits',
  'host: 127.0.0.1:3000',
].join('\r\n');

/** Firefox sends `Connection: keep-alive, Upgrade`. */
const FIREFOX_WEBSOCKET = CHROME_WEBSOCKET.replace('Connection: Upgrade', 'Connection: keep-alive, Upgrade');

const bytes = (head: string) => Buffer.from(`${head}\r\n\r\n`, 'latin1');

describe('routeOf: who serves a request', () => {
  it('sends a new socket.io WebSocket to a worker, from browsers and Node clients alike', () => {
    expect(routeOf(CHROME_WEBSOCKET)).toBe('worker');
    expect(routeOf(NODE_WEBSOCKET)).toBe('worker');
    expect(routeOf(FIREFOX_WEBSOCKET)).toBe('worker');
  });

  it('reads the query in any order and with extra parameters', () => {
    const reordered = NODE_WEBSOCKET.replace(
      '?EIO=4&transport=websocket',
      '?transport=websocket&t=abc&EIO=4',
    );
    expect(routeOf(reordered)).toBe('worker');
  });

  it('keeps a polling session and its upgrade (a sid) on the primary', () => {
    const upgrade = NODE_WEBSOCKET.replace(
      '?EIO=4&transport=websocket',
      '?EIO=4&transport=websocket&sid=Xy_1',
    );
    expect(routeOf(upgrade)).toBe('primary');
    expect(routeOf('GET /socket.io/?EIO=4&transport=polling&t=P1 HTTP/1.1\r\nHost: a')).toBe('primary');
    expect(routeOf('POST /socket.io/?EIO=4&transport=polling&sid=Xy_1 HTTP/1.1\r\nHost: a')).toBe('primary');
  });

  it('keeps REST, static files, health and other upgrades on the primary', () => {
    expect(routeOf('GET /api/auth/session HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer t')).toBe('primary');
    expect(routeOf('GET / HTTP/1.1\r\nHost: a')).toBe('primary');
    expect(routeOf('GET /readyz HTTP/1.1\r\nHost: a')).toBe('primary');
    expect(routeOf(NODE_WEBSOCKET.replace('/socket.io/', '/other/'))).toBe('primary');
    expect(routeOf(NODE_WEBSOCKET.replace('/socket.io/', '/socket.io.evil/'))).toBe('primary');
    expect(routeOf(NODE_WEBSOCKET.replace('upgrade: websocket', 'upgrade: h2c'))).toBe('primary');
    expect(routeOf(NODE_WEBSOCKET.replace('connection: Upgrade', 'connection: keep-alive'))).toBe('primary');
    expect(routeOf(NODE_WEBSOCKET.replace('transport=websocket', 'transport=polling'))).toBe('primary');
  });

  it('leaves anything not a well-formed HTTP/1.1 GET head to the primary (its parser answers it)', () => {
    expect(routeOf('')).toBe('primary');
    expect(routeOf('\u0016\u0003\u0001\u0002\u0000\u0001')).toBe('primary');
    expect(routeOf(NODE_WEBSOCKET.replace('HTTP/1.1', 'HTTP/1.0'))).toBe('primary');
    expect(routeOf(`${NODE_WEBSOCKET}\r\nno colon here`)).toBe('primary');
    expect(routeOf(NODE_WEBSOCKET.replace('GET ', 'GET  '))).toBe('primary');
  });
});

describe('readHead: reading the first bytes', () => {
  it('waits for the blank line, however the head is cut into chunks', () => {
    const whole = bytes(CHROME_WEBSOCKET);
    for (const cut of [1, 17, whole.length - 3, whole.length - 1])
      expect(readHead(whole.subarray(0, cut))).toEqual({ kind: 'incomplete' });
    expect(readHead(whole)).toEqual({ kind: 'complete', route: 'worker' });
  });

  it('routes on the head alone when more bytes follow it', () => {
    const withBody = Buffer.concat([
      bytes('POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Length: 2'),
      Buffer.from('{}'),
    ]);
    expect(readHead(withBody)).toEqual({ kind: 'complete', route: 'primary' });
  });

  it('gives up on a head larger than the limit, complete or not', () => {
    const huge = `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nX-Big: ${'a'.repeat(MAX_HEAD_BYTES)}`;
    expect(readHead(Buffer.from(huge))).toEqual({ kind: 'too-large' });
    expect(readHead(bytes(huge))).toEqual({ kind: 'too-large' });
    expect(readHead(Buffer.alloc(MAX_HEAD_BYTES + 1, 0xff))).toEqual({ kind: 'too-large' });
  });

  it('routes garbage that happens to hold a blank line to the primary', () => {
    expect(readHead(Buffer.from([0xde, 0xad, 13, 10, 13, 10]))).toEqual({
      kind: 'complete',
      route: 'primary',
    });
  });
});
