// Part 8 - call recordings through the gateway: playback start (POST recording-link → first audio bytes, and
// → the first 64 KB, as an <audio> element's first range request gets them) over distinct calls, and the
// gateway's memory before, during and after N clients stream recordings at once, each reading at a steady
// pace so the gateway has to hold back the PBX's stream (backpressure) rather than buffer the files.
import { request } from 'node:http';
import { sleep } from '../lib/http.mjs';
import { bytes, latencyCell, ms, row } from '../lib/report.mjs';
import { BENCH_USERS, gatewayMemory, login, startGateway, startSimulator } from '../lib/services.mjs';
import { summarize } from '../lib/stats.mjs';

const FIRST_KB = 64 * 1024;
/** A streaming client's pace: ten times the audio's own 16 KB/s (8 kHz 16-bit mono), a player filling ahead. */
const READ_RATE = 160 * 1024;

async function api(url, path, token, body) {
  const answer = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, origin: url, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const result = await answer.json();
  if (!result.ok) throw new Error(`${path}: ${answer.status} ${result.error?.message}`);
  return result.data;
}

/** POST recording-link, then GET it with Range bytes=0-: ms to the first bytes and to the first 64 KB. */
async function playbackStart(url, token, callId) {
  const t0 = performance.now();
  const link = await api(url, `/api/calls/${callId}/recording-link`, token, {});
  return new Promise((resolve, reject) => {
    let first;
    let got = 0;
    const req = request(`${url}${link.url}`, { headers: { range: 'bytes=0-' } }, (res) => {
      if (res.statusCode !== 206) reject(new Error(`recording answered ${res.statusCode}`));
      res.on('data', (chunk) => {
        first ??= performance.now() - t0;
        got += chunk.length;
        if (got >= FIRST_KB) {
          resolve({ first, first64k: performance.now() - t0 });
          req.destroy();
        }
      });
      res.on('end', () => resolve({ first, first64k: performance.now() - t0 }));
    });
    req.on('error', (error) => (got >= FIRST_KB ? undefined : reject(error)));
    req.end();
  });
}

/** Streams a recording at READ_RATE bytes per second (paused whenever ahead of that pace) until stopped. */
function slowStream(url, path) {
  let read = 0;
  let req;
  const started = performance.now();
  const done = new Promise((resolve) => {
    req = request(`${url}${path}`, (res) => {
      res.on('data', (chunk) => {
        read += chunk.length;
        const ahead = (read / READ_RATE) * 1000 - (performance.now() - started);
        if (ahead > 1) {
          res.pause();
          setTimeout(() => res.resume(), ahead);
        }
      });
      res.on('end', () => resolve(read));
      res.on('error', () => resolve(read));
    });
    req.on('error', () => resolve(read));
    req.end();
  });
  return {
    get read() {
      return read;
    },
    stop: () => {
      req.destroy();
      return done;
    },
  };
}

/** The gateway's memory (after a full GC) with its external (Buffer) memory from /metrics. */
async function memory(gateway) {
  const sample = await gatewayMemory(gateway);
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  const external = /^(?:switchboard_)?nodejs_external_memory_bytes\s+(\S+)/m.exec(text)?.[1];
  return { ...sample, external: external === undefined ? undefined : Number(external) };
}

const pct = (value, base) => `${value >= base ? '+' : ''}${(((value - base) / base) * 100).toFixed(1)} %`;

/** Runs part 8; answers table rows. */
export async function recordingsThroughGateway(ctx) {
  const { runs, clients, streamSec } = ctx.profile.recordings;
  const stops = [];
  try {
    const sim = await startSimulator({
      scenario: 'contact-center',
      seed: 7,
      trafficRate: 0,
      extra: ['--history', String(Math.max(200, (runs + clients) * 6))],
    });
    stops.unshift(sim.stop);
    const gateway = await startGateway({ pbxUrl: sim.url, env: { PBX_MAX_REQUESTS_PER_SECOND: '100' } });
    stops.unshift(gateway.stop);
    const token = await login(gateway.url, BENCH_USERS.admin);
    await sleep(2_500); // start-up polls and CDR rebuild done
    const page = await api(gateway.url, '/api/calls?status=ANSWERED&pageSize=2000', token);
    // Long calls, so a file lasts the whole streaming window (8 kHz 16-bit mono: 16 KB per second of talk).
    const calls = page.calls.filter((c) => c.hasRecording).sort((a, b) => b.talkSec - a.talkSec);
    if (calls.length < runs + clients) throw new Error(`only ${calls.length} recorded calls to play`);

    // Playback start: a different call each time, as a supervisor opening calls one after another.
    const firsts = [];
    const first64 = [];
    for (let i = 0; i < runs; i++) {
      const { first, first64k } = await playbackStart(gateway.url, token, calls[clients + i].id);
      firsts.push(first);
      first64.push(first64k);
    }
    const start = summarize(firsts);
    const start64 = summarize(first64);

    // Memory while `clients` stream at once: a first round warms up what any first burst of streams
    // allocates once (sockets, stream buffers, allocator arenas), then the measured round.
    const round = async (seconds) => {
      const links = await Promise.all(
        calls.slice(0, clients).map((c) => api(gateway.url, `/api/calls/${c.id}/recording-link`, token, {})),
      );
      const streams = links.map((link) => slowStream(gateway.url, link.url));
      const samples = [];
      const deadline = Date.now() + seconds * 1000;
      while (Date.now() < deadline) {
        await sleep(Math.min(2_000, Math.max(0, deadline - Date.now())));
        samples.push(await memory(gateway));
      }
      const read = streams.reduce((sum, s) => sum + s.read, 0);
      await Promise.all(streams.map((s) => s.stop()));
      await sleep(1_000);
      return { samples, read };
    };
    const cold = await memory(gateway);
    const warm = await round(streamSec);
    const before = await memory(gateway);
    const { samples: during, read: streamed } = await round(streamSec);
    const after = await memory(gateway);
    const peakRss = Math.max(...during.map((m) => m.rss));
    const peakHeap = Math.max(...during.map((m) => m.heapUsed));
    const peakExternal = Math.max(...during.map((m) => m.external ?? 0));
    const warmPeak = Math.max(...warm.samples.map((m) => m.rss));
    const flat = peakRss <= before.rss * 1.1 && after.rss <= before.rss * 1.1;
    const mbps = streamed / 1e6 / streamSec;
    return [
      row(8, 'recording playback start: link → first audio bytes (p50 / p95 / p99)', latencyCell(start), {
        target: 'p50 ≤ 500 ms',
        pass: start.p50 <= 500,
        note: `${runs} calls, one after another`,
      }),
      row(8, 'recording playback start: link → first 64 KB (p50 / p95 / p99)', latencyCell(start64), {
        target: 'p50 and p95 ≤ 500 ms',
        pass: start64.p50 <= 500 && start64.p95 <= 500,
        note: `max ${ms(start64.max)} ms`,
      }),
      row(
        8,
        `gateway RSS with ${clients} clients streaming recordings: before / peak during / after`,
        `${bytes(before.rss)} / ${bytes(peakRss)} / ${bytes(after.rss)}`,
        {
          target: 'within 10 %',
          pass: flat,
          note: `peak ${pct(peakRss, before.rss)}, after ${pct(after.rss, before.rss)}; ${during.length} samples over ${streamSec} s; ${(streamed / 1e6).toFixed(1)} MB streamed (${mbps.toFixed(1)} MB/s); Buffer (external) memory ${bytes(before.external)} → peak ${bytes(peakExternal)} → ${bytes(after.external)}; cold ${bytes(cold.rss)}, warm-up round peak ${bytes(warmPeak)}`,
        },
      ),
      row(
        8,
        `gateway heap with ${clients} clients streaming recordings: before / peak during / after`,
        `${bytes(before.heapUsed)} / ${bytes(peakHeap)} / ${bytes(after.heapUsed)}`,
        { note: `peak ${pct(peakHeap, before.heapUsed)}, after ${pct(after.heapUsed, before.heapUsed)}` },
      ),
    ];
  } finally {
    for (const stop of stops) await stop();
  }
}
