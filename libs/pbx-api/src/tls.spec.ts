import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PbxClient, PbxEventStream, PbxTransportError, StaticTokenProvider } from './index.js';

// A PBX on https with a self-signed certificate, as on-site PBXs often are.
let server: Server;
let cert: string;
let baseUrl: string;
const dir = mkdtempSync(join(tmpdir(), 'pbx-tls-'));

beforeAll(async () => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'pipe' },
  );
  cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
  server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ errcode: 0, errmsg: 'SUCCESS', data: { model_name: 'P570' } }));
  });
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) =>
    socket.on('message', () => socket.send('{"errcode":0,"errmsg":"SUCCESS"}')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const client = (tls?: { ca?: string; rejectUnauthorized?: boolean }) =>
  new PbxClient({
    baseUrl,
    auth: { accessToken: 't' },
    retries: 0,
    timeoutMs: 3000,
    ...(tls ? { tls } : {}),
  });

describe('TLS to a PBX with a self-signed certificate', () => {
  it('refuses the certificate by default', async () => {
    await expect(client().system.information()).rejects.toBeInstanceOf(PbxTransportError);
  });

  it('trusts it when its CA is given, or when verification is switched off', async () => {
    expect((await client({ ca: cert }).system.information()).data.model_name).toBe('P570');
    expect((await client({ rejectUnauthorized: false }).system.information()).data.model_name).toBe('P570');
  });

  it('the event stream connects over wss with the same trust', async () => {
    const stream = new PbxEventStream({
      baseUrl,
      tokens: new StaticTokenProvider('t'),
      topics: [30016],
      tls: { ca: cert },
    });
    const opened = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('stream did not open within 5 s')), 5000);
      stream.on('state', (state) => {
        if (state.status === 'open') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    stream.start();
    await opened;
    await stream.close();
  });
});
