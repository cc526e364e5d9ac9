import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type RunningGateway } from '../src/create-app.js';
import { testConfig } from './support/test-config.js';

const INDEX = '<!doctype html><title>switchboard test build</title><div id="app"></div>';
const ASSET = 'console.log("hashed asset");';

async function get(url: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${url}${path}`, { ...init, signal: AbortSignal.timeout(5_000) });
  return { status: response.status, headers: response.headers, body: await response.text() };
}
const asBrowser = { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };

describe('the gateway serves the dashboard build', () => {
  let root: string;
  let gateway: RunningGateway;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'switchboard-dashboard-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), ASSET);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(root, 'outside.txt'), 'not part of the build');
    gateway = await startGateway(
      testConfig({ DASHBOARD_DIR: dist, FRAME_ANCESTORS: 'https://intranet.example' }),
    );
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/', '/console', '/login', '/wallboard?display=abc', '/embed/queue/3', '/embed/prompts'])(
    'answers the client route %s with index.html, revalidated on every load',
    async (path) => {
      const page = await get(gateway.url, path, asBrowser);
      expect(page.status).toBe(200);
      expect(page.body).toBe(INDEX);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('falls back to index.html for a deep route without an Accept header (curl, fetch)', async () => {
    expect((await get(gateway.url, '/embed/agents/2')).body).toBe(INDEX);
  });

  it('keeps the frame-ancestors policy on dashboard pages and assets', async () => {
    for (const path of ['/embed/queue/1', '/assets/index-Ab12Cd34.js']) {
      const answer = await get(gateway.url, path, asBrowser);
      expect(answer.headers.get('content-security-policy')).toContain(
        "frame-ancestors 'self' https://intranet.example",
      );
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('serves hashed assets with a long immutable cache and other files revalidated', async () => {
    const asset = await get(gateway.url, '/assets/index-Ab12Cd34.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe(ASSET);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await get(gateway.url, '/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const index = await get(gateway.url, '/index.html');
    expect(index.body).toBe(INDEX);
    expect(index.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of index.html', async () => {
    const missing = await get(gateway.url, '/assets/gone-00000000.js');
    expect(missing.status).toBe(404);
    expect(missing.body).not.toContain('switchboard test build');
  });

  it('never answers the gateway paths with index.html', async () => {
    for (const path of ['/api/nope', '/API/nope', '/api', '/healthz/extra', '/readyz/x', '/metrics/x']) {
      const answer = await get(gateway.url, path, asBrowser);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toMatchObject({ ok: false, error: { code: 'not_found' } });
    }
    const socket = await get(gateway.url, '/socket.io/?EIO=4&transport=unknown', asBrowser);
    expect(socket.status).toBe(400);
    expect(socket.body).not.toContain('switchboard test build');
  });

  it('leaves the gateway routes alone', async () => {
    const health = await get(gateway.url, '/healthz', asBrowser);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok' });
    const metrics = await get(gateway.url, '/metrics', asBrowser);
    expect(metrics.body).toContain('switchboard_connected_clients');
    const session = await get(gateway.url, '/api/auth/session', asBrowser);
    expect(session.status).toBe(401);
  });

  it('does not answer other methods with the app', async () => {
    const post = await get(gateway.url, '/console', { method: 'POST' });
    expect(post.status).toBe(404);
    const head = await fetch(`${gateway.url}/console`, {
      method: 'HEAD',
      signal: AbortSignal.timeout(5_000),
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(INDEX.length));
  });

  it('never serves files outside the build', async () => {
    for (const path of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt']) {
      const answer = await get(gateway.url, path);
      expect(answer.body, path).not.toContain('not part of the build');
    }
  });
});

describe('DASHBOARD_DIR', () => {
  it('stops the gateway with a clear error when it holds no build', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'switchboard-empty-'));
    try {
      await expect(startGateway(testConfig({ DASHBOARD_DIR: empty }))).rejects.toThrow(
        /DASHBOARD_DIR must be a dashboard build with an index\.html/,
      );
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
