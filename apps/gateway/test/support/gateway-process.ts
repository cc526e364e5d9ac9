import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startProcess } from '../../../../tools/harness/processes.mjs';
import { freshDataDir } from './test-config.js';

/** The built gateway (build it first: `npx nx run-many -t build -p pbx-api live-protocol pbx-simulator gateway`). */
const GATEWAY_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A gateway running as its own process, as in production. */
export interface GatewayProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every line it printed so far (JSON log lines). */
  output(): string;
  /** Ends it with `signal` (SIGKILL = a crash; SIGTERM = a graceful shutdown) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  readonly exited: boolean;
}

const LISTENING = /"msg":"gateway listening".*?"url":"http:\/\/[^:]+:(\d+)"/;

/**
 * Spawns `node dist/main.js` with `env` (PORT=0 by default) and resolves with its URL once it logs
 * "gateway listening". Without DATA_DIR in `env` it gets a fresh one, removed once it exited; pass DATA_DIR
 * to restart a gateway on the state it kept.
 */
export async function startGatewayProcess(
  env: Record<string, string>,
  // Generous: with the whole suite running beside it on two cores, a start has taken over 15 s.
  timeoutMs = 40_000,
): Promise<GatewayProcess> {
  if (!existsSync(GATEWAY_MAIN))
    throw new Error(`gateway not built: ${GATEWAY_MAIN} is missing (nx build gateway)`);
  const ownDataDir = env['DATA_DIR'] ? undefined : freshDataDir();
  const gateway = startProcess(process.execPath, [GATEWAY_MAIN], {
    name: 'gateway',
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      // One process on any machine (SOCKET_WORKERS=auto forks workers on three or more cores); the socket
      // workers have their own spec, which sets it.
      SOCKET_WORKERS: '0',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    // Tests read the whole log (the secret-leak test scans every line).
    outputLimit: Infinity,
    graceMs: 5_000,
  });
  void gateway.exited.then(() => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  });
  const [, port] = await gateway
    .waitForOutput(LISTENING, timeoutMs, { what: 'listening' })
    .catch(async (error: unknown) => {
      await gateway.stop('SIGKILL');
      throw error;
    });
  return {
    url: `http://127.0.0.1:${port}`,
    output: gateway.output,
    get exited() {
      return !gateway.isRunning();
    },
    stop: async (signal = 'SIGTERM') => void (await gateway.stop(signal)),
  };
}
