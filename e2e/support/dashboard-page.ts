import type { Locator, Page } from 'playwright-core';
import type { SimulatorProcess } from './simulator-process.js';

/** Signs in through the login page and lands on `target` (a path such as `/wallboard?queues=1`). */
export async function signIn(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  target: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(target)}`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  const path = target.split('?')[0] ?? target;
  await page.waitForURL((url) => url.pathname === path);
}

/**
 * Runs the simulator's traffic at its highest rate until `page` shows a conference with two members or more
 * (sessions open about every 40 simulated minutes at the normal rate: at this rate one opens within seconds
 * and fills up), then stops the traffic, so its members stay (for minutes) until kicked. Answers the
 * conference cards that have two members or more.
 */
export async function fillConference(simulator: SimulatorProcess, page: Page): Promise<Locator> {
  await simulator.post('/sim/traffic', { rate: 1_000 });
  const room = page.locator('[data-testid="conference"]', {
    has: page.locator('[data-testid="conference-member"]').nth(1),
  });
  try {
    await room.first().waitFor({ timeout: 30_000 });
  } finally {
    await simulator.post('/sim/traffic', { rate: 0 });
  }
  return room;
}

/** The extension numbers of the agent cards on the wallboard, sorted. */
export async function cardNumbers(page: Page): Promise<string[]> {
  const numbers = await page
    .getByTestId('agent-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-agent-number') ?? ''));
  return numbers.sort();
}

/** Selector of one agent's card. */
export const agentCard = (number: string) => `[data-testid="agent-card"][data-agent-number="${number}"]`;

let watchers = 0;

/**
 * Starts watching, inside the page, for the agent card of `number` to show `state`; the returned function
 * resolves with the browser's wall-clock time (Date.now(), same clock as the test's) of the DOM change.
 * Arming first and triggering afterwards makes the measurement exact to the mutation, not to a poll.
 */
export async function armStateWatch(
  page: Page,
  number: string,
  state: string,
  timeoutMs: number,
): Promise<() => Promise<number>> {
  const key = `w${++watchers}`;
  await page.evaluate(
    ({ key, selector, state, timeoutMs }) => {
      const store = ((
        window as unknown as { __e2eWatches?: Record<string, Promise<number>> }
      ).__e2eWatches ??= {});
      store[key] = new Promise<number>((resolve, reject) => {
        const matches = () => document.querySelector(selector)?.getAttribute('data-state') === state;
        if (matches()) {
          reject(new Error(`${selector} already shows ${state}: nothing to measure`));
          return;
        }
        const observer = new MutationObserver(() => {
          if (!matches()) return;
          const at = Date.now();
          observer.disconnect();
          clearTimeout(timer);
          resolve(at);
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`${selector} did not show ${state} within ${timeoutMs} ms`));
        }, timeoutMs);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
    },
    { key, selector: agentCard(number), state, timeoutMs },
  );
  return () =>
    page.evaluate(
      (key) => (window as unknown as { __e2eWatches: Record<string, Promise<number>> }).__e2eWatches[key],
      key,
    ) as Promise<number>;
}
