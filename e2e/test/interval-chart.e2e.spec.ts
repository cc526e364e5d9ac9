import { join } from 'node:path';
import type { QueueIntervalsAnswer, RestResult } from '@switchboard/live-protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestJson } from '../../tools/harness/http.mjs';
import { axeViolations } from '../support/axe.js';
import { newPage } from '../support/browser.js';
import { createDisplayToken } from '../support/gateway-api.js';
import { measureTexts, TEXT_MIN_VMIN } from '../support/legibility.js';
import { signedInPage, startStack, type Stack } from '../support/stack.js';

/**
 * Today in intervals (apps/dashboard/README.md, "Today in intervals"): the console's chart draws today's and
 * last week's series from GET /api/queues/:id/intervals; the TV's tile (`?intervals=1`) keeps every text, its
 * canvas's axis labels included, at the board's legible minimum at 1080p and 2160p; axe-core finds nothing on
 * either in both themes. `E2E_LOOK_DIR=<dir>` also saves each at its sizes in both themes for a person to look at.
 *
 * The simulator keeps call records of today (its traffic) and, with `--history` over `--history-days 8`, of the
 * week before: last week's same weekday has calls, which the chart draws beside today's.
 */

const QUEUE = 1;
const LOOK_DIR = process.env['E2E_LOOK_DIR'];
const CHART = '[data-testid="interval-chart"]';

interface ChartFacts {
  seriesCount: number;
  todayPoints: number;
  lastWeekPoints: number;
  lastWeek: string;
  intervalMin: number;
  axisFontPx: number;
  /** Canvas pixels drawn (not transparent). */
  inked: number;
  canvasRole: string | null;
  canvasLabel: string | null;
  legend: string[];
}

/** What the chart says about itself (its data attributes), and how much of its canvas is drawn. */
function chartFacts(page: Page): Promise<ChartFacts> {
  return page.evaluate((selector) => {
    const chart = document.querySelector<HTMLElement>(selector);
    if (!chart) throw new Error('no interval chart');
    const canvas = chart.querySelector<HTMLCanvasElement>('canvas');
    let inked = 0;
    const context = canvas?.getContext('2d');
    if (canvas && context) {
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < pixels.length; i += 4) if ((pixels[i] ?? 0) > 0) inked += 1;
    }
    const data = chart.dataset;
    return {
      seriesCount: Number(data['seriesCount']),
      todayPoints: Number(data['todayPoints']),
      lastWeekPoints: Number(data['lastWeekPoints']),
      lastWeek: data['lastWeek'] ?? '',
      intervalMin: Number(data['intervalMin']),
      axisFontPx: Number(data['axisFontPx']),
      inked,
      canvasRole: canvas?.getAttribute('role') ?? null,
      canvasLabel: canvas?.getAttribute('aria-label') ?? null,
      legend: [...chart.querySelectorAll('[data-series]')].map(
        (item) => item.getAttribute('data-series') ?? '',
      ),
    };
  }, CHART);
}

async function look(page: Page, name: string): Promise<void> {
  if (LOOK_DIR) await page.screenshot({ path: join(LOOK_DIR, `${name}.png`), animations: 'disabled' });
}

describe('today in intervals, against the gateway and the simulator', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    // Traffic, so today has calls; the gateway counts them into intervals from the call records.
    stack = await startStack({
      simulator: {
        scenario: 'contact-center',
        trafficRate: 20,
        extraArgs: ['--history', '8000', '--history-days', '8'],
      },
      gatewayEnv: { POLL_QUEUES_MS: '1000' },
    });
    token = await createDisplayToken(stack.gateway.url, stack.adminToken, [QUEUE]);
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  /** The gateway's answer, asked as the screens ask it. */
  async function intervals(bearer: string): Promise<QueueIntervalsAnswer> {
    const answer = await requestJson<RestResult<QueueIntervalsAnswer>>(
      `${stack.gateway.url}/api/queues/${QUEUE}/intervals`,
      { token: bearer },
    );
    const body = answer.body;
    if (!body?.ok) throw new Error(`GET intervals answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    return body.data;
  }

  async function openConsole(size: { width: number; height: number }, theme: 'dark' | 'light') {
    const page = await signedInPage(stack, size, 'supervisor', `/console?open=${QUEUE}`);
    if (theme === 'light') {
      await page.evaluate(() =>
        localStorage.setItem('switchboard.console-prefs', JSON.stringify({ theme: 'light' })),
      );
      await page.reload();
    }
    const toggle = page.getByTestId('queue-intervals-toggle').first();
    await toggle.waitFor();
    if ((await page.getByTestId('queue-intervals').first().getAttribute('open')) === null)
      await toggle.click();
    await page.locator(`${CHART}[data-drawn="true"]`).waitFor({ timeout: 15_000 });
    return page;
  }

  async function openTv(size: { width: number; height: number }, theme: 'dark' | 'light') {
    const page = await newPage(stack.browser, size);
    await page.goto(
      `${stack.gateway.url}/wallboard?display=${encodeURIComponent(token)}&queues=${QUEUE}&intervals=1&theme=${theme}&page=600`,
    );
    await page.getByTestId('agent-card').first().waitFor({ timeout: 20_000 });
    await page.locator(`${CHART}[data-drawn="true"]`).waitFor({ timeout: 15_000 });
    return page;
  }

  it('draws today and last week in the console, as the gateway counts them', async () => {
    const answer = await intervals(stack.adminToken);
    const page = await openConsole({ width: 1366, height: 768 }, 'dark');
    const facts = await chartFacts(page);
    console.log(
      `console chart: ${JSON.stringify({ ...facts, canvasLabel: undefined })}; answer: ${answer.today.intervals.length} intervals today, last week ${answer.lastWeek ? answer.lastWeek.intervals.length : 'null'}`,
    );
    // Today's offered, answered, abandoned, service level; last week's offered and service level.
    expect(facts.seriesCount).toBe(6);
    expect(facts.legend).toEqual(
      expect.arrayContaining([
        'today-offered',
        'today-serviceLevel',
        'lastWeek-offered',
        'lastWeek-serviceLevel',
      ]),
    );
    expect(facts.intervalMin).toBe(answer.intervalMin);
    expect(facts.todayPoints).toBeGreaterThan(0);
    expect(facts.todayPoints).toBeGreaterThanOrEqual(answer.today.intervals.length);
    // Last week from the simulator's seeded records: its whole day, with calls in it.
    expect(facts.lastWeek).toBe('available');
    expect(facts.lastWeekPoints).toBe(answer.lastWeek?.intervals.length);
    expect(answer.lastWeek?.intervals.reduce((sum, interval) => sum + interval.offered, 0)).toBeGreaterThan(
      0,
    );
    expect(facts.inked).toBeGreaterThan(1_000);
    expect(facts.canvasRole).toBe('img');
    expect(facts.canvasLabel).toMatch(/^Calls per \d+ (minutes|hour|hours) today, \d+ offered so far/);
    // The table for keyboard and screen-reader users: one row per interval so far and the rest of last week's day.
    await page.getByText('Figures as a table').click();
    expect(await page.locator('[data-testid="interval-table"] tbody tr').count()).toBeGreaterThanOrEqual(
      answer.today.intervals.length,
    );
    await page.context().close();
  });

  it('keeps the TV tile legible at 1080p and 2160p: every text, axis labels included, at the minimum', async () => {
    for (const size of [
      { width: 1920, height: 1080 },
      { width: 3840, height: 2160 },
    ]) {
      const page = await openTv(size, 'dark');
      const facts = await chartFacts(page);
      const report = await measureTexts(page);
      const minPx = (TEXT_MIN_VMIN * Math.min(size.width, size.height)) / 100;
      console.log(
        `TV ${size.width}x${size.height} with intervals=1: axis ${facts.axisFontPx}px (minimum ${minPx.toFixed(1)}px); smallest text per role ${JSON.stringify(
          Object.fromEntries(Object.entries(report.minByRole).map(([k, v]) => [k, +v.toFixed(1)])),
        )}; agents ${await page.getByTestId('agent-grid').getAttribute('data-per-page')} a page`,
      );
      expect(facts.seriesCount).toBe(2);
      expect(facts.todayPoints).toBeGreaterThan(0);
      expect(facts.lastWeekPoints).toBeGreaterThan(0);
      expect(facts.inked).toBeGreaterThan(1_000);
      // The canvas's labels are no DOM text: the chart reports the type size it drew them in.
      expect(facts.axisFontPx).toBeGreaterThanOrEqual(minPx);
      expect(report.minByRole['chart caption']).toBeGreaterThanOrEqual(minPx - 0.05);
      expect(report.minByRole['chart legend']).toBeGreaterThanOrEqual(minPx - 0.05);
      expect(report.tooSmall).toEqual([]);
      expect(report.cut).toEqual([]);
      expect(report.horizontalScroll).toBe(false);
      // The tile is inside the screen and the agents still have their cards.
      const tile = await page.getByTestId('interval-tile').boundingBox();
      expect(tile && tile.y + tile.height).toBeLessThanOrEqual(size.height + 0.5);
      expect(await page.getByTestId('agent-card').count()).toBeGreaterThan(0);
      await page.context().close();
    }
  }, 90_000);

  it('has no axe-core violations on the console chart and the TV tile, in both themes', async () => {
    const found: string[] = [];
    for (const theme of ['dark', 'light'] as const) {
      const consolePage = await openConsole({ width: 1366, height: 768 }, theme);
      await consolePage.getByText('Figures as a table').click();
      for (const violation of await axeViolations(consolePage))
        found.push(`console (${theme}): ${violation.rule} ${violation.nodes.join(' | ')}`);
      await consolePage.context().close();
      const tv = await openTv({ width: 1920, height: 1080 }, theme);
      for (const violation of await axeViolations(tv))
        found.push(`TV (${theme}): ${violation.rule} ${violation.nodes.join(' | ')}`);
      await tv.context().close();
    }
    expect(found).toEqual([]);
  }, 180_000);

  it.runIf(LOOK_DIR)(
    'saves the console and the TV at their sizes in both themes',
    async () => {
      for (const theme of ['dark', 'light'] as const) {
        for (const size of [
          { width: 1366, height: 768 },
          { width: 1920, height: 1080 },
          { width: 3840, height: 2160 },
          { width: 768, height: 1024 },
        ]) {
          const page = await openConsole(size, theme);
          await page.getByTestId('queue-intervals').first().scrollIntoViewIfNeeded();
          await look(page, `console-${size.width}x${size.height}-${theme}`);
          await page.context().close();
        }
        for (const size of [
          { width: 1920, height: 1080 },
          { width: 3840, height: 2160 },
        ]) {
          const page = await openTv(size, theme);
          await look(page, `tv-${size.width}x${size.height}-${theme}`);
          await page.context().close();
        }
      }
    },
    120_000,
  );
});
