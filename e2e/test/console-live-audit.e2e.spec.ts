import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { newPage } from '../support/browser.js';
import { demoPasswordHash } from '../support/demo-users.js';
import { signIn } from '../support/dashboard-page.js';
import type { SimWorld } from '../support/simulator-process.js';
import { startStack, type Stack } from '../support/stack.js';
import { controlledLine, type HeldLine, holdCall, promptCard } from '../support/held-calls.js';

/** How soon an action must show on another supervisor's screen. */
const AUDIT_BUDGET_MS = 1_000;

/** The built gateway's demo accounts: their hashes let these users sign in with the demo passwords. */
async function usersEnv(): Promise<string> {
  const hashes = { admin: await demoPasswordHash('admin'), supervisor: await demoPasswordHash('supervisor') };
  const hash = (name: 'admin' | 'supervisor') => hashes[name];
  return JSON.stringify([
    { username: 'admin', passwordHash: hash('admin'), role: 'admin', queues: 'all' },
    // The small scenario's extensions: agents 1001-1008, staff 1009-1012; the supervisor sits at 1009.
    {
      username: 'supervisor',
      passwordHash: hash('supervisor'),
      role: 'supervisor',
      queues: 'all',
      extension: '1009',
    },
    { username: 'ana', passwordHash: hash('supervisor'), role: 'supervisor', queues: 'all' },
  ]);
}

describe('console: live audit on another supervisor’s screen, the monitor bar, the prompts embed', () => {
  let stack: Stack;
  let sup: Page;
  let ana: Page;
  let line: HeldLine;

  beforeAll(async () => {
    stack = await startStack({
      simulator: { scenario: 'small', trafficRate: 0 },
      gatewayEnv: { USERS: await usersEnv() },
    });
    const world = await stack.simulator.get<SimWorld>('/sim/world');
    line = controlledLine(world);
    sup = await newPage(stack.browser, { width: 1366, height: 768 });
    ana = await newPage(stack.browser, { width: 1366, height: 768 });
    await signIn(sup, stack.gateway.url, 'supervisor', 'supervisor', '/console');
    await signIn(ana, stack.gateway.url, 'ana', 'supervisor', '/console');
    for (const page of [sup, ana])
      await page
        .getByTestId('audit-live')
        .filter({ hasText: /^live$/ })
        .waitFor();
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function hold(from: string): Promise<Locator> {
    return promptCard(sup, await holdCall(stack.simulator, line, from), 3_000);
  }

  it('shows a supervisor’s action on another supervisor’s screen within 1 s, as a sentence', async () => {
    const card = await hold('5550100777');
    // The route's default destination is said before deciding.
    expect(await card.getByTestId('prompt-destination').textContent()).toMatch(
      /^\s*Default destination: queue /,
    );
    // Watch inside ana's page for the entry, so the time is the DOM change's, not a poll's.
    await ana.evaluate(() => {
      const w = window as unknown as { auditSeenAt?: number };
      delete w.auditSeenAt;
      const seen = () =>
        [...document.querySelectorAll('[data-testid="audit-entry"]')].some((row) =>
          row.textContent?.includes('5550100777'),
        );
      new MutationObserver((_changes, observer) => {
        if (!seen()) return;
        w.auditSeenAt = Date.now();
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const clickedAt = Date.now();
    await card.getByTestId('refuse').click();
    const seenAt = await ana
      .waitForFunction(() => (window as unknown as { auditSeenAt?: number }).auditSeenAt, undefined, {
        timeout: 5_000,
      })
      .then((handle) => handle.jsonValue() as Promise<number>);
    const delay = seenAt - clickedAt;
    console.log(
      `[console-live-audit] refuse clicked on supervisor's screen -> entry on ana's screen in ${delay} ms`,
    );
    expect(delay).toBeLessThan(AUDIT_BUDGET_MS);
    const row = ana.getByTestId('audit-entry').filter({ hasText: '5550100777' });
    expect(await row.textContent()).toContain(
      `supervisor refused 5550100777, held call on ${line.trunk} line`,
    );
    // Filterable: by person, then by text.
    await ana.getByTestId('audit-filter-action').selectOption('conference:kick');
    expect(await ana.getByTestId('audit-entry').filter({ hasText: '5550100777' }).count()).toBe(0);
    await ana.getByTestId('audit-filter-action').selectOption('');
    await ana.getByTestId('audit-filter-user').selectOption('supervisor');
    expect(await ana.getByTestId('audit-entry').filter({ hasText: '5550100777' }).count()).toBe(1);
    await ana.getByTestId('audit-filter-user').selectOption('');
    await ana.getByTestId('audit-filter-text').fill('5550100777');
    expect(await ana.getByTestId('audit-entry').count()).toBe(1);
    await ana.getByTestId('audit-filter-text').fill('');
  });

  it('shows the monitor bar while listening, switches to whisper and clears it on stop', async () => {
    const card = await hold('5550100888');
    await card.getByTestId('accept').click();
    // Every agent row has the buttons (rows keep their height); only an agent on a call can be listened to.
    const listen = sup.locator('[data-testid="listen"]:not([disabled])').first();
    await listen.waitFor({ state: 'visible', timeout: 30_000 });
    expect(await sup.getByTestId('monitor-extension').inputValue()).toBe('1009');
    await listen.click();
    const bar = sup.getByTestId('monitor-bar');
    await bar.waitFor({ state: 'visible', timeout: 3_000 });
    expect(await bar.textContent()).toMatch(/Listening to .+ from your extension 1009/);
    expect(await axeViolations(sup)).toEqual([]);
    await sup.getByTestId('monitor-mode-whisper').click();
    await expect.poll(() => bar.getAttribute('data-mode'), { timeout: 3_000 }).toBe('whisper');
    await sup.getByTestId('monitor-stop').click();
    await bar.waitFor({ state: 'detached', timeout: 3_000 });
    expect(await stack.simulator.operationCount('call/hangup')).toBe(2);
    // ana saw it all as sentences.
    await ana
      .getByTestId('audit-entry')
      .filter({ hasText: 'stopped monitoring' })
      .waitFor({ timeout: 2_000 });
    expect(await ana.getByTestId('audit-entry').filter({ hasText: 'whispered to' }).count()).toBe(1);
  });

  it('tells a supervisor without an extension of their own where to set one', async () => {
    expect(await ana.getByTestId('monitor-extension').inputValue()).toBe('');
    await ana.getByTestId('monitor-extension').fill('4999');
    await ana.getByTestId('monitor-extension').press('Enter');
    await expect
      .poll(() => ana.getByTestId('monitor-extension-error').textContent(), { timeout: 3_000 })
      .toContain('Extension 4999 does not exist on the PBX');
  });

  it('the prompts embed says calmly that no call waits', async () => {
    await sup.goto(`${stack.gateway.url}/embed/prompts`);
    await sup.getByTestId('no-prompts').waitFor({ timeout: 5_000 });
    expect((await sup.getByTestId('no-prompts').textContent())?.trim()).toBe(
      'No calls waiting for a decision.',
    );
    await expect.poll(() => sup.getByTestId('freshness').textContent(), { timeout: 3_000 }).toContain('live');
    expect(await sup.getByText('waiting for data').count()).toBe(0);
    expect(await axeViolations(sup)).toEqual([]);
  });
});
