import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { adminPbx } from '../support/gateway-api.js';
import type { SimWorld } from '../support/simulator-process.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';
import { controlledLine, holdCall, promptCard } from '../support/held-calls.js';

/** The fields of the PBX's queue/agent_status and block_numbers/list answers these tests read. */
interface AgentStatus {
  number: string;
  name: string;
  is_login: number;
  is_pause: number;
  pause_reason: string;
  max_threshold_for_pause_time: number;
}
interface BlockRule {
  id: number;
  name: string;
  number_list: string;
}

/** Whether the keyboard focus is inside the open confirmation dialog, and on which of its controls. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('[data-testid="confirm-dialog"]');
    const at = document.activeElement;
    return dialog !== null && at !== null && dialog.contains(at)
      ? (at.getAttribute('data-testid') ?? at.tagName)
      : null;
  });

/** With E2E_LOOK_DIR set, the dialogs and the undo are also saved there for a person to look at. */
const LOOK_DIR = process.env['E2E_LOOK_DIR'];

/**
 * The console's agent actions in Chromium against the simulator: pausing an agent with one of the PBX's
 * reasons and a length, then unpausing it, each seen in the simulator's own queue/agent_status; and a
 * refuse-and-block that asks first naming the number, then is undone, seen in the simulator's blocklist.
 */
describe('agent actions in the supervisor console', () => {
  let stack: Stack;
  let page: Page;
  let world: SimWorld;

  beforeAll(async () => {
    stack = await startStack({ simulator: { scenario: 'small', trafficRate: 0, holdWindowMs: 20_000 } });
    world = await stack.simulator.get<SimWorld>('/sim/world');
    page = await signedInPage(stack, { width: 1366, height: 768 }, 'supervisor', '/console');
  });

  afterAll(async () => {
    await stack?.close();
  });

  const queueId = () => world.queues[0]?.id ?? 1;
  /**
   * Asks the simulator (the PBX) through the admin's PBX route, which passes its answer on as it is: what
   * the console did must show there, not only in the gateway's own state.
   */
  const pbx = <T>(operation: string, body: Record<string, unknown>) =>
    adminPbx<T>(stack.gateway.url, stack.adminToken, operation, body);
  const agents = async () =>
    (await pbx<{ data: AgentStatus[] }>('queue/agent_status', { id: queueId() })).data;
  const statusOf = async (number: string) => (await agents()).find((a) => a.number === number);
  const look = async (name: string) => {
    if (!LOOK_DIR) return;
    mkdirSync(LOOK_DIR, { recursive: true });
    await page.screenshot({ path: join(LOOK_DIR, `${name}.png`), animations: 'disabled', caret: 'hide' });
  };

  it('pauses an agent with a PBX reason and a length, and unpauses it; the simulator shows both', async () => {
    const { queue_list } = await pbx<{ queue_list: { dynamic_agent_list?: { text2: string }[] }[] }>(
      'queue/list',
      {},
    );
    const dynamic = new Set((queue_list[0]?.dynamic_agent_list ?? []).map((a) => a.text2));
    const agent = (await agents()).find((a) => dynamic.has(a.number) && a.is_login === 1 && a.is_pause === 0);
    if (!agent) throw new Error('the small scenario has no logged-in, unpaused dynamic agent');
    const row = page.locator(`[data-testid="agent-row"][data-agent-number="${agent.number}"]`);
    await row.waitFor();
    const heightBefore = (await row.boundingBox())?.height;

    await row.getByTestId('agent-pause').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect.poll(() => dialog.textContent()).toContain(`Pause ${agent.name} (${agent.number})`);
    const reasons = dialog.getByTestId('pause-reason');
    await expect
      .poll(() => reasons.locator('option').allTextContents())
      .toEqual(['No reason', 'Lunch', 'Break', 'Training', 'Meeting']);
    // Focus moved into the dialog (it is created open) and Tab keeps it there.
    await expect.poll(() => focusInDialog(page)).toBe('cancel');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).not.toBeNull();
    await reasons.selectOption({ label: 'Break' });
    await dialog.getByTestId('pause-duration').selectOption({ label: '15 minutes' });
    expect(await axeViolations(page)).toEqual([]);
    await look('agent-pause-dialog');
    await dialog.getByTestId('confirm').click();

    await expect
      .poll(async () => {
        const status = await statusOf(agent.number);
        return [status?.is_pause, status?.pause_reason, status?.max_threshold_for_pause_time];
      })
      .toEqual([1, 'Break', 900]);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 5_000 }).toBe('paused');
    expect(await row.textContent()).toContain('(Break)');
    // The row shows Unpause where Pause was, at the same height.
    expect((await row.boundingBox())?.height).toBe(heightBefore);

    await row.getByTestId('agent-unpause').click();
    await expect.poll(async () => (await statusOf(agent.number))?.is_pause).toBe(0);
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 5_000 }).not.toBe('paused');
    expect(await page.getByTestId('agent-action-status').textContent()).toContain(
      `${agent.name} (${agent.number}): Unpaused`,
    );
  });

  it('asks before Log out, naming the agent, and does nothing on Cancel', async () => {
    const row: Locator = page
      .locator('[data-testid="agent-row"]:has([data-testid="agent-logout"]:enabled)')
      .first();
    const number = await row.getAttribute('data-agent-number');
    const before = await stack.simulator.operationCount('agent/login');
    await row.getByTestId('agent-logout').click();
    const dialog = page.getByTestId('confirm-dialog');
    expect(await dialog.textContent()).toContain(`(${number})?`);
    await expect.poll(() => focusInDialog(page)).toBe('cancel');
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog(page)).toBe('confirm');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await stack.simulator.operationCount('agent/login')).toBe(before);
    // Focus is back on the button that opened the dialog.
    expect(
      await row.getByTestId('agent-logout').evaluate((button) => button === document.activeElement),
    ).toBe(true);
  });

  it('asks before refusing and blocking, naming the number; Undo deletes the rule the block created', async () => {
    const from = '5550883';
    const card = await promptCard(page, await holdCall(stack.simulator, controlledLine(world), from));
    const rules = async () =>
      (await pbx<{ data: BlockRule[] }>('block_numbers/list', { page_size: 1000 })).data.filter(
        (r) => r.number_list === from,
      );

    await card.getByTestId('block').click();
    const dialog = page.getByTestId('confirm-dialog');
    expect(await dialog.textContent()).toContain(`Refuse and block ${from}?`);
    await expect.poll(() => focusInDialog(page)).toBe('cancel');
    expect(await card.getAttribute('data-status')).toBe('pending');
    expect(await axeViolations(page)).toEqual([]);
    await look('block-confirm-dialog');
    await dialog.getByTestId('confirm').click();

    await expect.poll(() => card.getAttribute('data-status')).toBe('refused');
    await expect.poll(async () => (await rules()).length).toBe(1);
    // Named in words an administrator recognises in the PBX's blocklist.
    expect((await rules())[0]?.name).toBe(`Blocked from Switchboard: ${from}`);
    const undo = card.getByTestId('undo-block');
    await undo.waitFor();
    await look('block-undo');
    await undo.click();
    await expect.poll(async () => (await rules()).length).toBe(0);
    await expect
      .poll(() => card.getByTestId('prompt-outcome').textContent())
      .toContain('block undone by supervisor');
    expect(await card.getByTestId('undo-block').count()).toBe(0);
  });
});
