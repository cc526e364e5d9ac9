import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpStatus } from '../../tools/harness/http.mjs';
import { freePort } from '../../tools/harness/ports.mjs';
import type { ManagedProcess } from '../../tools/harness/processes.mjs';
import { DASHBOARD_DIST, GATEWAY_MAIN } from './repo-paths.js';
import { startNode } from './child-process.js';
import { DEMO_CLIENT } from './simulator-process.js';

/** A gateway child process that a test can cut (kill) and bring back on the same port. */
export interface GatewayProcess {
  /** `http://127.0.0.1:<port>`; the same across restarts. */
  readonly url: string;
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
  isRunning(): boolean;
  /** Kills the process at once, like a crash or a pulled cable (no goodbye to the browsers). */
  kill(): Promise<void>;
  /**
   * Kills it (SIGKILL) and starts it again with the same settings, `changes` added (a new release: another
   * DASHBOARD_DIR), and waits until it is ready.
   */
  restart(changes?: Record<string, string>): Promise<void>;
  /** Recent output, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Settings of a test gateway; `env` is added to (and may override) the defaults. */
export interface GatewayOptions {
  pbxUrl: string;
  env?: Record<string, string>;
}

const READY_TIMEOUT_MS = 20_000;

/**
 * Starts the built gateway (`node apps/gateway/dist/main.js`) against `pbxUrl`, serving the built
 * dashboard. No USERS and the demo PBX credentials make it offer the demo users (supervisor/supervisor,
 * admin/admin, viewer/viewer). AUTH_SECRET and a fresh DATA_DIR are fixed per process object, so sessions,
 * display links and stream state outlive a restart, and no test sees another's.
 */
export async function startGateway(options: GatewayOptions): Promise<GatewayProcess> {
  if (!existsSync(GATEWAY_MAIN))
    throw new Error(`${GATEWAY_MAIN} is missing: build it first (npx nx build gateway)`);
  if (!existsSync(join(DASHBOARD_DIST, 'index.html')))
    throw new Error(`${DASHBOARD_DIST} has no index.html: build it first (npx nx build dashboard)`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PBX_BASE_URL: options.pbxUrl,
    PBX_CLIENT_ID: DEMO_CLIENT.id,
    PBX_CLIENT_SECRET: DEMO_CLIENT.secret,
    POLL_QUEUES_MS: '500',
    POLL_CONFERENCES_MS: '1000',
    DASHBOARD_DIR: DASHBOARD_DIST,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'switchboard-e2e-data-')),
    SITE_TIME_ZONE: 'UTC',
    LOG_LEVEL: 'warn',
    // One process on any machine (SOCKET_WORKERS=auto forks workers on three or more cores), so every run
    // tests the same thing; the gateway's socket-workers spec covers cluster mode.
    SOCKET_WORKERS: '0',
    ...options.env,
  };
  let child: ManagedProcess | undefined;

  const start = async () => {
    const started = startNode('the gateway', GATEWAY_MAIN, [], env);
    child = started;
    await started
      .waitUntil(
        async () => (await httpStatus(`${url}/readyz`, 1_000)) === 200,
        `the gateway at ${url} to be ready`,
        READY_TIMEOUT_MS,
      )
      .catch(async (error: unknown) => {
        await started.stop('SIGKILL');
        throw error;
      });
  };
  await start();

  return {
    url,
    port,
    env,
    isRunning: () => child?.isRunning() ?? false,
    kill: async () => void (await child?.stop('SIGKILL')),
    restart: async (changes = {}) => {
      await child?.stop('SIGKILL');
      Object.assign(env, changes);
      await start();
    },
    output: () => child?.output() ?? '',
    stop: async () => {
      await child?.stop('SIGTERM');
      rmSync(env['DATA_DIR'] ?? '', { recursive: true, force: true });
    },
  };
}
