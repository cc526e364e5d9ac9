import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_LIMITS } from '../src/ports/login-attempts.js';
import { hashPassword } from '../src/auth/password-hasher.js';
import { startGatewayProcess, type GatewayProcess } from './support/gateway-process.js';
import { startRedis, type RunningRedis } from './support/redis-server.js';
import { startSimulator, type RunningSimulator } from './support/simulator.js';
import { pbxEnv } from './support/test-config.js';

/**
 * Password guessing as an attacker would try it: bursts of parallel wrong logins against built gateway
 * processes (build first: see the README), alone and two sharing one Redis. Each password check costs
 * ~0.3 s of a core (scrypt at N = 2^17), so the figures printed also show that a burst is refused at
 * once instead of queueing hash work.
 */

const AUTH_SECRET = 'login-throttle-test-secret-0123456789abcdef';
const { perUser, perAddress } = DEFAULT_LOGIN_LIMITS;

/**
 * One attempt of a burst. `afterRefusal` holds it back until the burst's first 429: the limit is full by
 * then, so it cannot be among the attempts allowed (a fixed delay is not enough on a loaded machine, where
 * the first requests may still be connecting).
 */
interface Login {
  username: string;
  password: string;
  from: string;
  afterRefusal?: boolean;
}

interface Answer {
  status: number;
  /** From the start of the burst to this answer. */
  ms: number;
  retryAfter: number | null;
  code: string | undefined;
}

/** One login over REST; `from` is the client address a trusted proxy (the test itself) forwards. */
async function tryLogin(url: string, username: string, password: string, from: string): Promise<Answer> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { ok: boolean; error?: { code: string } };
  const retryAfter = response.headers.get('retry-after');
  return {
    status: response.status,
    ms: 0,
    retryAfter: retryAfter === null ? null : Number(retryAfter),
    code: body.error?.code,
  };
}

/** The gateway's switchboard_login_attempts_total by outcome. */
async function attempts(gateway: GatewayProcess): Promise<Record<string, number>> {
  const text = await (await fetch(`${gateway.url}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^switchboard_login_attempts_total\{outcome="(\w+)"\} (\d+)$/gm))
    counts[match[1] ?? ''] = Number(match[2]);
  return counts;
}

/** Password checks (succeeded + failed) the gateways did. */
async function checks(gateways: GatewayProcess[]): Promise<number> {
  const all = await Promise.all(gateways.map(attempts));
  return all.reduce((sum, counts) => sum + (counts['succeeded'] ?? 0) + (counts['failed'] ?? 0), 0);
}

/**
 * Fires `logins` at once (spread over `gateways` in turn). Answers in order; the checks done in all and per
 * gateway; how long the whole burst and its slowest refusal took.
 */
async function burst(
  gateways: GatewayProcess[],
  logins: Login[],
): Promise<{
  answers: Answer[];
  checked: number;
  perGateway: number[];
  ms: number;
  refusedWithinMs: number;
}> {
  const before = await Promise.all(gateways.map((g) => checks([g])));
  const started = performance.now();
  let refused: () => void = () => undefined;
  const firstRefusal = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no 429 within 30 s')), 30_000);
    refused = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  const answers = await Promise.all(
    logins.map(async (login, i) => {
      if (login.afterRefusal) await firstRefusal;
      const gateway = gateways[i % gateways.length] as GatewayProcess;
      const answer = await tryLogin(gateway.url, login.username, login.password, login.from);
      if (answer.status === 429) refused();
      return { ...answer, ms: performance.now() - started };
    }),
  );
  refused();
  const ms = performance.now() - started;
  const after = await Promise.all(gateways.map((g) => checks([g])));
  const perGateway = after.map((count, i) => count - (before[i] ?? 0));
  const refusals = answers.filter((a) => a.status === 429).map((a) => a.ms);
  return {
    answers,
    checked: perGateway.reduce((sum, n) => sum + n, 0),
    perGateway,
    ms,
    refusedWithinMs: Math.max(0, ...refusals),
  };
}

/** One line of figures for the log. */
function figures(what: string, result: Awaited<ReturnType<typeof burst>>): string {
  const per = result.perGateway.length > 1 ? ` (${result.perGateway.join(' + ')} per gateway)` : '';
  return (
    `${what}: ${result.checked} checked${per}, statuses ${JSON.stringify(summary(result.answers))}, ` +
    `every 429 within ${result.refusedWithinMs.toFixed(0)} ms, whole burst ${result.ms.toFixed(0)} ms`
  );
}

function summary(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

/**
 * The burst was throttled: some passwords were checked but at most `limit`, every refusal is a 429 with
 * Retry-After and every other answer a checked wrong password (401).
 */
function expectThrottled({ answers, checked }: Awaited<ReturnType<typeof burst>>, limit: number): void {
  expect(checked).toBeGreaterThan(0);
  expect(checked).toBeLessThanOrEqual(limit);
  const refused = answers.filter((a) => a.status === 429);
  expect(answers.filter((a) => a.status === 401)).toHaveLength(checked);
  expect(refused).toHaveLength(answers.length - checked);
  for (const answer of refused) {
    expect(answer.code).toBe('rate_limited');
    expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
  }
}

const wrong = (username: string, n: number, from: string): Login[] =>
  Array.from({ length: n }, (_, i) => ({ username, password: `guess-${i}`, from }));

/**
 * Hides admin's right password at position 33 of a burst of 40 wrong ones from `from`, sent once the burst is
 * being refused, so it cannot overtake the attempts in front of it: it is refused like the rest.
 */
async function expectRightPasswordRefusedInBurst(gateways: GatewayProcess[], from: string, what: string) {
  const logins = wrong('admin', 40, from);
  logins[32] = { username: 'admin', password: 'admin-password', from, afterRefusal: true };
  const result = await burst(gateways, logins);
  console.log(
    `${figures(`${what}, right password at 33 of 40`, result)}; its answer ${result.answers[32]?.status}`,
  );
  expect(result.answers[32]).toMatchObject({ status: 429, code: 'rate_limited' });
  expect(result.answers.filter((a) => a.status === 200)).toHaveLength(0);
  expect(result.checked).toBeLessThanOrEqual(perUser);
}

let sim: RunningSimulator;
let env: Record<string, string>;

beforeAll(async () => {
  const usernames = ['sup', 'view', 'admin', 'sup2'];
  const [simulator, hashes] = await Promise.all([
    startSimulator({ scenario: 'small', trafficRate: 0, seed: 11 }),
    Promise.all(usernames.map((username) => hashPassword(`${username}-password`))),
  ]);
  sim = simulator;
  env = {
    ...pbxEnv(sim.url),
    SITE_TIME_ZONE: 'UTC',
    AUTH_SECRET,
    // The test is the proxy: X-Forwarded-For picks the client address of each attempt.
    TRUSTED_PROXIES: '127.0.0.1',
    USERS: JSON.stringify(
      usernames.map((username, i) => ({
        username,
        role: username === 'admin' ? 'admin' : 'supervisor',
        queues: 'all',
        passwordHash: hashes[i],
      })),
    ),
  };
}, 60_000);

afterAll(async () => {
  await sim?.stop();
});

describe('login throttling on one gateway', () => {
  let gateway: GatewayProcess;

  beforeAll(async () => {
    gateway = await startGatewayProcess(env);
  }, 30_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  it('checks at most the per-name limit of a burst of 20 wrong logins, refusing the rest at once with 429', async () => {
    const result = await burst([gateway], wrong('sup', 20, '198.51.100.1'));
    console.log(figures('one gateway, 20 wrong logins for one name', result));
    expectThrottled(result, perUser);
    // The name is locked now, from any address.
    const locked = await tryLogin(gateway.url, 'sup', 'sup-password', '203.0.113.9');
    expect(locked).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(locked.retryAfter).toBeGreaterThan(30);
  }, 60_000);

  it('holds the per-name limit for a burst of 60 from 60 addresses, and the per-address limit for 60 names', async () => {
    const spread = await burst(
      [gateway],
      Array.from({ length: 60 }, (_, i) => ({
        username: 'view',
        password: `guess-${i}`,
        from: `198.51.100.${100 + i}`,
      })),
    );
    console.log(figures('one gateway, 60 wrong logins for one name from 60 addresses', spread));
    expectThrottled(spread, perUser);

    const names = await burst(
      [gateway],
      Array.from({ length: 60 }, (_, i) => ({
        username: `nobody-${i}`,
        password: 'guess',
        from: '198.51.100.2',
      })),
    );
    console.log(figures('one gateway, 60 wrong logins for 60 unknown names from one address', names));
    expectThrottled(names, perAddress);
  }, 60_000);

  it('does not sign in the right password hidden at position 33 of a burst of 40', async () => {
    await expectRightPasswordRefusedInBurst([gateway], '198.51.100.3', 'one gateway');
  }, 60_000);
});

describe('login throttling on two gateways sharing Redis', () => {
  let redis: RunningRedis;
  const gateways: GatewayProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    gateways.push(
      ...(await Promise.all([1, 2].map(() => startGatewayProcess({ ...env, REDIS_URL: redis.url })))),
    );
  }, 30_000);

  afterAll(async () => {
    await Promise.all(gateways.map((g) => g.stop()));
    await redis?.stop();
  });

  it('checks at most the per-name limit of bursts of 20 and 60 spread over both gateways', async () => {
    for (const [username, size, from] of [
      ['sup', 20, '198.51.100.4'],
      ['view', 60, '198.51.100.5'],
    ] as const) {
      const result = await burst(gateways, wrong(username, size, from));
      console.log(figures(`two gateways + Redis, ${size} wrong logins for one name`, result));
      expectThrottled(result, perUser);
    }
  }, 60_000);

  it('does not sign in the right password inside a burst spread over both gateways, nor on either afterwards', async () => {
    await expectRightPasswordRefusedInBurst(gateways, '198.51.100.6', 'two gateways + Redis');
    for (const gateway of gateways)
      expect(await tryLogin(gateway.url, 'admin', 'admin-password', '203.0.113.10')).toMatchObject({
        status: 429,
      });
    // A name nobody guessed signs in on either gateway.
    for (const gateway of gateways)
      expect(await tryLogin(gateway.url, 'sup2', 'sup2-password', '203.0.113.11')).toMatchObject({
        status: 200,
      });
  }, 60_000);
});
