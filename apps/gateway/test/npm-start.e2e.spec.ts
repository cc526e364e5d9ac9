import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/password-hasher.js';
import { freePort } from '../../../tools/harness/ports.mjs';
import { waitFor } from '../../../tools/harness/vitest-wait.mjs';
import { freshClone, newUserEnv, processExists, run } from './support/fresh-clone.js';
import { exitCodeWithin, npmStart, readBanner, type NpmStart } from './support/npm-start.js';
import { pbxEnv } from './support/test-config.js';

const READY = /Press Ctrl-C to stop\./;
const asBrowser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(5_000) });
  return { status: response.status, body: await response.text() };
}

async function login(base: string, username: string, password: string): Promise<unknown> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(5_000),
  });
  return response.json();
}

/**
 * Ctrl-C in the terminal: the whole group gets SIGINT. npm itself then ends by that signal (or with 0,
 * depending on the shell it runs scripts with); start.mjs says "Stopped." only when both children stopped
 * cleanly.
 */
async function stopWithCtrlC(running: NpmStart): Promise<void> {
  running.interrupt();
  expect([0, 'SIGINT']).toContain(await exitCodeWithin(running, 30_000));
  await running.waitFor(/^Stopped\.$/m, 20_000, true);
}

/**
 * The newcomer's path, as the README gives it: a fresh clone, `npm install`, `npm start`. Slow by nature
 * (a real install and a cold build), so everything that needs a running product is checked on the runs made.
 */
describe('npm start on a fresh clone', () => {
  let clone: string;
  let gatewayPort: number;
  let simPort: number;
  const started: NpmStart[] = [];
  const pids: number[] = [];
  let dashboardIndex: string | undefined;

  const start = (extra: Record<string, string> = {}) => {
    const running = npmStart(
      clone,
      newUserEnv({ SWITCHBOARD_PORT: String(gatewayPort), SIM_PORT: String(simPort), ...extra }),
    );
    started.push(running);
    return running;
  };
  /** `npm start` until it says it is ready; the pids it prints are kept, for afterAll to end what is left. */
  const startReady = async (readyWithinMs: number, extra: Record<string, string> = {}) => {
    const running = start(extra);
    await running.waitFor(READY, readyWithinMs);
    const banner = readBanner(running.output());
    pids.push(...Object.values(banner.pids));
    return { running, banner };
  };

  beforeAll(async () => {
    clone = freshClone();
    gatewayPort = await freePort();
    simPort = await freePort();
    await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], clone, newUserEnv(), 150_000);
  }, 180_000);

  afterAll(() => {
    for (const running of started) running.kill();
    for (const pid of pids.filter(processExists)) process.kill(pid, 'SIGKILL');
    rmSync(clone, { recursive: true, force: true });
  }, 60_000);

  it('builds, starts the simulator and the gateway, prints where to go, and stops on Ctrl-C', async () => {
    const { running, banner } = await startReady(150_000);
    expect(Object.keys(banner.pids).sort()).toEqual(['PBX simulator', 'gateway']);
    const base = `http://localhost:${gatewayPort}`;

    const built = join(clone, 'apps', 'dashboard', 'dist', 'index.html');
    if (existsSync(join(clone, 'apps', 'dashboard', 'project.json'))) {
      dashboardIndex = readFileSync(built, 'utf8');
      expect(banner.consoleUrl).toBe(`${base}/console`);
      const consolePage = await get(String(banner.consoleUrl), asBrowser);
      expect(consolePage).toEqual({ status: 200, body: dashboardIndex });
    } else {
      expect(running.output()).toContain('Console:      not built');
    }

    expect(running.output()).toMatch(/Sign in:\s+supervisor \/ supervisor/);
    expect(banner.displayLink).toMatch(new RegExp(`^${base}/wallboard\\?display=[\\w.-]+$`));
    const link = new URL(String(banner.displayLink));
    const wallboard = await get(link.href, asBrowser);
    expect(wallboard.status).toBe(200);
    if (dashboardIndex !== undefined) expect(wallboard.body).toBe(dashboardIndex);
    // The link's token opens a read-only session for the queues.
    const displayToken = link.searchParams.get('display') ?? '';
    const session = await fetch(`${base}/api/auth/session`, {
      headers: { authorization: `Bearer ${displayToken}` },
      signal: AbortSignal.timeout(5_000),
    });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({
      ok: true,
      data: { session: { display: true, role: 'viewer' } },
    });

    expect((await get(`${base}/healthz`)).status).toBe(200);
    await waitFor(
      async () => (await get(`${base}/readyz`)).status === 200,
      '/readyz to answer 200',
      20_000,
      250,
    );
    expect(await login(base, 'supervisor', 'supervisor')).toMatchObject({
      ok: true,
      data: { session: { user: 'supervisor', role: 'supervisor' } },
    });

    await stopWithCtrlC(running);
    for (const pid of Object.values(banner.pids)) expect(processExists(pid), `pid ${pid}`).toBe(false);
    expect((await fetch(`${base}/healthz`).catch(() => undefined))?.status).toBeUndefined();
  }, 240_000);

  it('starts again from the cache, and stops the gateway with a failure when the simulator dies', async () => {
    const { running, banner } = await startReady(90_000);
    const simulator = banner.pids['PBX simulator'];
    const gateway = banner.pids['gateway'];
    expect(simulator && gateway).toBeTruthy();
    process.kill(Number(simulator), 'SIGKILL');
    const code = await exitCodeWithin(running, 30_000);
    expect(code).toBe(1);
    expect(running.output()).toMatch(/PBX simulator stopped unexpectedly \(SIGKILL\)/);
    expect(processExists(Number(gateway))).toBe(false);
  }, 120_000);

  it('says so when the port is taken, before building anything', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(gatewayPort, '127.0.0.1', resolve));
    try {
      const running = start();
      const code = await exitCodeWithin(running, 30_000);
      expect(code).toBe(1);
      expect(running.output()).toContain(`Port ${gatewayPort} (for the gateway) is already in use`);
      expect(running.output()).not.toContain('Building');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);

  it('runs against the PBX of PBX_BASE_URL with the configured users, and starts no simulator', async () => {
    // Stands in for a real PBX: the clone's simulator, started by hand on the port npm start would use.
    const pbx: ChildProcess = spawn(
      process.execPath,
      [
        join(clone, 'apps', 'pbx-simulator', 'dist', 'main.js'),
        '--port',
        String(simPort),
        '--traffic-rate',
        '0',
      ],
      { stdio: 'ignore' },
    );
    try {
      const pbxUrl = `http://127.0.0.1:${simPort}`;
      await waitFor(async () => (await get(`${pbxUrl}/sim/health`)).status === 200, 'the PBX', 15_000, 250);
      const users = [
        { username: 'sue', role: 'supervisor', queues: 'all', passwordHash: await hashPassword('sue-pw') },
      ];
      const { running, banner } = await startReady(90_000, {
        ...pbxEnv(pbxUrl),
        USERS: JSON.stringify(users),
      });
      expect(Object.keys(banner.pids)).toEqual(['gateway']);
      expect(running.output()).toContain(`PBX:          ${pbxUrl}`);
      expect(running.output()).toContain('Sign in:      with a user of USERS');
      expect(banner.displayLink).toBeUndefined();
      const base = `http://localhost:${gatewayPort}`;
      expect((await get(`${base}/readyz`)).status).toBe(200);
      expect(await login(base, 'sue', 'sue-pw')).toMatchObject({ ok: true });
      expect(await login(base, 'supervisor', 'supervisor')).toMatchObject({ ok: false });
      const stats = JSON.parse((await get(`${pbxUrl}/sim/stats`)).body) as { requests: { total: number } };
      expect(stats.requests.total).toBeGreaterThan(0);
      await stopWithCtrlC(running);
      expect((await get(`${pbxUrl}/sim/health`)).status).toBe(200);
    } finally {
      pbx.kill('SIGKILL');
    }
  }, 120_000);
});
