// Part 4 - memory per connected client: gateway RSS and heap (from its /metrics, after a full GC) with
// 1,000 / 5,000 / 10,000 idle wallboard clients, next to the bare socket.io server holding the same clients.
// Both servers get their clients at the same time from the same load processes.
import { sleep } from '../lib/http.mjs';
import { bytes, row } from '../lib/report.mjs';
import {
  BENCH_USERS,
  connectSpread,
  gatewayMemory,
  login,
  startBare,
  startGateway,
  startSimulator,
  startWorkers,
} from '../lib/services.mjs';
import { medianOf } from '../lib/stats.mjs';

async function sampleBoth(gateway, bare, samples) {
  const g = [];
  const b = [];
  for (let i = 0; i < samples; i++) {
    g.push(await gatewayMemory(gateway));
    b.push(await bare.memory());
  }
  return {
    gateway: medianOf(g, ['rss', 'heapUsed', 'clients']),
    bare: medianOf(b, ['rss', 'heapUsed', 'clients']),
  };
}

/** Runs part 4; answers table rows. */
export async function memoryPerClient(ctx) {
  const { clients: levels, samples, loadProcesses } = ctx.profile.memory;
  const stops = [];
  try {
    const sim = await startSimulator({ scenario: 'contact-center', trafficRate: 0 });
    stops.unshift(sim.stop);
    const gateway = await startGateway({ pbxUrl: sim.url });
    stops.unshift(gateway.stop);
    const bare = await startBare();
    stops.unshift(bare.stop);
    const pool = await startWorkers(loadProcesses);
    stops.unshift(pool.stop);
    const queueId = (await sim.world()).queues[0].id;
    // What a wallboard watches: the link state and one queue (two rooms; the bare clients join two as well).
    const streams = ['health', `queue:${queueId}`];
    // One login, before the baseline: a password check runs scrypt with 16 MiB of native memory, which the
    // allocator may keep; that must not be counted as memory of the clients.
    const token = await login(gateway.url, BENCH_USERS.supervisor);
    await sleep(2_500); // start-up polls and CDR rebuild done
    const base = await sampleBoth(gateway, bare, samples);
    const rows = [];
    let connected = 0;
    for (const n of levels) {
      await Promise.all([
        connectSpread(pool, n - connected, {
          group: 'gateway',
          url: gateway.url,
          token,
          streams,
          concurrency: 100,
        }),
        connectSpread(pool, n - connected, { group: 'bare', url: bare.url, streams, concurrency: 100 }),
      ]);
      connected = n;
      await sleep(1_000);
      const now = await sampleBoth(gateway, bare, samples);
      const per = (side, field) => (now[side][field] - base[side][field]) / n;
      const g = { rss: per('gateway', 'rss'), heap: per('gateway', 'heapUsed') };
      const b = { rss: per('bare', 'rss'), heap: per('bare', 'heapUsed') };
      const ratio = g.rss / b.rss;
      rows.push(
        row(4, `memory per client, N=${n}: gateway RSS / heap`, `${bytes(g.rss)} / ${bytes(g.heap)}`, {
          note: `gateway RSS ${bytes(now.gateway.rss)} (${bytes(base.gateway.rss)} with no client), ${now.gateway.clients ?? '?'} clients counted`,
        }),
        row(4, `memory per client, N=${n}: bare socket.io RSS / heap`, `${bytes(b.rss)} / ${bytes(b.heap)}`, {
          note: `bare RSS ${bytes(now.bare.rss)} (${bytes(base.bare.rss)} with no client)`,
        }),
        row(4, `RSS per client gateway / bare, N=${n}`, `${ratio.toFixed(2)}×`, {
          target: '≤ 1.5×',
          pass: Number.isFinite(ratio) ? ratio <= 1.5 : undefined,
          note: `heap ratio ${(g.heap / b.heap).toFixed(2)}×`,
        }),
      );
    }
    return rows;
  } finally {
    for (const stop of stops) await stop();
  }
}
