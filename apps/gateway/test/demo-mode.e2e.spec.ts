import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DemoDisplayLink } from '../src/demo-display-link.js';
import { DisplayTokensService } from '../src/auth/display-tokens.service.js';
import { startGateway, type RunningGateway } from '../src/create-app.js';
import { StreamHub } from '../src/live/stream-hub.service.js';
import { JsonLogger } from '../src/logging/json-logger.js';
import { testUsersEnv } from './support/auth-fixtures.js';
import { connectClient, login, waitFor } from './support/command-client.js';
import { startSimulator, type RunningSimulator } from './support/simulator.js';
import { freshDataDir, testConfig, pbxEnv } from './support/test-config.js';

/** Resolves with the promise's value, or fails after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)),
  ]);
}

describe('demo mode (the simulator with its demo credentials, no USERS)', () => {
  let sim: RunningSimulator;
  const gateways: RunningGateway[] = [];
  const demoEnv = () => ({
    ...pbxEnv(sim.url),
  });
  // Nest loggers write to the most recently created app's logger, so each test closes its gateway (and
  // the demo link's timers with it) before the next one starts.
  async function gateway(env: Record<string, string>, lines: string[] = []): Promise<RunningGateway> {
    const started = await startGateway(testConfig(env), new JsonLogger('info', (line) => lines.push(line)));
    gateways.push(started);
    return started;
  }

  beforeAll(async () => {
    sim = await startSimulator({ scenario: 'contact-center', trafficRate: 0, seed: 3 });
  });
  afterEach(async () => {
    for (const running of gateways.splice(0)) await running.close();
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('logs a display link for every queue that opens the wallboard read-only', async () => {
    const lines: string[] = [];
    const demo = await gateway(demoEnv(), lines);
    const link = await within(demo.app.get(DemoDisplayLink).link(), 10_000, 'display link');
    expect(link).toMatch(new RegExp(`^http://localhost:${demo.port}/wallboard\\?display=[\\w.-]+$`));
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged.filter((entry) => entry['msg'] === 'display link')).toEqual([
      expect.objectContaining({ level: 'info', url: link }),
    ]);

    const world = await sim.get<{ queues: { id: number }[] }>('/sim/world');
    const queueIds = world.queues.map((queue) => queue.id).sort((a, b) => a - b);
    expect(queueIds.length).toBeGreaterThan(1);
    const token = new URL(String(link)).searchParams.get('display') ?? '';
    const screen = await connectClient(demo.url, token);
    try {
      expect(screen.session).toMatchObject({ display: true, role: 'viewer', queues: queueIds });
    } finally {
      screen.close();
    }
  });

  it('shows the same display link after a restart, so a TV showing it carries on', async () => {
    const env = { ...demoEnv(), DATA_DIR: freshDataDir() };
    const first = await gateway(env);
    const link = await within(first.app.get(DemoDisplayLink).link(), 10_000, 'display link');
    await first.close();
    gateways.splice(0);
    const second = await gateway(env);
    expect(await within(second.app.get(DemoDisplayLink).link(), 10_000, 'display link')).toBe(
      link?.replace(`:${first.port}/`, `:${second.port}/`),
    );
    expect(await second.app.get(DisplayTokensService).list()).toHaveLength(1);
  });

  it('signs the demo supervisor in', async () => {
    const demo = await gateway(demoEnv());
    await expect(login(demo.url, 'supervisor', 'supervisor')).resolves.toEqual(expect.any(String));
  });

  it('tells the login page, without signing in, which demo accounts are active (names and roles only)', async () => {
    const demo = await gateway(demoEnv());
    const response = await fetch(`${demo.url}/api/auth/options`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      ok: true,
      data: {
        demoAccounts: [
          { username: 'supervisor', role: 'supervisor' },
          { username: 'admin', role: 'admin' },
          { username: 'viewer', role: 'viewer' },
        ],
      },
    });
    expect(text).not.toMatch(/scrypt|hash/i);
  });

  it('creates no display link and no demo users when USERS are configured', async () => {
    const lines: string[] = [];
    const configured = await gateway({ ...demoEnv(), ...(await testUsersEnv()) }, lines);
    expect(await configured.app.get(DemoDisplayLink).link()).toBeUndefined();
    // The demo link would be made once the queue list is known (checked every 250 ms): give it the chance.
    const hub = configured.app.get(StreamHub);
    await waitFor(() => hub.queueCatalogue().length > 0, 'the queue list', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 750));
    expect(await configured.app.get(DisplayTokensService).list()).toEqual([]);
    expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).not.toContain('display link');
    await expect(login(configured.url, 'supervisor', 'supervisor')).rejects.toThrow(
      /login of supervisor failed/,
    );
    const options = await fetch(`${configured.url}/api/auth/options`);
    expect(await options.json()).toEqual({ ok: true, data: { demoAccounts: [] } });
  });
});
