#!/usr/bin/env node
// Throughput of the PBX simulator as a benchmark peer: starts the BUILT simulator as a child process on
// 127.0.0.1, then measures
//   1. API requests/s: concurrent keep-alive GET queue/agent_status for ~5 s;
//   2. event frames/s delivered to a few event WebSocket clients, fed through POST /sim/events bursts.
// Prints both figures against the targets (2,000 requests/s, 5,000 frames/s) and exits 1 when one is missed.
// Build first: npx nx run pbx-simulator:build (or tsc -p apps/pbx-simulator/tsconfig.lib.json).
import { existsSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { startProcess } from '../tools/harness/processes.mjs';

const MAIN = fileURLToPath(new URL('../apps/pbx-simulator/dist/main.js', import.meta.url));
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WS_CLIENTS = Number(process.env.BENCH_WS_CLIENTS ?? 4);
const BURST = 500;
const TARGET_RPS = 2_000;
const TARGET_FPS = 5_000;
const HARD_LIMIT_MS = 90_000;
const UA = { 'User-Agent': 'sim-throughput-bench' };

if (!existsSync(MAIN)) {
  console.error(`The simulator is not built (${MAIN} is missing). Run: npx nx run pbx-simulator:build`);
  process.exit(2);
}

const hardStop = setTimeout(() => {
  console.error(`bench: gave up after ${HARD_LIMIT_MS} ms`);
  process.exit(3);
}, HARD_LIMIT_MS);
hardStop.unref();

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(base, method, path, body) {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      new URL(path, base),
      {
        method,
        agent,
        timeout: 10_000,
        headers: {
          ...UA,
          ...(text ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString()));
          } catch (error) {
            reject(error);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(text);
  });
}

async function startSimulator() {
  const simulator = startProcess(
    process.execPath,
    [MAIN, '--port', '0', '--seed', '42', '--scenario', 'contact-center', '--speed', '1'],
    { name: 'the simulator', graceMs: 5_000 },
  );
  const [, url] = await simulator.waitForOutput(/listening on (http:\/\/[^\s]+)/, 15_000, {
    what: 'listening',
  });
  return { simulator, url };
}

async function apiPhase(url, token) {
  const path = `/openapi/v1.0/queue/agent_status?id=1&access_token=${token}`;
  let ok = 0;
  let failed = 0;
  const started = Date.now();
  const deadline = started + PHASE_MS;
  const worker = async () => {
    while (Date.now() < deadline) {
      const body = await request(url, 'GET', path);
      if (body.errcode === 0) ok++;
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  return { rps: ok / seconds, ok, failed, seconds };
}

async function eventPhase(url, token) {
  const clients = await Promise.all(
    Array.from(
      { length: WS_CLIENTS },
      () =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(
            `${url.replace('http', 'ws')}/openapi/v1.0/subscribe?access_token=${token}`,
          );
          const client = { ws, frames: 0 };
          ws.once('error', reject);
          ws.once('open', () => ws.send('{"topic_list":[30034]}'));
          ws.on('message', (data) => {
            const text = data.toString();
            if (text.startsWith('{"errcode":0')) return resolve(client);
            if (text.startsWith('{"type"')) client.frames++;
          });
        }),
    ),
  );
  const received = () => clients.reduce((sum, c) => sum + c.frames, 0);
  // 30034 (system event) is one the call center never publishes, so only the bursts are counted.
  const msg = {
    event_name: 'bench',
    event_type: 'system',
    event_level: 'info',
    event_content: 'throughput',
    create_time: '',
  };
  let published = 0;
  const started = Date.now();
  const deadline = started + PHASE_MS;
  while (Date.now() < deadline) {
    const answer = await request(url, 'POST', '/sim/events', { type: 30034, msg, count: BURST });
    published += answer.published;
    // Keep the publisher at most a few bursts ahead of the slowest reader, like a real event source.
    while (published * WS_CLIENTS - received() > BURST * WS_CLIENTS * 4 && Date.now() < deadline + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
  const drainUntil = Date.now() + 5_000;
  while (received() < published * WS_CLIENTS && Date.now() < drainUntil)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const seconds = (Date.now() - started) / 1000;
  for (const c of clients) c.ws.terminate();
  return { fps: received() / seconds, received: received(), expected: published * WS_CLIENTS, seconds };
}

const { simulator, url } = await startSimulator();
let exitCode = 0;
try {
  const tokenAnswer = await request(url, 'POST', '/openapi/v1.0/get_token', {
    username: 'switchboard-demo',
    password: 'switchboard-demo-secret',
  });
  if (tokenAnswer.errcode !== 0) throw new Error(`get_token failed with errcode ${tokenAnswer.errcode}`);
  const token = tokenAnswer.access_token;

  const apiResult = await apiPhase(url, token);
  const stats = await request(url, 'GET', '/sim/stats');
  const eventResult = await eventPhase(url, token);

  const fmt = (n) => Math.round(n).toLocaleString('en-US');
  console.log(
    `PBX simulator throughput (${url}, ${CONCURRENCY} keep-alive connections, ${WS_CLIENTS} event sockets)`,
  );
  console.log(
    `  API requests/s:    ${fmt(apiResult.rps)}  (${fmt(apiResult.ok)} ok, ${apiResult.failed} failed in ${apiResult.seconds.toFixed(1)} s; ` +
      `simulator counted ${fmt(stats.requests.by_operation['queue/agent_status'] ?? 0)})  target ${fmt(TARGET_RPS)}`,
  );
  console.log(
    `  event frames/s:    ${fmt(eventResult.fps)}  (${fmt(eventResult.received)} of ${fmt(eventResult.expected)} frames in ${eventResult.seconds.toFixed(1)} s)  target ${fmt(TARGET_FPS)}`,
  );
  if (apiResult.failed > 0 || apiResult.rps < TARGET_RPS || eventResult.fps < TARGET_FPS) {
    console.log('  result: BELOW TARGET');
    exitCode = 1;
  } else console.log('  result: ok');
} catch (error) {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.stderr.write(simulator.output());
  exitCode = 1;
} finally {
  agent.destroy();
  await simulator.stop();
}
process.exit(exitCode);
