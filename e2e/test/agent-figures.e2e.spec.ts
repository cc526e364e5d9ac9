import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';

/** With E2E_LOOK_DIR set, the console with the new parts is saved there at four sizes, tablet included, both themes. */
const LOOK_DIR = process.env['E2E_LOOK_DIR'];
const PREFS_KEY = 'switchboard.console-prefs';

/** The Answered figure of each agent row, top to bottom; -1 for a dash (not known yet). */
const answeredColumn = (page: Page) =>
  page.locator('[data-testid="queue-panel"] [data-testid="agent-row"]').evaluateAll((rows) =>
    rows.map((row) => {
      const text = row.querySelector('[data-figure="answered"]')?.textContent?.trim() ?? '';
      return /^\d+$/.test(text) ? Number(text) : -1;
    }),
  );

/** Figures known, in their order (unknown ones always go last, so they are left out of the order check). */
const known = (values: number[]) => values.filter((value) => value >= 0);

/**
 * A supervisor's view of the shift against the gateway and the simulator's contact center with calls coming in:
 * today's figures per agent in the agent table (sorted by a header, each way), the queue's forecast with the
 * inputs behind it, and the day reports saved by the browser as CSV.
 */
describe('agent figures, forecast and day reports', () => {
  let stack: Stack;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({
      // Calls keep arriving and, at five simulated seconds a second, ending: answered figures within a minute.
      simulator: { scenario: 'contact-center', trafficRate: 20, speed: 5 },
      gatewayEnv: { POLL_QUEUES_MS: '1000' },
    });
    page = await signedInPage(stack, { width: 1366, height: 768 }, 'supervisor', '/console');
    // Keep the first queue open (the detail would otherwise follow the most severe one).
    await page.getByTestId('overview-open').first().click();
    await page.getByTestId('queue-panel').waitFor();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('shows today’s Answered figures per agent, and sorts by them each way', async () => {
    await expect
      .poll(async () => Math.max(-1, ...(await answeredColumn(page))), { timeout: 180_000, interval: 1_000 })
      .toBeGreaterThan(0);
    const header = page.locator('[data-testid="queue-panel"] th[data-column="answered"]');
    expect(await header.getAttribute('aria-sort')).toBe('none');

    const sortBy = async () => {
      await page.locator('[data-testid="queue-panel"] [data-testid="sort-answered"]').click();
      // Rows hold still while the pointer or focus is in the table: leave it, so the order is the sort's.
      await page.mouse.move(1, 1);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };
    await sortBy();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const down = await answeredColumn(page);
    expect(known(down)).toEqual([...known(down)].sort((a, b) => b - a));
    expect(down.slice(0, known(down).length)).toEqual(known(down));

    await sortBy();
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    const up = await answeredColumn(page);
    expect(known(up)).toEqual([...known(up)].sort((a, b) => a - b));
    expect(up.slice(0, known(up).length)).toEqual(known(up));
    // Only one header is sorted.
    const sorted = page.locator('[data-testid="queue-panel"] th[aria-sort]:not([aria-sort="none"])');
    expect(await sorted.count()).toBe(1);
  }, 240_000);

  it('shows the forecast with a predicted service level and every input behind it', async () => {
    const panel = page.locator('[data-testid="queue-panel"] [data-testid="forecast-panel"]');
    await expect
      .poll(() => panel.getByTestId('forecast-service-level').textContent(), { timeout: 60_000 })
      .toMatch(/Predicted service level next 30 min: \d+ % \(goal \d+ % in \d+ s\)/);
    expect(await panel.getByTestId('forecast-wait').textContent()).toMatch(/Next caller/);
    expect(await panel.getByTestId('forecast-agents').textContent()).toMatch(
      /Agents needed: \d+ · taking calls now: \d+/,
    );
    await panel.getByText('How is this computed?').click();
    for (const key of ['arrivals', 'handle', 'taking', 'free', 'waiting', 'target', 'erlangs']) {
      const input = panel.getByTestId(`forecast-input-${key}`);
      expect(await input.isVisible(), key).toBe(true);
    }
    expect(await panel.getByTestId('forecast-input-arrivals').textContent()).toMatch(
      /\d+ in the last 30 min/,
    );
    expect(await panel.getByTestId('forecast-input-handle').textContent()).toMatch(/\d+:\d\d/);
    expect(await panel.getByTestId('forecast-how').textContent()).toContain('Abandonment is ignored.');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('saves the agents and intervals CSV of the day, each with its header row', async () => {
    const heads = {
      agents: 'queue_id,queue,agent,name,answered',
      intervals: 'queue_id,queue,interval_start,offered,answered',
    };
    const today = await page.getByTestId('day-export-date').inputValue();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const report of ['agents', 'intervals'] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByTestId(`day-export-${report}`).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${report}-${today}.csv`);
      const text = readFileSync(await download.path(), 'utf8');
      const lines = text.split(/\r?\n/).filter((line) => line !== '');
      expect(lines[0]?.startsWith(heads[report]), lines[0]).toBe(true);
      expect(lines.length).toBeGreaterThan(1);
      await expect
        .poll(() => page.getByTestId('day-export-note').textContent())
        .toContain(`${report}-${today}.csv`);
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  it('shows a viewer the forecast but no one’s figures, and no error', async () => {
    const viewer = await signedInPage(stack, { width: 1366, height: 768 }, 'viewer', '/console');
    await viewer.getByTestId('overview-open').first().click();
    await viewer.getByTestId('agent-row').first().waitFor();
    await viewer.getByTestId('forecast-panel').first().waitFor();
    // A table that asked (it asks as it opens) would have its answer by now.
    await viewer.waitForTimeout(1_000);
    expect(await viewer.getByTestId('sort-answered').count()).toBe(0);
    expect(await viewer.getByTestId('agent-figures-note').count()).toBe(0);
    expect(await viewer.getByTestId('day-export').count()).toBe(0);
    await viewer.context().close();
  });

  it.runIf(LOOK_DIR)(
    'is photographed at 1366x768, 1920x1080, 3840x2160 and 768x1024 in both themes',
    async () => {
      mkdirSync(LOOK_DIR ?? '.', { recursive: true });
      for (const theme of ['dark', 'light'] as const) {
        await page.evaluate(
          ({ key, theme }) => {
            const prefs = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
            localStorage.setItem(key, JSON.stringify({ ...prefs, theme }));
          },
          { key: PREFS_KEY, theme },
        );
        for (const [width, height] of [
          [1366, 768],
          [1920, 1080],
          [3840, 2160],
          [768, 1024],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.reload();
          await page.getByTestId('overview-open').first().click();
          await page.locator('[data-testid="queue-panel"] [data-figure="answered"]').first().waitFor();
          const panel = page.getByTestId('queue-panel').first();
          await panel.getByText('How is this computed?').click();
          await panel.scrollIntoViewIfNeeded();
          const name = `console-figures-${theme}-${width}x${height}`;
          await page.screenshot({ path: join(LOOK_DIR ?? '.', `${name}.png`), fullPage: true });
          // The day's figures, scrolled into view inside the table.
          await page
            .getByTestId('agent-table-scroller')
            .first()
            .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
          await panel.screenshot({ path: join(LOOK_DIR ?? '.', `${name}-scrolled.png`) });
          const overflow = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
          expect(overflow, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(width);
          expect(await axeViolations(page)).toEqual([]);
        }
      }
    },
    180_000,
  );
});
