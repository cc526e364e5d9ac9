import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { newPage } from '../support/browser.js';
import { signIn } from '../support/dashboard-page.js';
import { saveScreenshot } from '../support/screenshots.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';
import { waitFor } from '../../tools/harness/vitest-wait.mjs';

/** A revoked link must take its TV down about at once: the gateway closes the socket when the admin revokes. */
const REVOKE_BUDGET_MS = 2_000;
const PREFS_KEY = 'switchboard.console-prefs';

/** Puts the console's theme preference (also used by the display links screen) and reloads. */
async function useTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate(
    ({ key, theme }) => {
      const prefs = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
      localStorage.setItem(key, JSON.stringify({ ...prefs, theme }));
    },
    { key: PREFS_KEY, theme },
  );
  await page.reload();
  await page.getByTestId('display-link-form').waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme);
}

/**
 * The screen at a laptop's and a tablet's size: no sideways scroll, no axe violation, a screenshot to look at
 * (docs/screenshots/display-links-<theme>-<size>.png).
 */
async function screens(page: Page, theme: 'dark' | 'light'): Promise<void> {
  for (const [width, height] of [
    [1366, 768],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, `display-links-${theme}-${width}x${height}`);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

describe('display links, managed in the console', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ simulator: { scenario: 'contact-center', trafficRate: 2 } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('lists the demo accounts on the login page in demo mode, and signs one in from the list', async () => {
    const page = await newPage(stack.browser, { width: 1366, height: 768 });
    await page.goto(`${stack.gateway.url}/login`);
    const accounts = page.getByTestId('demo-account');
    await accounts.first().waitFor();
    expect(await accounts.allTextContents()).toEqual([
      expect.stringMatching(/supervisor \/ supervisor\s*· supervisor/),
      expect.stringMatching(/admin \/ admin\s*· admin/),
      expect.stringMatching(/viewer \/ viewer\s*· viewer/),
    ]);
    expect(await page.getByTestId('demo-accounts').textContent()).toContain('Each password is the user name');
    expect(await axeViolations(page)).toEqual([]);
    await accounts.nth(1).getByRole('button').click();
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/console');
    await page.context().close();
  });

  it('is not offered to a supervisor, and refused when asked for by address', async () => {
    const page = await signedInPage(stack, { width: 1366, height: 768 }, 'supervisor', '/console');
    await page.getByTestId('current-user').waitFor();
    expect(await page.getByTestId('display-links-link').count()).toBe(0);
    await page.goto(`${stack.gateway.url}/console/display-links`);
    await page.waitForURL((url) => url.pathname === '/not-allowed');
    expect(await page.getByTestId('not-allowed').textContent()).toMatch(
      /is for administrators only\.\s+You are signed in as supervisor, a supervisor\./,
    );
    expect(await page.getByTestId('display-link-form').count()).toBe(0);
    await page.context().close();
  });

  it('creates a link in the UI that opens its board on a TV, and revoking it takes the TV down', async () => {
    const adminContext = await stack.browser.newContext({
      viewport: { width: 1366, height: 768 },
      reducedMotion: 'reduce',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    adminContext.setDefaultTimeout(10_000);
    const admin = await adminContext.newPage();
    await signIn(admin, stack.gateway.url, 'admin', 'admin', '/console');
    await admin.getByTestId('display-links-link').click();
    await admin.waitForURL((url) => url.pathname === '/console/display-links');
    await admin.getByTestId('link-queue-1').waitFor();

    // Create: two queues, light theme, rotation every 10 s.
    await admin.getByTestId('link-name').fill('Lobby TV');
    await admin.getByTestId('link-queue-1').check();
    await admin.getByTestId('link-queue-2').check();
    await admin.getByTestId('link-theme-light').check();
    await admin.getByTestId('link-rotate').selectOption({ label: 'every 10 s' });
    await admin.getByTestId('link-create').click();
    const url = await admin.getByTestId('new-link-url').inputValue();
    expect(url).toMatch(/\/wallboard\?display=[\w.-]+&theme=light&rotate=10$/);
    await admin.getByTestId('copy-link').click();
    await expect.poll(() => admin.getByTestId('copy-status').textContent()).toContain('Copied');
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const row = admin.locator('[data-testid="display-link"]', { hasText: 'Lobby TV' });
    expect(await row.textContent()).toContain('Light · rotates every 10 s');
    expect(await row.getByTestId('link-last-used').textContent()).toContain('never');

    await screens(admin, 'dark');
    // The TV: another browser, no sign-in, the link's URL.
    const tv = await newPage(stack.browser, { width: 1920, height: 1080 });
    await tv.goto(url);
    await tv.getByTestId('all-queues-board').waitFor();
    expect(await tv.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
    await expect.poll(() => tv.getByTestId('board-position').textContent()).toMatch(/1 \/ 3/);
    // Live figures of exactly the link's two queues.
    await waitFor(
      async () =>
        JSON.stringify(
          await tv.locator('[data-testid="queue-row"][data-stale="false"]').evaluateAll((rows) =>
            rows
              .filter((r) => r.querySelector('[data-testid^="tile-"]'))
              .map((r) => r.getAttribute('data-queue-id'))
              .sort(),
          ),
        ) === '["1","2"]',
      'live rows of queues 1 and 2 on the TV',
      10_000,
      100,
    );
    expect(await tv.getByTestId('session-ended').count()).toBe(0);

    // The admin sees it used.
    await admin.reload();
    await expect
      .poll(async () => row.getByTestId('link-last-used').textContent(), { timeout: 5_000 })
      .toMatch(/just now|\d+ s ago/);
    await useTheme(admin, 'light');
    await screens(admin, 'light');

    // Revoke, with confirmation; the TV shows its notice.
    await row.getByTestId('link-revoke').click();
    expect(await admin.getByTestId('confirm-dialog').textContent()).toContain('Revoke “Lobby TV”?');
    expect(await axeViolations(admin)).toEqual([]);
    const revokedAt = Date.now();
    await admin.getByTestId('confirm').click();
    await tv.getByTestId('session-ended').waitFor({ timeout: 10_000 });
    const tookMs = Date.now() - revokedAt;
    console.log(`display link revoked in the UI: the TV showed its revoked notice after ${tookMs} ms`);
    expect(await tv.getByTestId('session-ended').textContent()).toMatch(/revoked/i);
    expect(tookMs).toBeLessThan(REVOKE_BUDGET_MS);
    await waitFor(
      async () =>
        (await admin.locator('[data-testid="display-link"]', { hasText: 'Lobby TV' }).count()) === 0,
      'the revoked link gone from the list',
    );
    expect(await admin.getByTestId('links-notice').textContent()).toContain('“Lobby TV” is revoked');

    // The link stays dead: opening it again shows the notice, not the board.
    const again = await newPage(stack.browser, { width: 1280, height: 800 });
    await again.goto(url);
    await again.getByTestId('session-ended').waitFor();
    await Promise.all([tv.context().close(), again.context().close(), adminContext.close()]);
  });
});
