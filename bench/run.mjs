#!/usr/bin/env node
// `npm run bench [-- --quick] [--only 1,3] [--no-build] [--no-append] [part 10's sizes]` (`--help` lists
// them; bench/lib/args.mjs): builds the apps with nx, runs the benchmark parts (targets: bench/README.md, "Targets") against separate processes on 127.0.0.1, prints the
// table and appends it to BENCHMARKS.md with the date, machine, versions and the exact command. Exits 1 when
// a part could not run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BenchArgError, USAGE, parseBenchArgs, sizedProfile } from './lib/args.mjs';
import { machineFacts, versions } from './lib/machine.mjs';
import { installCleanup, killAll } from './lib/procs.mjs';
import { PROFILES, hardLimitMs } from './lib/profiles.mjs';
import { appendEntry, naRow, renderEntry, renderTable } from './lib/report.mjs';
import { PARTS, METHOD_NOTES } from './parts/index.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));
const argv = process.argv.slice(2);

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

let options;
try {
  options = parseBenchArgs(argv, PARTS.length);
} catch (error) {
  if (error instanceof BenchArgError) fail(error.message);
  throw error;
}
if (options.help) {
  console.log(USAGE.replace('PARTS', String(PARTS.length)));
  process.exit(0);
}
const machineBefore = machineFacts();
const { profile, set: sizesSet } = sizedProfile(
  options.quick ? PROFILES.quick : PROFILES.full,
  options,
  machineBefore.cores,
);
const command =
  process.env.npm_lifecycle_event === 'bench'
    ? `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`
    : `node bench/run.mjs${argv.length ? ` ${argv.join(' ')}` : ''}`;

const startedAt = new Date();
installCleanup();
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

/** What each running part logged last: what it had measured when it was stopped. */
const lastLine = new Map();

async function runPart(part) {
  const began = performance.now();
  console.log(`part ${part.id}: ${part.title}`);
  const log = (line) => {
    lastLine.set(part.id, line.trim());
    console.log(line);
  };
  try {
    return await withTimeout(part.run({ ...ctx, log }), part.limitMs(profile), `part ${part.id}`);
  } catch (error) {
    console.error(`part ${part.id} failed: ${error.stack ?? error}`);
    const sofar = lastLine.has(part.id) ? `; last measured: ${lastLine.get(part.id)}` : '';
    return [naRow(part.id, part.title, `failed: ${String(error.message ?? error).split('\n')[0]}${sofar}`)];
  } finally {
    console.log(`part ${part.id} took ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
}

const rows = [];
const finished = new Set();

/** Prints the table of `rows` (and appends it); parts that did not finish get a row that says so. */
function report(unfinishedNote) {
  const all = [...rows];
  for (const part of selected.filter((p) => !finished.has(p.id))) {
    const sofar = lastLine.has(part.id) ? `; last measured: ${lastLine.get(part.id)}` : '';
    all.push(naRow(part.id, part.title, `failed: ${unfinishedNote}${sofar}`));
  }
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
      `command: \`${command}\`; took ${elapsedSec.toFixed(0)} s` +
        (sizesSet.length > 0 ? `; sizes from the command line: ${sizesSet.join('; ')}` : ''),
    ],
    rows: all,
    notes: METHOD_NOTES(profile),
  });
  console.log(`\n${renderTable(all)}\n`);
  if (options.append) {
    appendEntry(`${root}BENCHMARKS.md`, entry);
    console.log('appended to BENCHMARKS.md');
  }
  return all.filter((r) => String(r.note).startsWith('failed:')).length;
}

// The safety net over the parts' own limits (a part whose clean-up hangs): their limits, batch by batch,
// plus time to stop each batch's processes. On it, the table keeps the figures of the parts that finished.
const limitMs = hardLimitMs(batches.map((batch) => Math.max(...batch.map((part) => part.limitMs(profile)))));
const hardStop = setTimeout(() => {
  console.error(`bench: hard time limit of ${Math.round(limitMs / 1000)} s reached; stopping everything`);
  killAll();
  report(`stopped by the bench's hard time limit of ${Math.round(limitMs / 1000)} s`);
  process.exit(3);
}, limitMs);
hardStop.unref();

for (const batch of batches) {
  const results = await Promise.all(batch.map(runPart));
  for (const partRows of results) rows.push(...partRows);
  for (const part of batch) finished.add(part.id);
  // Whatever a part left running (each stops its own processes; this is the safety net).
  killAll();
}
clearTimeout(hardStop);
const failures = report('did not finish');
process.exit(failures > 0 ? 1 : 0);
