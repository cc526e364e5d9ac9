import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from '../support/browser.js';
import { createDisplayToken, queueAgents } from '../support/gateway-api.js';
import { intranetPage, startHostPage, type HostPage } from '../support/host-page.js';
import { saveScreenshot } from '../support/screenshots.js';
import { startStack, type Stack } from '../support/stack.js';

/** The stress scenario's first queues, watched by the gateway; the boards use as many as make ~200 agents. */
const WATCHED_QUEUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
const TARGET_AGENTS = 200;

describe('screenshots of the wallboard and an embed', () => {
  let stack: Stack;
  let allowedSite: HostPage;
  let otherSite: HostPage;
  let queues: number[];
  let agentCount: number;
  let displayToken: string;
  /** A display link to every watched queue. */
  let allToken: string;

  beforeAll(async () => {
    allowedSite = await startHostPage();
    otherSite = await startHostPage();
    stack = await startStack({
      simulator: { scenario: 'stress' },
      gatewayEnv: {
        QUEUES: WATCHED_QUEUES.join(','),
        POLL_QUEUES_MS: '1000',
        // Fourteen queues' first polls and the admin look-ups below would otherwise queue for the budget.
        PBX_MAX_REQUESTS_PER_SECOND: '100',
        FRAME_ANCESTORS: allowedSite.origin,
        ALLOWED_ORIGINS: allowedSite.origin,
      },
    });
    // As many queues as it takes to reach about 200 distinct agents (agents may serve several queues).
    const seen = new Set<string>();
    queues = [];
    for (const queue of WATCHED_QUEUES) {
      if (seen.size >= TARGET_AGENTS - 10) break;
      for (const agent of await queueAgents(stack.gateway.url, stack.adminToken, queue))
        seen.add(agent.number);
      queues.push(queue);
    }
    agentCount = seen.size;
    displayToken = await createDisplayToken(stack.gateway.url, stack.adminToken, queues);
    allToken = await createDisplayToken(stack.gateway.url, stack.adminToken, WATCHED_QUEUES);
  });

  afterAll(async () => {
    await stack?.close();
    await allowedSite?.close();
    await otherSite?.close();
  });

  /** Opens the display link board at a screen size and waits until every agent is on it and fresh. */
  async function board(width: number, height: number): Promise<Page> {
    const page = await newPage(stack.browser, { width, height });
    await page.goto(
      `${stack.gateway.url}/wallboard?display=${encodeURIComponent(displayToken)}&queues=${queues.join(',')}`,
    );
    await page.getByTestId('all-queues-board').waitFor({ timeout: 15_000 });
    await page.getByTestId('agent-card').first().waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('freshness').getAttribute('data-stale'), { timeout: 10_000 })
      .toBe('false');
    return page;
  }

  /** Whether every agent card lies inside the viewport: the board must fit the screen without scrolling. */
  const allCardsVisible = (page: Page) =>
    page.evaluate(() => {
      const cards = [...document.querySelectorAll('[data-testid="agent-card"]')];
      const scrolls = document.documentElement.scrollHeight > window.innerHeight + 1;
      // Agents that do not fit at the legible size are paged, never shrunk (dashboard README).
      const perPage = Number(
        document.querySelector('[data-testid="agent-grid"]')?.getAttribute('data-per-page'),
      );
      const outside = cards.filter((card) => {
        const box = card.getBoundingClientRect();
        return box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1 || box.height < 8;
      });
      return { cards: cards.length, perPage, outside: outside.length, scrolls };
    });

  /** The board at `width`x`height` pages its agents with every card on screen; saved as `screenshot`. */
  async function expectPagedWithoutScrolling(
    width: number,
    height: number,
    screenshot: string,
  ): Promise<void> {
    const page = await board(width, height);
    const shown = await allCardsVisible(page);
    // The first pages hold only the exceptions, so a page may be short of perPage; it is never over it.
    expect(shown.cards).toBeGreaterThan(0);
    expect(shown.cards).toBeLessThanOrEqual(shown.perPage);
    expect({ outside: shown.outside, scrolls: shown.scrolls }).toEqual({ outside: 0, scrolls: false });
    expect(shown.perPage).toBeLessThan(agentCount);
    await saveScreenshot(page, screenshot);
    await page.context().close();
  }

  it(`pages ~${TARGET_AGENTS} agents on a 1920x1080 screen without scrolling`, async () => {
    expect(agentCount).toBeGreaterThanOrEqual(TARGET_AGENTS - 10);
    await expectPagedWithoutScrolling(1920, 1080, 'wallboard-1080p');
  });

  it(`pages ~${TARGET_AGENTS} agents on a 3840x2160 screen without scrolling`, async () => {
    await expectPagedWithoutScrolling(3840, 2160, 'wallboard-4k');
  });

  it('pages fourteen queues on a TV so the agents keep their room, with nothing off the screen', async () => {
    const page = await newPage(stack.browser, { width: 1920, height: 1080 });
    const all = WATCHED_QUEUES.join(',');
    await page.goto(`${stack.gateway.url}/wallboard?display=${encodeURIComponent(allToken)}&queues=${all}`);
    await page.getByTestId('all-queues-board').waitFor({ timeout: 15_000 });
    const note = page.getByTestId('queue-page');
    await note.waitFor({ timeout: 15_000 });
    // The page size follows the room the agents take, so it is read once the agent cards are in.
    await page.getByTestId('agent-card').first().waitFor({ timeout: 15_000 });
    const paging = async () => ({
      pages: Number(await note.getAttribute('data-pages')),
      rows: await page.getByTestId('queue-row').count(),
      text: (await note.textContent()) ?? '',
    });
    // The note and the rows are read together: after a relayout they must agree again.
    await expect
      .poll(async () => {
        const now = await paging();
        return now.text.includes(`Queues 1–${now.rows} of ${WATCHED_QUEUES.length}`);
      })
      .toBe(true);
    const { pages, rows } = await paging();
    expect(pages).toBeGreaterThan(1);
    expect(rows).toBeLessThan(WATCHED_QUEUES.length);
    const offScreen = await page.evaluate(
      () =>
        [
          ...document.querySelectorAll(
            '[data-testid="queue-row"], [data-testid="agent-card"], [data-testid="queue-page"]',
          ),
        ].filter((element) => {
          const box = element.getBoundingClientRect();
          return box.bottom > window.innerHeight + 1 || box.right > window.innerWidth + 1;
        }).length,
    );
    expect(offScreen).toBe(0);
    await saveScreenshot(page, 'wallboard-14-queues');
    await page.context().close();
  });

  it('says so when an agent grid has no room for one card, and keeps no hidden card on the page', async () => {
    // An agents embed squeezed into a strip of an intranet page.
    const page = await newPage(stack.browser, { width: 900, height: 40 });
    await page.goto(
      `${stack.gateway.url}/embed/agents/${queues[0]}?display=${encodeURIComponent(displayToken)}`,
    );
    const note = page.getByTestId('agents-no-room');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.textContent()).toMatch(/^\s*\d+ agents: no room for their cards/);
    // Cards clipped out of sight would still cost the page every state change.
    expect(await page.getByTestId('agent-card').count()).toBe(0);
    await page.context().close();
  });

  it('embeds one queue in an iframe of an allowed origin, and not of any other', async () => {
    const src = `${stack.gateway.url}/embed/queue/${queues[0]}?display=${encodeURIComponent(displayToken)}&theme=light`;
    allowedSite.setHtml(intranetPage('Intranet · Sales team', src));
    otherSite.setHtml(intranetPage('Some other site', src));

    const page = await newPage(stack.browser, { width: 1280, height: 480 });
    await page.goto(`${allowedSite.origin}/`);
    const frame = page.frameLocator('#board');
    await frame.getByTestId('embed').waitFor({ timeout: 15_000 });
    await frame.getByTestId('tile-waiting').waitFor();
    await expect.poll(() => frame.getByTestId('tile-waiting').getAttribute('data-stale')).toBe('false');
    await saveScreenshot(page, 'embed-queue');

    // FRAME_ANCESTORS does not list this origin: Chromium refuses to render the board in its frame.
    const other = await newPage(stack.browser, { width: 1280, height: 480 });
    await other.goto(`${otherSite.origin}/`);
    await expect
      .poll(
        () =>
          other
            .frames()
            .find((f) => f !== other.mainFrame())
            ?.url(),
        { timeout: 5_000 },
      )
      .toMatch(/^chrome-error:/);
    expect(await other.frameLocator('#board').getByTestId('embed').count()).toBe(0);
    await page.context().close();
    await other.context().close();
  });
});
