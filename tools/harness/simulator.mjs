// The built simulator as a child process of tests and the bench: its command-line flags from one set of
// options, and the address it prints once it listens.

/** The line the simulator prints once it listens, with its URL. */
const LISTENING = /PBX simulator listening on (http:\/\/\S+)/;

/** Each option and the flag it becomes. */
const FLAGS = {
  scenario: 'scenario',
  seed: 'seed',
  speed: 'speed',
  trafficRate: 'traffic-rate',
  holdWindowMs: 'hold-window-ms',
  accessTtlS: 'access-ttl',
  wsIdleMs: 'ws-idle-ms',
  timeZone: 'time-zone',
  controlledShare: 'controlled-share',
  agents: 'agents',
  history: 'history',
};

/** The simulator's arguments: a free port on 127.0.0.1, each option given, then `extraArgs`. */
export function simulatorArgs(options = {}) {
  const args = ['--port', '0', '--host', '127.0.0.1'];
  for (const [option, flag] of Object.entries(FLAGS)) {
    const value = options[option];
    if (value !== undefined) args.push(`--${flag}`, String(value));
  }
  return [...args, ...(options.extraArgs ?? [])];
}

/**
 * The URL of a started simulator (a process of processes.mjs), once it says it listens; a simulator that does
 * not within `timeoutMs` is killed and the wait rejects.
 */
export async function simulatorUrl(child, timeoutMs) {
  const match = await child
    .waitForOutput(LISTENING, timeoutMs, { what: 'listening' })
    .catch(async (error) => {
      await child.stop('SIGKILL');
      throw error;
    });
  return (match[1] ?? '').replace(/\/+$/, '');
}
