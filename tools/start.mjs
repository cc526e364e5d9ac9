#!/usr/bin/env node
// `npm start`: builds what is missing (Nx caches the rest), starts the PBX simulator (unless PBX_BASE_URL names
// a real PBX) and the gateway serving the dashboard, waits until both are ready and prints where to go.
// Ctrl-C stops both; when either dies the other is stopped and the exit code is 1.
// Settings: SWITCHBOARD_PORT (or PORT, default 3000), SIM_PORT (8088), every gateway setting (README).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { httpStatus, requestJson } from './harness/http.mjs';
import { portProblem } from './harness/ports.mjs';
import { runToEnd, startProcess } from './harness/processes.mjs';
import { waitUntil } from './harness/wait.mjs';
import { gatewayEnv, readStartPlan, simulatorEnv } from './start-settings.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIMULATOR_MAIN = join(ROOT, 'apps', 'pbx-simulator', 'dist', 'main.js');
const GATEWAY_DIST = join(ROOT, 'apps', 'gateway', 'dist');
const SCENARIO = 'contact-center';
const SIM_LISTENING = /PBX simulator listening on (http:\/\/\S+)/;
const LEVELS = { debug: 0, info: 1, warn: 2, error: 3 };
/** Signals within this long of the first are the same Ctrl-C (npm forwards the terminal's SIGINT again). */
const SAME_SIGNAL_MS = 2_000;

/** Nx's command-line script, wherever this Nx version keeps it. */
function nxCli() {
  let manifest;
  try {
    manifest = createRequire(import.meta.url).resolve('nx/package.json');
  } catch {
    throw new Error('Nx is not installed here: run `npm install` first, then `npm start`.');
  }
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.nx);
}

const say = (line = '') => process.stdout.write(`${line}\n`);
const fail = (line) => process.stderr.write(`${line}\n`);
const bold = (text) => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[22m` : text);

/** @type {import('./harness/processes.mjs').ManagedProcess[]} */
const children = [];
let stopping = false;
let firstSignalAt = 0;

async function checkPorts(plan) {
  const wanted = [{ what: 'the gateway', port: plan.port, host: plan.host, env: 'SWITCHBOARD_PORT' }];
  if (plan.simulator)
    wanted.push({ what: 'the PBX simulator', port: plan.simulator.port, host: '127.0.0.1', env: 'SIM_PORT' });
  for (const { what, port, host, env } of wanted) {
    const problem = await portProblem(port, host);
    if (problem === 'EADDRINUSE')
      throw new Error(
        `Port ${port} (for ${what}) is already in use — is Switchboard already running? ` +
          `Stop whatever uses it, or pick another port: ${env}=${port + 1} npm start`,
      );
    if (problem) throw new Error(`Port ${port} on ${host} (for ${what}) cannot be used: ${problem}`);
  }
}

async function build() {
  const projects = ['pbx-api', 'live-protocol', 'pbx-simulator', 'gateway'];
  const withDashboard = existsSync(join(ROOT, 'apps', 'dashboard', 'project.json'));
  if (withDashboard) projects.push('dashboard');
  say(`Building ${projects.join(', ')} (the first run takes a minute; later runs come from the Nx cache)...`);
  const started = Date.now();
  const result = await runToEnd(
    process.execPath,
    [nxCli(), 'run-many', '-t', 'build', '-p', ...projects, '--output-style=static'],
    { cwd: ROOT, env: { ...process.env, NX_NO_CLOUD: 'true' } },
  );
  if (stopping) return withDashboard;
  if (result.code !== 0) throw new Error(`The build failed:\n${result.output.trim()}`);
  say(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return withDashboard;
}

/** Resolves when `check` answers truthy; rejects when a child dies or after `timeoutMs`. */
function until(check, what, timeoutMs) {
  return waitUntil(check, what, timeoutMs, {
    intervalMs: 200,
    bail: () => {
      const dead = children.find((child) => !child.isRunning());
      if (dead) return `${dead.name} stopped before ${what}`;
      return stopping && 'stopped';
    },
  });
}

/** A child of `npm start`: its own process group, so a Ctrl-C reaches only this script, which stops it. */
function startChild(name, args, env) {
  return startProcess(process.execPath, args, { name, cwd: ROOT, env, detached: true, graceMs: 10_000 });
}

function startSimulator(plan, demoClient) {
  const simulator = supervise(
    startChild(
      'PBX simulator',
      [
        SIMULATOR_MAIN,
        ...['--port', String(plan.simulator.port), '--host', '127.0.0.1', '--scenario', SCENARIO],
        // A week and a day of finished calls, so the interval charts have last week's same weekday beside today.
        ...['--history', '20000', '--history-days', '8'],
      ],
      simulatorEnv(process.env, demoClient),
    ),
  );
  let listening = false;
  simulator.onLine((line) => {
    if (SIM_LISTENING.test(line)) listening = true;
    else if (listening && !stopping) say(`[simulator] ${line}`);
  });
  return until(() => listening, 'the simulator listened', 20_000);
}

/** Starts the gateway; shows its warnings (or what LOG_LEVEL asks for) and collects the demo display link. */
function startGateway(plan, demoClient) {
  const gateway = supervise(
    startChild('gateway', [join(GATEWAY_DIST, 'main.js')], gatewayEnv(process.env, plan, demoClient)),
  );
  const shown = LEVELS[process.env.LOG_LEVEL ?? 'warn'] ?? LEVELS.warn;
  const found = { displayLink: undefined };
  gateway.onLine((line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      if (line.trim() !== '') say(`[gateway] ${line}`);
      return;
    }
    if (entry.msg === 'display link' && typeof entry.url === 'string') found.displayLink = entry.url;
    if ((LEVELS[entry.level] ?? LEVELS.info) >= shown && !stopping) {
      const { time: _time, level, msg, context: _context, ...fields } = entry;
      const extra = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
      say(`[gateway] ${level}: ${msg}${extra}`);
    }
  });
  return found;
}

async function waitForGateway(plan, found, demo) {
  const base = `http://${plan.probeHost}:${plan.port}`;
  await until(
    async () => (await httpStatus(`${base}/healthz`)) === 200,
    'the gateway answered /healthz',
    30_000,
  );
  const readiness = plan.simulator ? 60_000 : 30_000;
  try {
    await until(
      async () => (await httpStatus(`${base}/readyz`)) === 200,
      'the PBX link (/readyz)',
      readiness,
    );
  } catch (error) {
    // Against a real PBX the gateway keeps trying; the screens show the link state. With the simulator it is a fault.
    if (plan.simulator || stopping || children.some((child) => !child.isRunning())) throw error;
    const { text } = await requestJson(`${base}/readyz`, { timeoutMs: 2_000 }).catch(() => ({ text: '' }));
    say(`The gateway runs, but ${plan.pbxBaseUrl} does not answer yet: ${text}`);
  }
  if (demo) await until(() => found.displayLink, 'the demo display link', 20_000);
}

function printBanner(plan, withDashboard, found, demo, demoUsers) {
  const url = `http://localhost:${plan.port}`;
  say();
  say(bold('Switchboard is running.'));
  if (withDashboard) say(`  Console:      ${url}/console`);
  else say(`  Console:      not built (apps/dashboard is missing); the API is at ${url}/api/docs`);
  if (demo) {
    const [first, ...others] = demoUsers.map((user) => `${user.username} / ${user.username}`);
    say(`  Sign in:      ${first}${others.length > 0 ? `   (also ${others.join(', ')})` : ''}`);
    say(`  Wallboard:    ${found.displayLink}   (a display link for TVs: no sign-in)`);
  } else if (!plan.usersConfigured) {
    say(
      '  Sign in:      no USERS are configured: set USERS (npm run hash-password) or TRUSTED_PROXIES, see README',
    );
  } else {
    say('  Sign in:      with a user of USERS');
  }
  say(
    plan.simulator
      ? `  PBX:          built-in simulator (${SCENARIO}) on ${plan.pbxBaseUrl}`
      : `  PBX:          ${plan.pbxBaseUrl}`,
  );
  say(`  Processes:    ${children.map((child) => `${child.name} pid ${child.pid}`).join(', ')}`);
  say('Press Ctrl-C to stop.');
}

/** True when a child ended the way a requested stop ends it (exit 0, or killed by the signal sent). */
function stoppedCleanly(result, signal = 'SIGTERM') {
  return result.code === 0 || result.signal === signal;
}

/** Stops the gateway first (it revokes its PBX token, which needs the PBX), then the simulator. */
async function stopAll() {
  let clean = true;
  for (const child of [...children].reverse()) {
    const result = await child.stop('SIGTERM');
    clean &&= stoppedCleanly(result);
  }
  return clean;
}

function onSignal(signal) {
  if (stopping) {
    if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
    fail(`${signal} again: killing ${children.map((child) => child.name).join(' and ') || 'nothing'} now.`);
    for (const child of children) void child.stop('SIGKILL', 0);
    process.exit(130);
  }
  stopping = true;
  firstSignalAt = Date.now();
  if (children.length === 0) return; // still building: the build ends with the same Ctrl-C, then main() exits.
  say(`\n${signal}: stopping Switchboard...`);
  void stopAll().then((clean) => {
    say(clean ? 'Stopped.' : 'Stopped, but a process did not shut down cleanly.');
    process.exit(clean ? 0 : 1);
  });
}

/** Keeps `child` under watch: one that dies on its own takes the other one down, and npm start fails. */
function supervise(child) {
  children.push(child);
  void child.exited.then(async (result) => {
    if (stopping) return;
    stopping = true;
    fail(
      `\n${child.name} stopped unexpectedly (${result.signal ?? `exit code ${result.code}`}). Its last lines:`,
    );
    for (const line of child.lastLines()) fail(`  ${line}`);
    for (const other of children.filter((c) => c !== child)) {
      fail(`Stopping ${other.name}...`);
      await other.stop('SIGTERM');
    }
    process.exit(1);
  });
  return child;
}

async function main() {
  if (process.argv.includes('--help')) {
    say(
      'npm start: runs Switchboard (gateway + dashboard) against the built-in PBX simulator, or a real PBX.',
    );
    say('  SWITCHBOARD_PORT=3000  gateway port        SIM_PORT=8088  simulator port');
    say('  PBX_BASE_URL, PBX_CLIENT_ID, PBX_CLIENT_SECRET: use a real PBX and start no simulator');
    say('  Every other gateway setting (README, "Configuration") is passed to the gateway.');
    return 0;
  }
  // Whatever ends this process, no child outlives it: the harness kills what is left on exit.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => onSignal(signal));

  const plan = readStartPlan(process.env);
  await checkPorts(plan);
  const withDashboard = await build();
  if (stopping) return 130;
  const { DEMO_PBX } = await import(pathToFileURL(join(GATEWAY_DIST, 'config', 'gateway-config.js')).href);
  const { DEMO_USERS } = await import(pathToFileURL(join(GATEWAY_DIST, 'auth', 'user-directory.js')).href);

  if (plan.simulator) {
    say(`Starting the PBX simulator (${SCENARIO}) on ${plan.pbxBaseUrl}...`);
    await startSimulator(plan, DEMO_PBX);
  }
  say(`Starting the gateway on http://localhost:${plan.port}...`);
  const found = startGateway(plan, DEMO_PBX);
  // The gateway's own rule (isDemoSetup): no USERS and the simulator's published credentials.
  const demo =
    !plan.usersConfigured &&
    (plan.simulator !== null ||
      (process.env.PBX_CLIENT_ID === DEMO_PBX.clientId &&
        process.env.PBX_CLIENT_SECRET === DEMO_PBX.clientSecret));
  await waitForGateway(plan, found, demo);
  printBanner(plan, withDashboard, found, demo, DEMO_USERS);
  return undefined;
}

main().then(
  (code) => {
    if (code !== undefined) process.exit(code);
  },
  async (error) => {
    if (stopping) return; // a signal or a dying child is being handled: that path prints and exits
    fail(error instanceof Error ? error.message : String(error));
    if (children.length > 0) {
      stopping = true;
      await stopAll();
    }
    process.exit(typeof error?.exitCode === 'number' ? error.exitCode : 1);
  },
);
