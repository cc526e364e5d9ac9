import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { newPage } from '../support/browser.js';
import { signIn } from '../support/dashboard-page.js';
import { startStack, type Stack } from '../support/stack.js';
import { waitFor } from '../../tools/harness/vitest-wait.mjs';

/**
 * Screenshots for a person to look at: the wallboard (all queues, and one queue with its waiting list) and the
 * console, live and during a PBX outage, at four screen sizes and in both themes, with axe-core on each.
 * Slow (about two minutes per screen size), so it runs only when asked:
 * `E2E_LOOK_DIR=/tmp/looks npx vitest run test/looks` (`E2E_LOOK_SIZES=768x1024,1366x768` for some sizes only).
 */
const LOOK_DIR = process.env['E2E_LOOK_DIR'];
const ONLY_SIZES = process.env['E2E_LOOK_SIZES']?.split(',');

const SIZES = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: '3840x2160', width: 3840, height: 2160 },
  { name: '768x1024', width: 768, height: 1024 },
] as const;
const THEMES = ['dark', 'light'] as const;
const PAGES = [
  { name: 'wallboard-all', path: (theme: string) => `/wallboard?theme=${theme}` },
  { name: 'wallboard-queue', path: (theme: string) => `/wallboard?queues=1&theme=${theme}` },
  { name: 'console', path: () => '/console' },
] as const;

describe.runIf(LOOK_DIR)('how the screens look, live and during a PBX outage', () => {
  let stack: Stack;

  beforeAll(async () => {
    mkdirSync(LOOK_DIR ?? '.', { recursive: true });
    stack = await startStack({
      simulator: { scenario: 'contact-center' },
      gatewayEnv: { POLL_QUEUES_MS: '1000' },
    });
  });

  afterAll(async () => {
    await stack?.simulator.post('/sim/faults', { clear: true }).catch(() => undefined);
    await stack?.close();
  });

  /** Which of `pages` fail `check`, by name (empty when all pass). */
  async function failing(
    pages: { name: string; page: Page }[],
    check: (page: Page) => Promise<boolean>,
  ): Promise<string[]> {
    const out: string[] = [];
    for (const { name, page } of pages) if (!(await check(page))) out.push(name);
    return out;
  }

  /** Waits (30 s at most) until `check` holds on every page; the failure names the pages it does not hold on. */
  async function untilEvery(
    pages: { name: string; page: Page }[],
    check: (page: Page) => Promise<boolean>,
    what: string,
  ): Promise<void> {
    let stuck: string[] = [];
    await waitFor(async () => (stuck = await failing(pages, check)).length === 0, what, 30_000, 500).catch(
      (error: Error) => {
        throw new Error(`${error.message}: ${stuck.join(', ')}`);
      },
    );
  }

  const live = async (page: Page) =>
    (await page.locator('[data-stale="true"]').count()) === 0 &&
    (await page.locator('[data-testid="agent-card"], [data-testid="agent-row"]').count()) > 0;
  const showsOutage = async (page: Page) =>
    (await page.locator('[data-testid="pbx-banner"][data-kind="pbx"]').count()) > 0 &&
    (await page.locator('[data-testid="agent-card"][data-stale="false"]').count()) === 0;

  async function shootAll(pages: { name: string; page: Page }[], state: string): Promise<string[]> {
    const problems: string[] = [];
    for (const { name, page } of pages) {
      await page.screenshot({ path: join(LOOK_DIR ?? '.', `${name}-${state}.png`), animations: 'disabled' });
      const violations = await axeViolations(page);
      if (violations.length > 0) problems.push(`${name}-${state}: ${JSON.stringify(violations)}`);
    }
    return problems;
  }

  for (const size of SIZES.filter((s) => !ONLY_SIZES || ONLY_SIZES.includes(s.name))) {
    it(`${size.name}: takes every screenshot and finds no accessibility violation`, async () => {
      const pages: { name: string; page: Page }[] = [];
      for (const theme of THEMES) {
        for (const target of PAGES) {
          const page = await newPage(stack.browser, size);
          await page.addInitScript(
            (t) => localStorage.setItem('switchboard.console-prefs', JSON.stringify({ theme: t })),
            theme,
          );
          await signIn(page, stack.gateway.url, 'supervisor', 'supervisor', target.path(theme));
          pages.push({ name: `${target.name}-${size.name}-${theme}`, page });
        }
      }
      await untilEvery(pages, live, 'every page to be live');
      const problems = await shootAll(pages, 'live');
      await stack.simulator.post('/sim/faults', { down: true });
      await untilEvery(pages, showsOutage, 'every page to show the outage');
      // Let "N s ago" read like a real outage rather than a blink.
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      problems.push(...(await shootAll(pages, 'outage')));
      await stack.simulator.post('/sim/faults', { clear: true });
      for (const { page } of pages) await page.context().close();
      expect(problems).toEqual([]);
    }, 180_000);
  }
});
