import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenRouted } from './connection-router.js';

/** A new socket.io WebSocket's request head, as the router sends it to a worker. */
const UPGRADE_HEAD = Buffer.from(
  [
    'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
    'Host: 127.0.0.1',
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    '',
    '',
  ].join('\r\n'),
  'latin1',
);

/** Stands for the browser's first frame after the upgrade (its socket.io CONNECT). */
const FIRST_FRAME = 'first frame after the upgrade';

/** A child that reports every byte it reads from the socket it is sent, as a socket worker would read. */
const READER_CHILD = `
process.on('message', (_message, socket) => {
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
    process.send(text);
  });
});
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function router(hand: (socket: Socket, head: Buffer) => boolean): Promise<{
  http: HttpServer;
  port: number;
}> {
  const http = createHttpServer();
  const server: NetServer = await listenRouted(http, hand, 0, '127.0.0.1');
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { http, port: (server.address() as AddressInfo).port };
}

async function browser(port: number): Promise<Socket> {
  const client = connect(port, '127.0.0.1');
  cleanups.push(() => client.destroy());
  await once(client, 'connect');
  return client;
}

/** Resolves with the first connection the router hands over (the handoff itself is up to the test). */
function handed(): { hand: (socket: Socket, head: Buffer) => boolean; next: Promise<[Socket, Buffer]> } {
  let resolve!: (value: [Socket, Buffer]) => void;
  const next = new Promise<[Socket, Buffer]>((r) => (resolve = r));
  return {
    hand: (socket, head) => {
      cleanups.push(() => socket.destroy());
      resolve([socket, head]);
      return true;
    },
    next,
  };
}

describe('connection router', () => {
  it('reads nothing past the request head while a connection waits to be handed to a worker', async () => {
    const { hand, next } = handed();
    const { port } = await router(hand);
    const client = await browser(port);
    client.write(UPGRADE_HEAD);
    const [socket, head] = await next;
    expect(head.equals(UPGRADE_HEAD)).toBe(true);
    // child_process sends one handle at a time: in a burst this connection waits for the ones before it.
    // Whatever the browser sends meanwhile must stay in the kernel for the worker to read.
    client.write(FIRST_FRAME);
    await sleep(150);
    expect(socket.bytesRead).toBe(UPGRADE_HEAD.length);
    expect(socket.readableLength).toBe(0);
  });

  it('hands the first frame to the worker even when the handle is sent late', async () => {
    const child = spawn(process.execPath, ['-e', READER_CHILD], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    cleanups.push(() => child.kill());
    const { hand, next } = handed();
    const { port } = await router(hand);
    const client = await browser(port);
    client.write(UPGRADE_HEAD);
    const [socket] = await next;
    client.write(FIRST_FRAME);
    await sleep(150);
    const read = new Promise<string>((resolve) =>
      child.on('message', (text) => {
        if (String(text).includes(FIRST_FRAME)) resolve(String(text));
      }),
    );
    child.send({ type: 'connection' }, socket, { keepOpen: false });
    await expect(read).resolves.toBe(FIRST_FRAME);
  });

  it('serves a connection itself, reading on, when no worker takes it', async () => {
    const { http, port } = await router(() => false);
    const upgraded = once(http, 'upgrade') as Promise<[unknown, Socket, Buffer]>;
    const client = await browser(port);
    client.write(UPGRADE_HEAD);
    const [, socket] = await upgraded;
    cleanups.push(() => socket.destroy());
    const read = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes(FIRST_FRAME)) resolve(text);
      });
    });
    client.write(FIRST_FRAME);
    await expect(read).resolves.toBe(FIRST_FRAME);
  });
});
