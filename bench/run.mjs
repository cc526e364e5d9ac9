#!/usr/bin/env node
// `npm run bench [-- --quick] [--only 1,3] [--no-build] [--no-append]`: builds the apps with nx, runs the
// benchmark parts (targets: bench/README.md, "Targets") against separate processes on 127.0.0.1, prints the
// table and appends it to BENCHMARKS.md with the date, machine, versions and the exact command. Exits 1 when
// a part could not run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { machineFacts, versions } from './lib/machine.mjs';
import { installCleanup, killAll } from './lib/procs.mjs';
import { PROFILES } from './lib/profiles.mjs';
import { appendEntry, naRow, renderEntry, renderTable } from './lib/report.mjs';
import { PARTS, METHOD_NOTES } from './parts/index.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const argv = process.argv.slice(2);

function parseArgs(args) {
  const options = { quick: false, only: null, build: true, append: true };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--quick') options.quick = true;
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--no-append') options.append = false;
    else if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg.includes('=') ? arg.slice('--only='.length) : args[++i];
      const parts = String(value ?? '')
        .split(',')
        .map(Number);
      if (parts.some((p) => !PARTS.some((part) => part.id === p)))
        fail(
          `--only takes part numbers from 1 to ${PARTS.length} separated by commas, got ${JSON.stringify(value)}`,
        );
      options.only = new Set(parts);
    } else if (arg === '--help') {
      console.log('usage: npm run bench [-- --quick] [--only 1,3] [--no-build] [--no-append]');
      process.exit(0);
    } else fail(`unknown option ${JSON.stringify(arg)} (try --help)`);
  }
  return options;
}

function fail(message) {
  console.error(`bench: ${message}`);
  process.exit(2);
}

function build() {
  const projects = ['pbx-api', 'live-protocol', 'pbx-simulator', 'gateway'];
  if (existsSync(`${root}apps/dashboard/project.json`)) projects.push('dashboard');
  console.log(`building ${projects.join(', ')} with nx…`);
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', projects.join(','), '--outputStyle=static'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 5 * 60_000,
  });
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} did not finish within ${Math.round(ms / 1000)} s`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

const options = parseArgs(argv);
const profile = options.quick ? PROFILES.quick : PROFILES.full;
const command =
  process.env.npm_lifecycle_event === 'bench'
    ? `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`
    : `node bench/run.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`;

installCleanup();
const hardStop = setTimeout(() => {
  console.error(`bench: hard time limit of ${profile.hardLimitMs / 1000} s reached; stopping everything`);
  killAll();
  process.exit(3);
}, profile.hardLimitMs);
hardStop.unref();

const startedAt = new Date();
const machineBefore = machineFacts();
if (options.build) build();

const ctx = { profile, quick: options.quick, root, log: (line) => console.log(line) };
const selected = PARTS.filter((part) => !options.only || options.only.has(part.id));
// Consecutive parts with the same `parallel` key form one batch and run at the same time.
const batches = [];
for (const part of selected) {
  const last = batches.at(-1);
  if (last && part.parallel && last[0].parallel === part.parallel) last.push(part);
  else batches.push([part]);
}

async function runPart(part) {
  const began = performance.now();
  console.log(`part ${part.id}: ${part.title}`);
  try {
    return await withTimeout(part.run(ctx), part.limitMs(profile), `part ${part.id}`);
  } catch (error) {
    console.error(`part ${part.id} failed: ${error.stack ?? error}`);
    return [naRow(part.id, part.title, `failed: ${String(error.message ?? error).split('\n')[0]}`)];
  } finally {
    console.log(`part ${part.id} took ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
}

const rows = [];
for (const batch of batches) {
  const results = await Promise.all(batch.map(runPart));
  for (const partRows of results) rows.push(...partRows);
  // Whatever a part left running (each stops its own processes; this is the safety net).
  killAll();
}
const failures = rows.filter((r) => String(r.note).startsWith('failed:')).length;

const machineAfter = machineFacts();
const v = versions();
const elapsedSec = (Date.now() - startedAt.getTime()) / 1000;
const entry = renderEntry({
  title: `${startedAt.toISOString()} — \`${command}\` (${profile.name})`,
  facts: [
    `machine: ${machineBefore.cpu}, ${machineBefore.cores} cores, ${machineBefore.memoryGiB.toFixed(1)} GiB memory, ${machineBefore.platform}`,
    `load average (1/5/15 min): ${machineBefore.load} at start, ${machineAfter.load} at the end` +
      ' (other work on the machine competes with every process measured)',
    `versions: ${Object.entries(v)
      .map(([name, version]) => `${name} ${version}`)
      .join(', ')}`,
    `command: \`${command}\`; took ${elapsedSec.toFixed(0)} s`,
  ],
  rows,
  notes: METHOD_NOTES(profile),
});

console.log(`\n${renderTable(rows)}\n`);
if (options.append) {
  appendEntry(`${root}BENCHMARKS.md`, entry);
  console.log('appended to BENCHMARKS.md');
}
process.exit(failures > 0 ? 1 : 0);
