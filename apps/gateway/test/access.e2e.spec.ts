import type { AuditEntryView, QueueView, StreamId } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { displayTokenFor, passwordOf, tokenFor } from './support/auth-fixtures.js';
import { connectClient, login, rest, waitFor, type TestClient } from './support/command-client.js';
import { queues1And2Polled, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/** The one origin, besides the gateway's own, that may open sockets and frame the dashboard. */
const INTRANET = 'https://intranet.example';

describe('access: sign-in, socket handshake, display links, admin REST', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let url: string;
  const clients: TestClient[] = [];
  const connect = async (token: string | undefined, headers: Record<string, string> = {}) => {
    const client = await connectClient(url, token, headers);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', trafficRate: 0, seed: 7 },
      { QUEUES: '1,2', POLL_QUEUES_MS: '500', ALLOWED_ORIGINS: INTRANET, FRAME_ANCESTORS: INTRANET },
    ));
    url = gateway.url;
    await queues1And2Polled(gateway);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await stopStack(gateway, sim);
  });

  it('lists the queues in the session scope for screens to subscribe to', async () => {
    const admin = await login(url, 'admin', passwordOf('admin'));
    const all = await rest(url, 'GET', '/api/queues', admin);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ ok: true, data: [{ id: 1 }, { id: 2 }] });
    const names = (all.body as { data: { name: string; number: string }[] }).data;
    expect(names.every((q) => q.name !== '' && q.number !== '')).toBe(true);
    const display = await displayTokenFor(gateway, [2]);
    const scoped = await rest(url, 'GET', '/api/queues', display.token);
    expect((scoped.body as { data: { id: number }[] }).data.map((q) => q.id)).toEqual([2]);
    expect((await rest(url, 'GET', '/api/queues', undefined)).status).toBe(401);
  });

  it('signs in with a password, reports the session, and ends it on logout', async () => {
    const wrong = await rest(url, 'POST', '/api/auth/login', undefined, {
      username: 'sup',
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain('nope');
    const token = await login(url, 'sup', passwordOf('sup'));
    const session = await rest(url, 'GET', '/api/auth/session', token);
    expect(session).toMatchObject({
      status: 200,
      body: { ok: true, data: { session: { user: 'sup', role: 'supervisor' } } },
    });
    const client = await connect(token);
    expect((await rest(url, 'POST', '/api/auth/logout', token)).status).toBe(200);
    expect((await rest(url, 'GET', '/api/auth/session', token)).status).toBe(401);
    await waitFor(
      () => client.expired.length > 0 && !client.socket.connected,
      'the socket to be closed on logout',
    );
    expect(client.expired[0]).toMatch(/signed out/);
  });

  it('sends CSP frame-ancestors instead of X-Frame-Options', async () => {
    const { headers } = await rest(url, 'GET', '/healthz');
    expect(headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${INTRANET}`);
    expect(headers.get('x-frame-options')).toBeNull();
  });

  it('refuses a socket handshake without a token or from an origin not allowed', async () => {
    await expect(connect(undefined)).rejects.toMatchObject({ data: { code: 'unauthorized' } });
    await expect(connect('sb1.forged.token')).rejects.toMatchObject({ data: { code: 'unauthorized' } });
    const token = tokenFor(gateway, 'sup');
    await expect(connect(token, { origin: 'https://evil.example' })).rejects.toMatchObject({
      data: { code: 'forbidden' },
    });
    const allowed = await connect(token, { origin: INTRANET });
    expect(allowed.session.user).toBe('sup');
    const sameOrigin = await connect(token, { origin: url });
    expect(sameOrigin.session.role).toBe('supervisor');
  });

  it('closes a socket with session:expired when its session runs out', async () => {
    const client = await connect(tokenFor(gateway, 'sup', 600));
    await waitFor(() => !client.socket.connected, 'the expired socket to be closed', 3_000);
    expect(client.expired).toEqual(['Your session expired; sign in again.']);
  });

  it('rate limits commands per connection', async () => {
    const client = await connect(tokenFor(gateway, 'sup'));
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => client.command('audit:recent', { limit: 1 })),
    );
    const limited = answers.filter((a) => !a.ok && a.error.code === 'rate_limited');
    // A burst of two seconds' worth (10 at 5/s); a slow machine may refill one more meanwhile.
    expect(answers.filter((a) => a.ok).length).toBeGreaterThanOrEqual(10);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    const other = await connect(tokenFor(gateway, 'sup'));
    expect((await other.command('audit:recent', { limit: 1 })).ok).toBe(true);
  });

  it('refuses a viewer’s command with forbidden', async () => {
    const viewer = await connect(tokenFor(gateway, 'view'));
    const answer = await viewer.command('inbound:decide', { callId: 'x', decision: 'accept' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('lets a display link see only its queues, never command, and closes it when revoked', async () => {
    const { token, id } = await displayTokenFor(gateway, [1]);
    const display = await connect(token);
    expect(display.session).toMatchObject({ display: true, role: 'viewer', queues: [1] });
    const answer = await display.subscribe(['queue:1', 'queue:2', 'inbound', 'health'] as StreamId[]);
    expect(answer).toEqual({ granted: ['queue:1', 'health'], denied: ['queue:2', 'inbound'] });
    expect(display.data<'queue'>('queue:1') as QueueView).toMatchObject({ id: 1 });
    const supervisor = await connect(tokenFor(gateway, 'sup'));
    expect((await supervisor.subscribe(['queue:2'])).granted).toEqual(['queue:2']);
    const command = await display.command('conference:kick', { conference: '6900', members: 'all' });
    expect(command).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const admin = await login(url, 'admin', passwordOf('admin'));
    expect((await rest(url, 'DELETE', `/api/display-tokens/${id}`, admin)).status).toBe(200);
    await waitFor(() => !display.socket.connected, 'the display to be disconnected');
    expect(display.expired).toEqual(['This display link was revoked.']);
    await expect(connect(token)).rejects.toMatchObject({ data: { code: 'unauthorized' } });
  });

  it('lets admins create and list display links over REST, and nobody else', async () => {
    const admin = tokenFor(gateway, 'admin');
    const created = await rest<{ ok: true; data: { token: string; display: { id: string } } }>(
      url,
      'POST',
      '/api/display-tokens',
      admin,
      { name: 'Lobby', queues: [2] },
    );
    expect(created.status).toBe(201);
    const display = await connect(created.body.data.token);
    expect(display.session.queues).toEqual([2]);
    const listed = await rest<{ data: { id: string }[] }>(url, 'GET', '/api/display-tokens', admin);
    expect(listed.body.data.map((d) => d.id)).toContain(created.body.data.display.id);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.data.token);
    const bad = await rest(url, 'POST', '/api/display-tokens', admin, { name: '', queues: 'all' });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { fields: [{ field: 'name' }, { field: 'queues' }] } },
    });
    expect((await rest(url, 'GET', '/api/display-tokens', tokenFor(gateway, 'sup'))).status).toBe(403);
    expect(
      (await rest(url, 'POST', '/api/display-tokens', created.body.data.token, { name: 'x', queues: [1] }))
        .status,
    ).toBe(403);
  });

  it('reaches PBX operations over admin REST with validation naming the field, and audits the changes', async () => {
    const admin = tokenFor(gateway, 'admin');
    const invalid = await rest(url, 'POST', '/api/pbx/block_numbers/create', admin, {
      name: 'x',
      limit_type: 'sideways',
      number_list: '5550100',
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { ok: false, error: { code: 'invalid_payload', fields: [{ field: 'limit_type' }] } },
    });
    const listed = await rest<{ ok: true; data: { queue_list: unknown[] } }>(
      url,
      'POST',
      '/api/pbx/queue/list',
      admin,
      {},
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.queue_list.length).toBe(5);
    const refused = await rest(url, 'POST', '/api/pbx/conference/kick_member', admin, {
      number: '6999',
      member_channel_id: 'all',
    });
    expect(refused).toMatchObject({
      status: 502,
      body: { error: { code: 'pbx_error', errcode: expect.any(Number) as number } },
    });
    expect((await rest(url, 'POST', '/api/pbx/get_token', admin, {})).status).toBe(404);
    expect((await rest(url, 'POST', '/api/pbx/queue/list', tokenFor(gateway, 'sup'), {})).status).toBe(403);
    expect((await rest(url, 'POST', '/api/pbx/queue/list', undefined, {})).status).toBe(401);

    const audit = await rest<{ data: AuditEntryView[] }>(
      url,
      'GET',
      '/api/audit?limit=5',
      tokenFor(gateway, 'sup'),
    );
    expect(audit.body.data.map((e) => [e.action, e.result])).toEqual(
      expect.arrayContaining([
        ['pbx:block_numbers/create', 'error'],
        ['pbx:conference/kick_member', 'error'],
      ]),
    );
    // A read changes nothing: it is not an entry of the trail.
    expect(audit.body.data.map((e) => e.action)).not.toContain('pbx:queue/list');
    expect((await rest(url, 'GET', '/api/audit', tokenFor(gateway, 'view'))).status).toBe(403);
  });

  it('serves OpenAPI docs listing every PBX operation', async () => {
    const doc = await rest<{ paths: Record<string, unknown> }>(url, 'GET', '/api/docs-json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/pbx/ivr/create',
        '/api/pbx/cdr/search',
        '/api/pbx/call/accept_inbound',
        '/api/auth/login',
      ]),
    );
    const ui = await rest<string>(url, 'GET', '/api/docs');
    expect(ui.status).toBe(200);
    expect(ui.body).toContain('swagger');
    expect(ui.headers.get('content-security-policy')).toContain('frame-ancestors');
  });

  // Last: it locks this address out of password sign-in for a while.
  it('rate limits failed sign-ins per address', async () => {
    let status = 0;
    for (let attempt = 0; attempt < 6 && status !== 429; attempt++)
      status = (
        await rest(url, 'POST', '/api/auth/login', undefined, { username: 'admin', password: 'guess' })
      ).status;
    expect(status).toBe(429);
    const right = await rest(url, 'POST', '/api/auth/login', undefined, {
      username: 'admin',
      password: passwordOf('admin'),
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
