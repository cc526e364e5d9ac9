import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HeldCallView } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../tools/harness/vitest-wait.mjs';
import { hashPassword } from '../src/auth/password-hasher.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { LiveWire } from './support/live-wire.js';
import { startPbxTap, type PbxTap } from './support/pbx-tap.js';
import { sendRaw, type RawAnswer } from './support/raw-http.js';
import { startSimulator, type RunningSimulator } from './support/simulator.js';
import { freshDataDir } from './support/test-config.js';

/** The built dashboard, served through the gateway (DASHBOARD_DIR). */
const DASHBOARD_DIR = fileURLToPath(new URL('../../dashboard/dist/', import.meta.url));
/** The small scenario's controlled trunk and a DID routed to its queue (GET /sim/world). */
const TRUNK = 'carrier-west';
const DID = '8005551000';

const unique = () => randomBytes(12).toString('hex');

/** A value that must never reach a browser (or, unless `browserOnly`, the log). */
interface Needle {
  what: string;
  value: string;
  /** Private, but the gateway may log it (a desk phone's address): checked in browser bytes only. */
  browserOnly?: boolean;
}

/** Bytes a browser (or the log) received, with where they came from. */
interface Haystack {
  kind: 'page' | 'rest' | 'socket' | 'log';
  where: string;
  bytes: Buffer;
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path).map((file) => join(name, file))
      : [relative(dir, path)];
  });
}

describe('secret leak: PBX credentials, tokens, AUTH_SECRET and password hashes stay out of every browser byte and the log', () => {
  const clientId = `switchboard-leak-${unique()}`;
  const clientSecret = `needle-client-secret-${unique()}`;
  const authSecret = `needle-auth-secret-${unique()}-${unique()}`;
  const passwords = {
    admin: `needle-password-admin-${unique()}`,
    boss: `needle-password-boss-${unique()}`,
    watcher: `needle-password-watcher-${unique()}`,
  };
  // Alerting's secrets: a webhook URL's path (its secret), the SMTP password; the VAPID private key is read
  // from the gateway's state after it stopped.
  const hookPath = `needle-hook-path-${unique()}`;
  const smtpPassword = `needle-smtp-password-${unique()}`;
  const dataDir = freshDataDir();
  const deskPhone = `198.51.100.${1 + ((randomBytes(1)[0] ?? 0) % 250)}:5062`;
  const hashes: Record<string, string> = {};
  let sim: RunningSimulator;
  let tap: PbxTap;
  let gateway: GatewayProcess;
  const received: Haystack[] = [];

  beforeAll(async () => {
    if (!existsSync(join(DASHBOARD_DIR, 'index.html')))
      throw new Error(
        `the dashboard is not built: ${DASHBOARD_DIR}index.html is missing (nx build dashboard)`,
      );
    for (const [user, password] of Object.entries(passwords)) hashes[user] = await hashPassword(password);
    sim = await startSimulator({
      scenario: 'small',
      seed: 21,
      speed: 10,
      trafficRate: 4,
      holdWindowMs: 20_000,
      // Short-lived PBX tokens: the gateway refreshes them every two seconds, so several pass by.
      accessTtlS: 4,
      extraArgs: ['--client-id', clientId, '--client-secret', clientSecret],
    });
    tap = await startPbxTap(sim.url);
    gateway = await startGatewayProcess({
      PBX_BASE_URL: tap.url,
      PBX_CLIENT_ID: clientId,
      PBX_CLIENT_SECRET: clientSecret,
      PBX_HOLD_WINDOW_MS: '20000',
      AUTH_SECRET: authSecret,
      USERS: JSON.stringify([
        { username: 'admin', passwordHash: hashes['admin'], role: 'admin', queues: 'all' },
        {
          username: 'boss',
          passwordHash: hashes['boss'],
          role: 'supervisor',
          queues: 'all',
          extension: '1011',
        },
        { username: 'watcher', passwordHash: hashes['watcher'], role: 'viewer', queues: 'all' },
      ]),
      DASHBOARD_DIR,
      LOG_LEVEL: 'debug',
      POLL_QUEUES_MS: '500',
      POLL_CONFERENCES_MS: '500',
      SITE_TIME_ZONE: 'UTC',
      DATA_DIR: dataDir,
      // Nothing listens on port 9 of this machine: every delivery fails, and its errors are what is checked.
      ALERT_TARGETS_ALLOWED: '127.0.0.1',
      ALERT_SMTP_URL: `smtp://alerts:${smtpPassword}@127.0.0.1:9`,
      ALERT_EMAIL_FROM: 'alerts@example.com',
    });
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await tap?.close();
    await sim?.stop();
  });

  const keep = (kind: 'page' | 'rest', where: string, answer: RawAnswer) => {
    received.push({ kind, where, bytes: Buffer.from(`${answer.head}\r\n\r\n${answer.text}`) });
    return answer;
  };
  const get = async (path: string, token?: string, kind: 'page' | 'rest' = 'rest') =>
    keep(
      kind,
      `GET ${path}`,
      await sendRaw(gateway.url, {
        method: 'GET',
        path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    );
  const send = async (method: string, path: string, token: string | undefined, body: unknown) =>
    keep(
      'rest',
      `${method} ${path}`,
      await sendRaw(gateway.url, {
        method,
        path,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  const signIn = async (user: keyof typeof passwords) => {
    const answer = await send('POST', '/api/auth/login', undefined, {
      username: user,
      password: passwords[user],
    });
    expect(answer.status, `sign-in of ${user}`).toBe(200);
    return (answer.body as { data: { token: string } }).data.token;
  };

  it('serves the dashboard, a normal session’s REST answers and live socket frames, then checks every byte and the log', async () => {
    // The dashboard: every file of the build through the gateway, and the app's own routes.
    const files = filesUnder(DASHBOARD_DIR);
    for (const file of files) expect((await get(`/${file}`, undefined, 'page')).status, file).toBe(200);
    for (const path of ['/', '/console', '/wallboard', '/embed/queue/1'])
      expect((await get(path, undefined, 'page')).status).toBe(200);

    // A normal session of each role, with a few of the answers that are errors.
    const admin = await signIn('admin');
    const boss = await signIn('boss');
    const watcher = await signIn('watcher');
    expect(
      (await send('POST', '/api/auth/login', undefined, { username: 'admin', password: 'wrong' })).status,
    ).toBe(401);
    for (const token of [admin, boss, watcher]) {
      await get('/api/auth/session', token);
      await get('/api/queues', token);
    }
    const display = await send('POST', '/api/display-tokens', admin, { name: 'Lobby', queues: [1] });
    expect(display.status).toBe(201);
    const displayToken = (display.body as { data: { token: string } }).data.token;
    await get('/api/display-tokens', admin);
    await get(`/wallboard?display=${displayToken}`, undefined, 'page');
    await get('/api/queues', displayToken);
    await get('/api/docs-json');
    await get('/api/docs');
    await get('/api/docs/swagger-ui-init.js');
    await get('/healthz');
    await get('/readyz');
    await get('/metrics');
    await get('/api/audit?limit=500', watcher);
    for (const operation of ['queue/list', 'system/information', 'inbound_route/query', 'call/query'])
      await send(
        'POST',
        `/api/pbx/${operation}`,
        admin,
        operation === 'inbound_route/query' ? { id: 1 } : {},
      );
    await send('POST', '/api/pbx/queue/list', admin, { page: 'one' });
    await send('POST', '/api/pbx/get_token', admin, { username: clientId });
    await get('/api/no-such-route', admin);
    // Contact points whose deliveries fail: their lists, tests and delivery logs must not show a secret.
    for (const body of [
      { kind: 'webhook', name: 'Leak hook', url: `http://127.0.0.1:9/${hookPath}?k=${hookPath}` },
      { kind: 'slack', name: 'Leak slack', url: `http://127.0.0.1:9/services/${hookPath}` },
      { kind: 'email', name: 'Leak mail', address: 'duty@example.com' },
    ]) {
      const created = await send('POST', '/api/alert-channels', admin, { ...body, queues: 'all' });
      expect(created.status).toBe(201);
      const id = (created.body as { data: { channel: { id: string } } }).data.channel.id;
      expect((await send('POST', `/api/alert-channels/${id}/test`, admin, {})).status).toBe(200);
      await get(`/api/alert-channels/${id}/deliveries`, admin);
    }
    await get('/api/alert-channels', admin);
    await send('POST', '/api/alert-channels', admin, {
      kind: 'webhook',
      name: 'Refused',
      url: `http://10.9.9.9/${hookPath}`,
      queues: 'all',
    });
    await get('/api/push/vapid-public-key', boss);

    // Live traffic on every stream each kind of screen may watch, held calls included, for a few seconds.
    const streams = ['queue:1', 'inbound', 'inbound:1', 'uacsta', 'uacsta:1', 'conferences', 'health'];
    const wires = await Promise.all(
      [admin, boss, watcher, displayToken].map((token) => LiveWire.connect(gateway.url, { token })),
    );
    for (const wire of wires) await wire.request('subscribe', { streams });
    const [adminWire, bossWire] = wires as [LiveWire, LiveWire];
    const held: string[] = [];
    for (let i = 0; i < 3; i++) {
      const call = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
        from: `555010${i}77`,
        to: DID,
        trunk_name: TRUNK,
      });
      expect(call.status).toBe(200);
      held.push(call.body.call_id);
    }
    await sim.post('/sim/events', {
      type: 30020,
      msg: { operation: 'call_start', extension: '1001', call_id: 'leak-desk-1', ip_address: deskPhone },
    });
    // At most 5 s, and no failure here: the decisions below fail if the calls never arrived.
    await waitFor(
      async () => {
        const inbound = (await bossWire.request('resync', { stream: 'inbound' })) as {
          ok: boolean;
          data?: { data: HeldCallView[] };
        };
        return held.every((id) => inbound.data?.data.some((c) => c.callId === id));
      },
      'the held calls on the boss’s screen',
      5_000,
      200,
    ).catch(() => undefined);
    expect(await bossWire.request('inbound:decide', { callId: held[0], decision: 'accept' })).toMatchObject({
      ok: true,
    });
    expect(await adminWire.request('inbound:decide', { callId: held[1], decision: 'refuse' })).toMatchObject({
      ok: true,
    });
    await adminWire.request('uacsta:refuse', { extension: '1001', callId: 'leak-desk-1' });
    await bossWire.request('audit:recent', { limit: 500 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // Credentials going wrong are where they tend to slip into error text: every token revoked, the event
    // socket dropped (it reconnects with a token in its URL), then a spell of "invalid token" and "busy"
    // answers, while screens watch the link state and an admin reads /readyz.
    expect((await sim.post('/sim/faults', { revokeTokens: true, dropEventSockets: true })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await sim.post('/sim/faults', { errorRate: 0.6, errcodes: [10004, 50001] })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await get('/readyz');
    await send('POST', '/api/pbx/queue/list', admin, {});
    expect((await sim.post('/sim/faults', { clear: true })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await get('/readyz');
    for (const [i, wire] of wires.entries()) {
      wire.close();
      const who = ['admin', 'boss', 'watcher', 'display'][i] ?? String(i);
      received.push({ kind: 'socket', where: `socket ${who}`, bytes: Buffer.from(wire.frames.join('\n')) });
    }
    await get('/api/audit?limit=500', admin);
    await send('POST', '/api/auth/logout', boss, {});
    // A graceful stop: the gateway revokes its PBX token and logs its shutdown too.
    await gateway.stop('SIGTERM');
    const log = gateway.output();

    const pbxTokens = tap.tokens();
    const vapidPrivateKey = (
      JSON.parse(readFileSync(join(dataDir, 'alerts.json'), 'utf8')) as { vapid: { privateKey: string } }
    ).vapid.privateKey;
    expect(vapidPrivateKey.length).toBeGreaterThan(20);
    const needles: Needle[] = [
      { what: 'PBX_CLIENT_SECRET', value: clientSecret },
      { what: 'PBX_CLIENT_SECRET (base64)', value: Buffer.from(clientSecret).toString('base64') },
      { what: 'AUTH_SECRET', value: authSecret },
      { what: 'AUTH_SECRET (base64)', value: Buffer.from(authSecret).toString('base64') },
      { what: 'AUTH_SECRET (base64url)', value: Buffer.from(authSecret).toString('base64url') },
      ...Object.entries(passwords).map(([user, value]) => ({ what: `password of ${user}`, value })),
      ...Object.entries(hashes).flatMap(([user, hash]) => [
        { what: `password hash of ${user}`, value: hash },
        // The salt and the key, each on its own (a hash cut up or re-encoded would still carry them).
        ...hash
          .split('$')
          .filter((part) => part.length >= 16)
          .map((part, i) => ({
            what: `password hash of ${user} (${i === 0 ? 'salt' : 'key'})`,
            value: part,
          })),
      ]),
      ...pbxTokens.map((value, i) => ({ what: `PBX token ${i + 1}`, value })),
      { what: 'desk phone address (uaCSTA ip_address)', value: deskPhone, browserOnly: true },
      { what: 'a webhook URL’s path', value: hookPath },
      { what: 'the SMTP password', value: smtpPassword },
      { what: 'the VAPID private key', value: vapidPrivateKey },
    ];
    const logHaystack: Haystack = {
      kind: 'log',
      where: 'gateway log (LOG_LEVEL=debug)',
      bytes: Buffer.from(log),
    };
    const leaks: string[] = [];
    for (const haystack of [...received, logHaystack])
      for (const needle of needles) {
        if (needle.browserOnly && haystack === logHaystack) continue;
        if (haystack.bytes.includes(needle.value)) leaks.push(`${needle.what} in ${haystack.where}`);
      }

    const bytesOf = (kind: Haystack['kind']) =>
      [...received, logHaystack].filter((h) => h.kind === kind).reduce((sum, h) => sum + h.bytes.length, 0);
    const count = (kind: Haystack['kind']) => received.filter((h) => h.kind === kind).length;
    const total = bytesOf('page') + bytesOf('rest') + bytesOf('socket') + bytesOf('log');
    const frames = wires.reduce((sum, w) => sum + w.frames.length, 0);
    console.log(
      `secret leak: ${needles.length} needles (${pbxTokens.length} PBX tokens, 2 secrets in 5 encodings, 3 alerting secrets, ${Object.keys(passwords).length} passwords, ${Object.keys(hashes).length} hashes with salt and key, 1 desk-phone address) × ${total} bytes checked (${needles.length * total} needle-bytes): dashboard ${bytesOf('page')} bytes (${files.length} build files, ${count('page') - files.length} pages), REST ${bytesOf('rest')} bytes in ${count('rest')} answers, socket ${bytesOf('socket')} bytes in ${frames} frames, log ${bytesOf('log')} bytes in ${log.split('\n').length} lines; ${leaks.length} leaks`,
    );

    // The needles were real: the secret went to the PBX, tokens came back, the log is at debug, the screens saw the calls.
    expect(tap.requestBodies().some((body) => body.includes(clientSecret))).toBe(true);
    expect(pbxTokens.length).toBeGreaterThanOrEqual(3);
    expect(log).toContain('"level":"debug"');
    expect(received.some((h) => h.where === 'socket boss' && held.every((id) => h.bytes.includes(id)))).toBe(
      true,
    );
    expect(received.some((h) => h.where === 'socket admin' && h.bytes.includes('leak-desk-1'))).toBe(true);
    expect(leaks).toEqual([]);
  }, 60_000);
});
