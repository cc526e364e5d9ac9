import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { saveScreenshot } from '../support/screenshots.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';
import { waitFor } from '../../tools/harness/vitest-wait.mjs';

const QUEUE = 1;

/** How many elements of `testId` carry `data-stale="<value>"`, and how many there are in all. */
const staleCount = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const all = [...document.querySelectorAll(`[data-testid="${id}"]`)];
    return { all: all.length, stale: all.filter((el) => el.getAttribute('data-stale') === 'true').length };
  }, testId);

/**
 * What the wallboard shows but cuts off (test ids of elements reaching past the window): the banner, every
 * tile, the agent notes, every agent card drawn, the waiting list's title.
 */
const offScreen = (page: Page) =>
  page.evaluate(() => {
    const shown = [
      ...document.querySelectorAll(
        '[data-testid="pbx-banner"], [data-testid^="tile-"], [data-testid="agents-stale"], ' +
          '[data-testid="agents-no-room"], [data-testid="agent-page"], [data-testid="agent-card"], ' +
          '[data-testid="waiting-list"] h2',
      ),
    ];
    return shown
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5;
      })
      .map((el) => el.getAttribute('data-testid') ?? el.tagName);
  });

describe('a PBX outage on the console and the wallboard', () => {
  let stack: Stack;
  let consolePage: Page;
  let boardPage: Page;

  beforeAll(async () => {
    // Live traffic (callers wait, agents change state), polled every second, so outage and recovery show fast.
    stack = await startStack({
      simulator: { scenario: 'contact-center' },
      gatewayEnv: { POLL_QUEUES_MS: '1000' },
    });
    consolePage = await signedInPage(stack, { width: 1600, height: 1000 }, 'supervisor', '/console');
    boardPage = await signedInPage(
      stack,
      { width: 1920, height: 1080 },
      'supervisor',
      `/wallboard?queues=${QUEUE}`,
    );
  });

  afterAll(async () => {
    await stack?.simulator.post('/sim/faults', { clear: true }).catch(() => undefined);
    await stack?.close();
  });

  /** Both screens live: links up, no banner, nothing stale. */
  async function allLive(timeoutMs: number): Promise<void> {
    await waitFor(
      async () => {
        if ((await consolePage.getByTestId('pbx-banner').count()) > 0) return false;
        if ((await boardPage.getByTestId('pbx-banner').count()) > 0) return false;
        if ((await consolePage.getByTestId('prompts-unavailable').count()) > 0) return false;
        const rows = await staleCount(consolePage, 'agent-row');
        const cards = await staleCount(boardPage, 'agent-card');
        const panel = await consolePage
          .locator(`[data-testid="queue-panel"][data-queue-id="${QUEUE}"] [data-testid="freshness"]`)
          .getAttribute('data-stale');
        return rows.all > 0 && rows.stale === 0 && cards.all > 0 && cards.stale === 0 && panel === 'false';
      },
      'the console and the wallboard to be live',
      timeoutMs,
      100,
    );
  }

  it('has no accessibility violations on the live console and wallboard', async () => {
    await allLive(20_000);
    expect(await axeViolations(consolePage)).toEqual([]);
    expect(await axeViolations(boardPage)).toEqual([]);
  });

  it('shows the outage everywhere with its since-time, says held calls cannot be shown, and recovers', async () => {
    await allLive(20_000);
    expect(await consolePage.getByTestId('pbx-link').getAttribute('data-status')).toBe('connected');

    const faultAt = Date.now();
    await stack.simulator.post('/sim/faults', { down: true });

    // The event stream drops first (a softer banner), then the gateway calls the PBX link down.
    await consolePage.getByTestId('pbx-banner').waitFor({ state: 'visible', timeout: 20_000 });
    const firstBannerAfterMs = Date.now() - faultAt;
    const banner = consolePage.locator('[data-testid="pbx-banner"][data-kind="pbx"]');
    await banner.waitFor({ state: 'visible', timeout: 20_000 });
    const bannerAfterMs = Date.now() - faultAt;
    expect((await banner.getByTestId('outage-since').textContent())?.trim()).toMatch(
      /^since \d\d:\d\d:\d\d$/,
    );
    expect(await banner.textContent()).toMatch(/Figures and agent states are frozen at \d\d:\d\d:\d\d/);

    await waitFor(
      async () => {
        const rows = await staleCount(consolePage, 'agent-row');
        return rows.all > 0 && rows.stale === rows.all;
      },
      'every agent row of the console to be marked stale',
      10_000,
      100,
    );
    const rowsAfterMs = Date.now() - faultAt;
    await waitFor(
      async () => {
        const cards = await staleCount(boardPage, 'agent-card');
        if (cards.all > 0) return cards.stale === cards.all;
        // The outage banner and the stale tiles can leave a one-queue TV no room for cards: it must say so.
        return (await boardPage.getByTestId('agents-no-room').count()) === 1;
      },
      'every agent card of the wallboard to be marked stale (or the board to say it has no room for them)',
      10_000,
      100,
    );
    const cardsAfterMs = Date.now() - faultAt;
    // A one-queue 1080p TV keeps all of it on the screen: the banner and the stale tiles used to push the
    // agents, and the notes saying why there are none, below its bottom edge.
    expect(await offScreen(boardPage)).toEqual([]);
    expect(await consolePage.getByTestId('agents-stale').first().textContent()).toContain('PBX link down');
    expect(await boardPage.getByTestId('agents-stale').textContent()).toContain('PBX link down');
    expect(await boardPage.getByTestId('pbx-banner').textContent()).toContain('PBX link down since');
    expect(await boardPage.getByTestId('waiting-list').getAttribute('data-stale')).toBe('true');
    expect(await consolePage.getByTestId('conferences-panel').getAttribute('data-stale')).toBe('true');

    const prompts = consolePage.getByTestId('prompts-unavailable');
    await prompts.waitFor({ state: 'visible', timeout: 5_000 });
    expect(await prompts.textContent()).toContain('Held calls cannot be shown right now');
    expect(await consolePage.getByTestId('no-prompts').count()).toBe(0);

    // Frozen, not ticking: the same times two seconds later.
    const times = () =>
      boardPage
        .getByTestId('agent-card')
        .evaluateAll((cards) => cards.map((card) => card.querySelector('.time')?.textContent ?? ''));
    const before = await times();
    await boardPage.waitForTimeout(2_200);
    expect(await times()).toEqual(before);

    expect(await axeViolations(consolePage)).toEqual([]);
    expect(await axeViolations(boardPage)).toEqual([]);
    await saveScreenshot(consolePage, 'console-outage');
    await saveScreenshot(boardPage, 'wallboard-outage');

    const recoverAt = Date.now();
    await stack.simulator.post('/sim/faults', { clear: true });
    await allLive(30_000);
    const freshAfterMs = Date.now() - recoverAt;
    expect(await consolePage.getByTestId('pbx-link').getAttribute('data-status')).not.toBe('down');
    expect(await boardPage.getByTestId('freshness').getAttribute('data-stale')).toBe('false');
    // Live again: time in state counts on.
    const after = await times();
    await boardPage.waitForTimeout(2_200);
    expect(await times()).not.toEqual(after);

    console.log(
      `PBX outage: first console banner ${firstBannerAfterMs} ms after the fault, "PBX link down" banner ` +
        `after ${bannerAfterMs} ms, every agent row stale after ` +
        `${rowsAfterMs} ms, every wallboard card after ${cardsAfterMs} ms; everything live again ` +
        `${freshAfterMs} ms after recovery`,
    );
  });
});
