import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * Spawns `node dist/main.js` with `env` (PORT=0 by default) and resolves with its URL once it logs
 * "gateway listening". Without DATA_DIR in `env` it gets a fresh one, removed once it exited; pass DATA_DIR
 * to restart a gateway on the state it kept.
 */
export async function startGatewayProcess(
  env: Record<string, string>,
  timeoutMs = 15_000,
): Promise<GatewayProcess> {
  if (!existsSync(GATEWAY_MAIN))
    throw new Error(`gateway not built: ${GATEWAY_MAIN} is missing (nx build gateway)`);
  const ownDataDir = env['DATA_DIR'] ? undefined : freshDataDir();
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => {
    running.delete(child);
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gateway did not start within ${timeoutMs} ms:\n${output.slice(-4_000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"msg":"gateway listening".*?"url":"http:\/\/[^:]+:(\d+)"/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(
        new Error(`gateway exited (${String(code ?? signal)}) before listening:\n${output.slice(-4_000)}`),
      );
    });
  });
  return {
    url,
    output: () => output,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
