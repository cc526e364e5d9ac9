import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/screenshots.js';
import type { SimWorld } from '../support/simulator-process.js';
import { signedInPage, type Stack, startStack } from '../support/stack.js';
import { waitFor } from '../../tools/harness/vitest-wait.mjs';
import { controlledLine, type HeldLine, holdCall, promptCard } from '../support/held-calls.js';

/** Short, so the "nobody decided" case ends quickly; long enough to click. Simulator and gateway agree. */
const HOLD_WINDOW_MS = 4_000;

describe('held-call prompts in the supervisor console', () => {
  let stack: Stack;
  let page: Page;
  let nextCaller = 0;
  let heldRoute: HeldLine;
  let callers: { number: string; name: string; contact: boolean }[];

  beforeAll(async () => {
    // No generated traffic: the only held calls are the ones the tests place.
    stack = await startStack({
      simulator: { scenario: 'small', trafficRate: 0, holdWindowMs: HOLD_WINDOW_MS },
      gatewayEnv: { PBX_HOLD_WINDOW_MS: String(HOLD_WINDOW_MS) },
    });
    const world = await stack.simulator.get<SimWorld>('/sim/world');
    heldRoute = controlledLine(world);
    callers = world.callers;
    page = await signedInPage(stack, { width: 1440, height: 900 }, 'supervisor', '/console');
    await page.getByTestId('prompts-panel').waitFor();
  });

  afterAll(async () => {
    await stack?.close();
  });

  /** Holds a new inbound call on the PBX (event 30016) and returns the prompt card the console shows for it. */
  async function newPrompt(
    from = callers[nextCaller++ % callers.length]?.number ?? '5550100',
  ): Promise<Locator> {
    const card = await promptCard(page, await holdCall(stack.simulator, heldRoute, from), 2_000);
    expect(await card.getAttribute('data-status')).toBe('pending');
    return card;
  }

  const countOf = (operation: string) => stack.simulator.operationCount(operation);

  /**
   * The gateway indexes the PBX phonebook in the background shortly after it starts (no request while a call
   * waits), so prompts name known callers only once that is done: wait until its reads have stopped.
   */
  async function phonebookIndexed(): Promise<void> {
    let last = -1;
    let unchangedSince = Date.now();
    await waitFor(
      async () => {
        const reads = await countOf('company_contact/query');
        if (reads !== last) [last, unchangedSince] = [reads, Date.now()];
        return reads > 0 && Date.now() - unchangedSince >= 1_000;
      },
      'the gateway to finish reading the phonebook',
      15_000,
      200,
    );
  }

  it('stacks two waiting calls in arrival order (screenshot, taken first so they are on top)', async () => {
    // Two callers from the company's contact book, so the prompts show who is calling.
    await phonebookIndexed();
    const known = callers.filter((c) => c.contact && c.name !== '').slice(0, 2);
    expect(known).toHaveLength(2);
    const first = await newPrompt(known[0]?.number);
    const second = await newPrompt(known[1]?.number);
    for (const [card, caller] of [
      [first, known[0]],
      [second, known[1]],
    ] as const) {
      await expect.poll(() => card.textContent(), { timeout: 2_000 }).toContain(caller?.name);
    }
    const order = await page
      .locator('[data-testid="prompt-card"][data-status="pending"]')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-call-id')));
    expect(order).toEqual([
      await first.getAttribute('data-call-id'),
      await second.getAttribute('data-call-id'),
    ]);
    await saveScreenshot(page, 'console-prompts');
    // Both were still open when the picture was taken.
    expect(await first.getAttribute('data-status')).toBe('pending');
    expect(await second.getAttribute('data-status')).toBe('pending');
    // Settle both now, so the next tests start with no open prompt.
    for (const card of [first, second]) {
      await card.getByTestId('refuse').click();
      await expect.poll(() => card.getAttribute('data-status'), { timeout: 3_000 }).toBe('refused');
    }
  });

  /**
   * Clicks `button` on a new prompt: the card ends `status` and names who decided (`outcome`), and the PBX
   * got exactly one `operation`. Answers the card.
   */
  async function decideOnNewPrompt(
    button: 'accept' | 'refuse',
    status: string,
    outcome: string,
    operation: string,
  ): Promise<Locator> {
    const before = await countOf(operation);
    const card = await newPrompt();
    await card.getByTestId(button).click();
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 3_000 }).toBe(status);
    expect(await card.getByTestId('prompt-outcome').textContent()).toContain(outcome);
    await expect.poll(() => countOf(operation), { timeout: 3_000 }).toBe(before + 1);
    return card;
  }

  it('Accept reaches the PBX and the card shows who accepted', async () => {
    const card = await decideOnNewPrompt(
      'accept',
      'accepted',
      'Accepted by supervisor',
      'call/accept_inbound',
    );
    expect(await card.getByTestId('accept').count()).toBe(0);
  });

  it('Refuse reaches the PBX and the card shows who refused', async () => {
    await decideOnNewPrompt('refuse', 'refused', 'Refused by supervisor', 'call/refuse_inbound');
  });

  it('a prompt nobody answers ends as accepted automatically by the PBX', async () => {
    const accepts = await countOf('call/accept_inbound');
    const refusals = await countOf('call/refuse_inbound');
    const card = await newPrompt();
    await expect
      .poll(() => card.getAttribute('data-status'), { timeout: HOLD_WINDOW_MS + 4_000 })
      .toBe('auto_accepted');
    expect(await card.getByTestId('prompt-outcome').textContent()).toContain(
      'Accepted automatically by the PBX',
    );
    // Nobody decided: the gateway sent no decision of its own.
    expect(await countOf('call/accept_inbound')).toBe(accepts);
    expect(await countOf('call/refuse_inbound')).toBe(refusals);
  });

  it('the A key accepts the oldest open prompt', async () => {
    const before = await countOf('call/accept_inbound');
    const card = await newPrompt();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('a');
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 3_000 }).toBe('accepted');
    await expect.poll(() => countOf('call/accept_inbound'), { timeout: 3_000 }).toBe(before + 1);
  });
});
