#!/usr/bin/env node
// Handshakes in bursts: opens `--clients` socket.io clients through the bench's load processes (50
// handshakes at a time each, as the parts do) against the BUILT gateway with `--workers` socket workers,
// closes them, and repeats `--rounds` times; prints how many handshakes went unanswered within 30 s and
// what the first one's client saw (engine.io packets in and out, bench/procs/load-worker.mjs). This is how
// the burst handshake hang of bench/README.md ("where we stand", item 6) was found: about 1 in 19,000
// with workers before the fix, none in 120,000 after. Exits 1 when any handshake was not answered.
// Build first: npx nx run-many -t build -p pbx-simulator gateway
// Usage: node bench/handshake-burst.mjs [--workers 2] [--rounds 24] [--clients 5000]
import { parseArgs } from 'node:util';
import { BENCH_USERS, connectSpread, startGateway, startSimulator, startWorkers } from './lib/services.mjs';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '24' },
    clients: { type: 'string', default: '5000' },
  },
});
const workers = Number(values.workers);
const rounds = Number(values.rounds);
const clients = Number(values.clients);
for (const [name, value] of Object.entries({ workers, rounds, clients }))
  if (!Number.isInteger(value) || value < (name === 'workers' ? 0 : 1)) {
    console.error(`--${name} takes a whole number, got ${JSON.stringify(values[name])}`);
    process.exit(2);
  }

const stops = [];
let unanswered = 0;
try {
  const sim = await startSimulator({ scenario: 'contact-center', trafficRate: 1 });
  stops.unshift(sim.stop);
  const gateway = await startGateway({ pbxUrl: sim.url, socketWorkers: workers });
  stops.unshift(gateway.stop);
  const pool = await startWorkers(4);
  stops.unshift(pool.stop);
  const { username: user, password } = BENCH_USERS.supervisor;
  let first;
  for (let round = 1; round <= rounds; round++) {
    const opened = await connectSpread(
      pool,
      clients,
      { group: 'burst', url: gateway.url, user, password, streams: ['inbound', 'health'] },
      600_000,
    );
    unanswered += opened.retried;
    first ??= opened.retryReason;
    console.log(
      `round ${round}/${rounds}: ${clients} handshakes in ${Math.round(opened.ms)} ms, ${opened.retried} unanswered`,
    );
    await pool.all('close');
  }
  console.log(
    `${unanswered} of ${rounds * clients} handshakes unanswered within 30 s (${workers} socket workers)` +
      (first ? `; the first: ${first}` : ''),
  );
} finally {
  for (const stop of stops) await stop();
}
process.exit(unanswered > 0 ? 1 : 0);
