import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.js';
import { createDisplayToken } from '../support/gateway-api.js';
import { DASHBOARD_DIST } from '../support/repo-paths.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';
import { waitFor } from '../../tools/harness/vitest-wait.mjs';

/**
 * Recovery as a person sees it, measured in the page: rows and tiles marked live (`data-stale="false"`) by a
 * sampler running inside each page every 50 ms, so the figures are what the screen showed, not what the
 * gateway reports. Production polling (2 s), the contact-center scenario, the console and an all-queues TV.
 */

/** What every screen must show live: the console's overview and agent rows, the TV's queue rows and tiles. */
const LIVE_ITEMS =
  '[data-testid="overview-row"], [data-testid="agent-row"], [data-testid="queue-row"], [data-testid^="tile-"]';

/** Starts the in-page sampler: [time, items, stale items] every 50 ms, newest 40,000 kept. */
async function startSampler(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const samples: [number, number, number][] = [];
    (window as unknown as { __liveSamples: typeof samples }).__liveSamples = samples;
    setInterval(() => {
      const items = document.querySelectorAll(selector);
      let stale = 0;
      for (const item of items) if (item.getAttribute('data-stale') === 'true') stale++;
      samples.push([Date.now(), items.length, stale]);
      if (samples.length > 40_000) samples.shift();
    }, 50);
  }, LIVE_ITEMS);
}

type Sample = [time: number, items: number, stale: number];

const samplesOf = (page: Page): Promise<Sample[]> =>
  page.evaluate(() => (window as unknown as { __liveSamples?: Sample[] }).__liveSamples ?? []);

const isLive = ([, items, stale]: Sample) => items > 0 && stale === 0;

/** The first time at or after `from` when the page showed everything live, or null. */
async function liveAt(page: Page, from: number): Promise<number | null> {
  return (await samplesOf(page)).find((sample) => sample[0] >= from && isLive(sample))?.[0] ?? null;
}

/** Waits until `page` shows everything live after `from` and returns how long after `from` it first did. */
async function liveAfter(page: Page, from: number, what: string): Promise<number> {
  const at = await waitFor(() => liveAt(page, from), what, 60_000, 100);
  return at - from;
}

/**
 * How long after `from` the page was live again after an interruption: the first sample not live at or
 * after `from` (the page noticed), then the first live one after it.
 */
async function liveAgainAfter(page: Page, from: number, what: string): Promise<number> {
  const at = await waitFor(
    async () => {
      const samples = await samplesOf(page);
      const noticed = samples.findIndex((sample) => sample[0] >= from && !isLive(sample));
      if (noticed < 0) return null;
      return samples.slice(noticed).find(isLive)?.[0] ?? null;
    },
    what,
    60_000,
    100,
  );
  return at - from;
}

describe('recovery seen from the browser', () => {
  let stack: Stack;
  let consolePage: Page;
  let tvPage: Page;
  let displayLink: string;
  const measured: string[] = [];

  beforeAll(async () => {
    stack = await startStack({
      simulator: { scenario: 'contact-center' },
      gatewayEnv: { POLL_QUEUES_MS: '2000', POLL_CONFERENCES_MS: '2000' },
    });
    consolePage = await signedInPage(stack, { width: 1920, height: 1080 }, 'supervisor', '/console');
    const queues = await waitFor(
      async () => {
        const answer = await fetch(`${stack.gateway.url}/api/queues`, {
          headers: { authorization: `Bearer ${stack.adminToken}` },
        });
        const list = (await answer.json()) as { ok: boolean; data?: { id: number }[] };
        return list.data?.length === 5 ? list.data.map((queue) => queue.id) : null;
      },
      'the five queues of the contact center',
      20_000,
      200,
    );
    displayLink = `/wallboard?display=${await createDisplayToken(stack.gateway.url, stack.adminToken, queues)}`;
    tvPage = await newPage(stack.browser, { width: 1920, height: 1080 });
    await tvPage.goto(`${stack.gateway.url}${displayLink}`);
    for (const page of [consolePage, tvPage]) {
      await startSampler(page);
      await liveAfter(page, Date.now(), 'the page to be live at the start');
    }
  });

  afterAll(async () => {
    if (measured.length > 0) console.log(`Recovery seen from the browser: ${measured.join('; ')}`);
    await stack?.simulator.post('/sim/faults', { clear: true }).catch(() => undefined);
    await stack?.close();
  });

  it('shows every console row and TV tile live within 2 s of the PBX’s return after a 60 s outage', async () => {
    await stack.simulator.post('/sim/faults', { down: true });
    // Both screens say the outage before it ends.
    for (const page of [consolePage, tvPage])
      await waitFor(
        async () => ((await samplesOf(page)).at(-1)?.[2] ?? 0) > 0,
        'rows marked stale',
        20_000,
        100,
      );
    await consolePage.waitForTimeout(60_000 - 5_000);
    const back = Date.now();
    await stack.simulator.post('/sim/faults', { clear: true });
    const consoleMs = await liveAfter(consolePage, back, 'the console to be live after the PBX returned');
    const tvMs = await liveAfter(tvPage, back, 'the TV to be live after the PBX returned');
    // They were not live a moment before: the outage was seen through to its end.
    for (const page of [consolePage, tvPage])
      expect(
        (await samplesOf(page)).some(([at, , stale]) => at >= back - 1_000 && at < back && stale > 0),
      ).toBe(true);
    measured.push(`PBX down 60 s: console live ${consoleMs} ms, TV live ${tvMs} ms after its return`);
    expect(consoleMs).toBeLessThanOrEqual(2_000);
    expect(tvMs).toBeLessThanOrEqual(2_000);
  }, 120_000);

  it('shows the screens live within 5 s of a gateway SIGKILL, restarted at once', async () => {
    const killed = Date.now();
    await stack.gateway.restart();
    const readyMs = Date.now() - killed;
    const consoleMs = await liveAgainAfter(consolePage, killed, 'the console to be live after the restart');
    const tvMs = await liveAgainAfter(tvPage, killed, 'the TV to be live after the restart');
    measured.push(
      `gateway SIGKILL + restart (ready ${readyMs} ms after the kill): console live ${consoleMs} ms, TV live ${tvMs} ms after the kill`,
    );
    // What the product controls after the process is up (reconnect, resubscribe, first polls) is bounded on any
    // machine; the whole 5 s from the kill is held whenever the process started in its usual time (2.5 s here
    // unloaded: on a machine busy with other test runs, starting Node alone can take longer than that).
    expect(consoleMs - readyMs).toBeLessThanOrEqual(2_500);
    expect(tvMs - readyMs).toBeLessThanOrEqual(2_500);
    if (readyMs <= 3_000) {
      expect(consoleMs).toBeLessThanOrEqual(5_000);
      expect(tvMs).toBeLessThanOrEqual(5_000);
    }
  }, 60_000);

  it('keeps the screens live through 2 minutes of 10 % errors at 300 ms latency: at most 5 % of samples stale', async () => {
    await liveAfter(consolePage, Date.now(), 'the console to be live before the faults');
    const from = Date.now();
    await stack.simulator.post('/sim/faults', { latencyMs: 300, errorRate: 0.1 });
    await consolePage.waitForTimeout(120_000);
    await stack.simulator.post('/sim/faults', { clear: true });
    const to = Date.now();
    const shares: string[] = [];
    for (const [name, page] of [
      ['console', consolePage],
      ['TV', tvPage],
    ] as const) {
      const window = (await samplesOf(page)).filter(([at]) => at >= from && at <= to);
      const stale = window.filter((sample) => !isLive(sample)).length;
      expect(window.length).toBeGreaterThan(1_000);
      const share = stale / window.length;
      shares.push(`${name} ${(share * 100).toFixed(1)} % of ${window.length} samples stale`);
      expect(share, `${name}: ${stale} of ${window.length} samples stale`).toBeLessThanOrEqual(0.05);
    }
    measured.push(`10 % errors, 300 ms latency for 2 min: ${shares.join(', ')}`);
  }, 200_000);

  it('reloads a TV by itself when the gateway comes back serving a new build, and it is live again', async () => {
    const ownBuild = await tvPage.evaluate(
      () => document.querySelector<HTMLMetaElement>('meta[name="switchboard-build"]')?.content ?? '',
    );
    expect(ownBuild).toMatch(/^b-[0-9a-f]{16}$/);
    // A new release: the same dashboard under another build id (what a rebuild with changed code gives).
    const release = mkdtempSync(join(tmpdir(), 'switchboard-release-'));
    try {
      cpSync(DASHBOARD_DIST, release, { recursive: true });
      const index = join(release, 'index.html');
      writeFileSync(index, readFileSync(index, 'utf8').replace(ownBuild, 'b-0000000000000new'));
      await tvPage.evaluate(() => ((window as unknown as { __beforeReload: boolean }).__beforeReload = true));
      const restarted = Date.now();
      await stack.gateway.restart({ DASHBOARD_DIR: release });
      await waitFor(
        async () =>
          (await tvPage
            .evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload !== true)
            .catch(() => false)) &&
          (await tvPage
            .evaluate(
              () => document.querySelector<HTMLMetaElement>('meta[name="switchboard-build"]')?.content,
            )
            .catch(() => undefined)) === 'b-0000000000000new',
        'the TV to reload itself into the new build',
        90_000,
        200,
      );
      const reloadedMs = Date.now() - restarted;
      // The same address: the display link (and with it the board's rotation and theme) is kept.
      expect(new URL(tvPage.url()).pathname + new URL(tvPage.url()).search).toBe(displayLink);
      await startSampler(tvPage);
      const liveMs = await liveAfter(tvPage, Date.now(), 'the reloaded TV to be live');
      measured.push(
        `new build: TV reloaded itself ${reloadedMs} ms after the restart, live ${liveMs} ms later`,
      );
      // The console, where a person works, is offered the new build instead.
      await consolePage.getByTestId('update-notice').waitFor({ state: 'visible', timeout: 10_000 });
    } finally {
      rmSync(release, { recursive: true, force: true });
    }
  }, 150_000);
});
