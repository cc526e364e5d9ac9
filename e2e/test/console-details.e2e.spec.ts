import type { CallSearchAnswer } from '@switchboard/live-protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { adminPbx, signInApi } from '../support/gateway-api.js';
import type { SimWorld } from '../support/simulator-process.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';
import { requestJson } from '../../tools/harness/http.mjs';
import { controlledLine, holdCall, promptCard } from '../support/held-calls.js';

/** Long enough to take screenshots of settled prompts before they go. */
const HOLD_WINDOW_MS = 20_000;

/** Where the keyboard focus is: the data-testid (else id, else tag) of the active element. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const at = document.activeElement;
    return at ? (at.getAttribute('data-testid') ?? (at.id || at.tagName)) : null;
  });
/** Whether the keyboard focus is inside the open confirmation dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('[data-testid="confirm-dialog"]');
    return dialog !== null && dialog.contains(document.activeElement);
  });

/**
 * The smaller things a supervisor notices, in Chromium against the simulator: Listen and Barge without an
 * extension ask for it at "My extension" (no banner) and the barge dialog holds the focus; ringing desk-phone
 * rows keep one height; "Just decided" lines are never clipped; the queue embed names its queue.
 */
describe('console details', () => {
  let stack: Stack;
  let page: Page;
  let world: SimWorld;

  beforeAll(async () => {
    stack = await startStack({
      // Quick simulated time: calls started by the traffic end within seconds.
      simulator: { scenario: 'small', trafficRate: 0, holdWindowMs: HOLD_WINDOW_MS, speed: 10 },
      gatewayEnv: { PBX_HOLD_WINDOW_MS: String(HOLD_WINDOW_MS) },
    });
    world = await stack.simulator.get<SimWorld>('/sim/world');
    // The demo supervisor has no extension in its profile.
    page = await signedInPage(stack, { width: 1366, height: 768 }, 'supervisor', '/console');
    await page.getByTestId('prompts-panel').waitFor();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('Listen and Barge without an extension ask for it at "My extension", focused, with no banner', async () => {
    const hint = page.getByTestId('monitor-extension-hint');
    expect(await hint.textContent()).toBe('rings when you listen · none set');

    // Traffic until the test ends: agents on calls (the listen buttons work only then), and finished calls of
    // every length for the Calls page below.
    await stack.simulator.post('/sim/traffic', { rate: 100 });
    const enabled = (mode: string) =>
      page.locator(`[data-testid="agent-row"][data-state="on_call"] [data-testid="${mode}"]:enabled`).first();
    await enabled('listen').click({ timeout: 30_000 });
    const needed = page.getByTestId('monitor-extension-needed');
    await needed.waitFor();
    expect(await needed.textContent()).toContain('To listen, type your desk phone’s extension here');
    expect(await needed.getAttribute('role')).toBe('alert');
    await expect.poll(() => focused(page)).toBe('monitor-extension');
    expect(await page.getByTestId('monitor-error').count()).toBe(0);
    expect(await page.getByTestId('monitor-bar').count()).toBe(0);
    // The hint stands next to the field, in the header: not over the page.
    const field = await page.getByTestId('monitor-extension-field').boundingBox();
    const header = await page.locator('header.console-header').boundingBox();
    expect(field && header && field.y >= header.y && field.y + field.height <= header.y + header.height).toBe(
      true,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Barge asks first: the dialog takes the focus and keeps it; confirmed, the field asks again.
    await enabled('barge').click({ timeout: 30_000 });
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.waitFor();
    await expect.poll(() => focusInDialog(page)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByTestId('confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => needed.textContent()).toContain('To barge in, type');
    await expect.poll(() => focused(page)).toBe('monitor-extension');
    expect(await page.getByTestId('monitor-error').count()).toBe(0);
    await stack.simulator.post('/sim/traffic', { rate: 0 });
  }, 60_000);

  it('lists calls by start time, the latest first, on every page and on the Calls page', async () => {
    // The traffic above ended calls of every length. The simulated clock runs ahead: a window of three days.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = { from: `${day(-1)}T00:00:00`, to: `${day(1)}T23:59:59` };
    const token = await signInApi(stack.gateway.url, 'supervisor', 'supervisor');
    const search = async (query: string) => {
      const answer = await requestJson(
        `${stack.gateway.url}/api/calls?from=${range.from}&to=${range.to}&${query}`,
        { token, timeoutMs: 30_000 },
      );
      return (answer as { body: { data: CallSearchAnswer } }).body.data;
    };
    await expect
      .poll(async () => (await search('pageSize=1')).total, { timeout: 30_000 })
      .toBeGreaterThan(60);

    // The PBX lists calls as they end, so its order is not the start order (else this would prove nothing).
    const pbxOrder = await adminPbx<{ data: { timestamp: number }[] }>(
      stack.gateway.url,
      stack.adminToken,
      'cdr/search',
      {
        start_time: String(Math.floor(Date.parse(`${range.from}Z`) / 1000)),
        end_time: String(Math.floor(Date.parse(`${range.to}Z`) / 1000)),
      },
    );
    const pbxStarts = pbxOrder.data.map((record) => record.timestamp);
    expect(pbxStarts.some((start, i) => i > 0 && start > (pbxStarts[i - 1] ?? 0))).toBe(true);

    // Calls still ringing when the traffic stopped end while we page, and each is inserted by its start: two
    // pages are one list only when the total did not change between and after reading them.
    let calls: CallSearchAnswer['calls'] = [];
    await expect
      .poll(
        async () => {
          const pages = [await search('pageSize=30&page=1'), await search('pageSize=30&page=2')];
          const after = await search('pageSize=1');
          calls = pages.flatMap((page) => page.calls);
          return pages.every((page) => page.total === after.total);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    expect(calls).toHaveLength(60);
    const starts = calls.map((call) => call.startedAt ?? 0);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(new Set(calls.map((call) => call.id)).size).toBe(60);

    await page.goto(`${stack.gateway.url}/console/calls`);
    await page.getByTestId('call-from').fill(range.from);
    await page.getByTestId('call-to').fill(range.to);
    await page.getByTestId('call-search-submit').click();
    const rows = page.getByTestId('call-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(5);
    // Rows in screen order, each with the start second its id carries and the time it shows.
    const shown = await rows.evaluateAll((items) =>
      items
        .map((row) => ({
          y: row.getBoundingClientRect().y,
          start: Number(row.getAttribute('data-call-id')?.split('-')[0]),
        }))
        .sort((a, b) => a.y - b.y)
        .map((row) => row.start),
    );
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    // (Calls still ending since may have joined at the top.)
    expect(shown[0]).toBeGreaterThanOrEqual(Math.floor((starts[0] ?? 0) / 1000));
    await page.goto(`${stack.gateway.url}/console`);
    await page.getByTestId('prompts-panel').waitFor();
  }, 90_000);

  it('ringing desk-phone rows all have one height', async () => {
    const agentNumbers = await page
      .locator('[data-testid="agent-row"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-agent-number')));
    const named = agentNumbers.filter((n): n is string => !!n).slice(0, 3);
    // Agents (named from the queues) and extensions the console has no name for.
    const extensions = [...named, '1998', '1999'];
    for (const [i, extension] of extensions.entries()) {
      const msg = {
        operation: 'call_start',
        extension,
        call_id: `9${i}`,
        ip_address: `10.9.8.${i + 1}:5060`,
      };
      await stack.simulator.post('/sim/events', { type: 30020, msg });
    }
    const rows = page.getByTestId('uacsta-call');
    // (The traffic above may have left a desk phone of its own ringing.)
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBeGreaterThanOrEqual(extensions.length);
    for (const width of [1366, 768]) {
      await page.setViewportSize({ width, height: width === 768 ? 1024 : 768 });
      const heights = await rows.evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().height),
      );
      expect(new Set(heights).size, `row heights at ${width}px: ${heights.join(', ')}`).toBe(1);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('"Just decided" lines are never clipped mid-word, and carry their full text', async () => {
    const line = controlledLine(world);
    const callers = world.callers.filter((c) => c.contact).slice(0, 3);
    for (const [i, caller] of callers.entries()) {
      const card = await promptCard(page, await holdCall(stack.simulator, line, caller.number));
      await card.getByTestId(i === 0 ? 'accept' : 'refuse').click();
    }
    const settled = page.locator('[data-testid="settled-prompts"] [data-testid="prompt-card"]');
    // (Calls the traffic above held and the PBX accepted may be among them.)
    await expect.poll(() => settled.count(), { timeout: 5_000 }).toBeGreaterThanOrEqual(callers.length);
    for (const width of [1366, 768]) {
      await page.setViewportSize({ width, height: width === 768 ? 1024 : 768 });
      const lines = await settled.locator('p.caller, p.outcome').evaluateAll((items) =>
        items.map((p) => {
          // Clipped: cut by its own box, or running past the panel that holds it.
          const panel = p.closest('[data-testid="prompts-panel"]')?.getBoundingClientRect();
          const box = p.getBoundingClientRect();
          return {
            text: (p.textContent ?? '').replace(/\s+/g, ''),
            title: (p.getAttribute('title') ?? '').replace(/\s+/g, ''),
            clipped: p.scrollWidth > p.clientWidth + 1 || !panel || box.right > panel.right + 0.5,
          };
        }),
      );
      expect(lines.length).toBeGreaterThanOrEqual(2 * callers.length);
      for (const line of lines) {
        expect(line.clipped, `"${line.text}" is clipped at ${width}px`).toBe(false);
        expect(line.title, `"${line.text}" carries its full text`).toBe(line.text);
      }
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it('the queue embed names its queue on screen', async () => {
    const queue = world.queues[0];
    if (!queue) throw new Error('the small scenario has no queue');
    // Same tab: the session signed in above carries over.
    await page.goto(`${stack.gateway.url}/embed/queue/${queue.id}`);
    const title = page.getByTestId('embed-queue-name');
    await title.waitFor();
    expect((await title.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`${queue.name} ${queue.number}`);
    expect(await title.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });
});
