// The dashboard in Chromium (playwright-core, /usr/bin/chromium), driven by the bench over IPC: load a
// wallboard in a fresh context and time it to N agent cards; weigh the JS and CSS it loaded (gzip); keep a
// soak page open and read its long tasks and JS heap. Its own process: Chromium is this process's child.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveRpc } from '../lib/rpc.mjs';

const CARD = '[data-testid="agent-card"]';
const GRID = '[data-testid="agent-grid"]';
let browser;
let soak;

/** Collects PerformanceObserver 'longtask' entries from the first moment of the page. */
function installLongTaskObserver() {
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__benchLongTasks = null;
  }
}

async function launch() {
  browser ??= await chromium.launch({
    executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    // gc() and exact performance.memory in the page: the soak's heap is read in the same task as its GC.
    args: [
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--js-flags=--expose-gc',
      '--enable-precise-memory-info',
    ],
  });
  return browser;
}

async function newPage() {
  const context = await (await launch()).newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.addInitScript(installLongTaskObserver);
  return { context, page };
}

/**
 * Waits for `count` agent cards, or for the first page of them when the board pages its agents (it never
 * shrinks them below the legible size for its viewing distance); answers ms since navigation start (the
 * page's own clock).
 */
async function timeToCards(page, count, timeoutMs) {
  const handle = await page
    .waitForFunction(
      ({ selector, grid, wanted }) => {
        const pages = Number(document.querySelector(grid)?.dataset.pages ?? 1);
        const need = pages > 1 ? 1 : wanted;
        return document.querySelectorAll(selector).length >= need ? performance.now() : false;
      },
      { selector: CARD, grid: GRID, wanted: count },
      { timeout: timeoutMs, polling: 'raf' },
    )
    .catch(async (error) => {
      const cards = await page
        .locator(CARD)
        .count()
        .catch(() => '?');
      const text = await page
        .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 300))
        .catch(() => '');
      throw new Error(
        `${cards} of ${count} agent cards after ${timeoutMs} ms at ${page.url()}: "${text}" (${error.message.split('\n')[0]})`,
      );
    });
  return handle.jsonValue();
}

/** Waits for `selector` in the page; answers ms since navigation start (the page's own clock). */
async function timeToSelector(page, selector, timeoutMs) {
  const handle = await page.waitForFunction(
    (wanted) => (document.querySelector(wanted) ? performance.now() : false),
    selector,
    { timeout: timeoutMs, polling: 'raf' },
  );
  return handle.jsonValue();
}

function weigh(files) {
  const sum = (list) => ({
    files: list.length,
    raw: list.reduce((s, f) => s + f.raw, 0),
    gzip: list.reduce((s, f) => s + f.gzip, 0),
  });
  return { js: sum(files.filter((f) => f.kind === 'js')), css: sum(files.filter((f) => f.kind === 'css')) };
}

serveRpc({
  async launch() {
    const b = await launch();
    return { version: b.version() };
  },

  /**
   * Fresh context (empty cache): navigation -> `count` agent cards, and the JS/CSS the page loaded; with
   * `waitSelector`, also until that element is there (a part of the board loaded on demand) before weighing.
   */
  async loadBoard({ url, count, timeoutMs = 20_000, waitSelector }) {
    const { context, page } = await newPage();
    const pending = [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      const kind = path.endsWith('.js') ? 'js' : path.endsWith('.css') ? 'css' : null;
      if (!kind || response.status() !== 200) return;
      pending.push(
        response.body().then(
          (body) => ({ path, kind, raw: body.length, gzip: gzipSync(body).length }),
          () => null,
        ),
      );
    });
    try {
      await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
      const ms = await timeToCards(page, count, timeoutMs);
      const readyMs = waitSelector ? await timeToSelector(page, waitSelector, timeoutMs) : ms;
      const cards = await page.locator(CARD).count();
      const pages = Number((await page.locator(GRID).getAttribute('data-pages')) ?? 1);
      const files = (await Promise.all(pending)).filter(Boolean);
      return { ms, readyMs, cards, pages, ...weigh(files), paths: files.map((f) => f.path) };
    } finally {
      await context.close();
    }
  },

  /** Opens the soak page (closing one opened before) and waits for its board (and `waitSelector`). */
  async openSoak({ url, count, timeoutMs = 30_000, waitSelector }) {
    await soak?.context.close();
    soak = await newPage();
    await soak.page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const ms = await timeToCards(soak.page, count, timeoutMs);
    if (waitSelector) await timeToSelector(soak.page, waitSelector, timeoutMs);
    soak.cdp = await soak.context.newCDPSession(soak.page);
    return { ms, cards: await soak.page.locator(CARD).count() };
  },

  /** Dispatches an event of `type` on the soak page's document (`visibilitychange`: the interval chart refreshes). */
  async pageEvent({ type }) {
    await soak.page.evaluate((name) => document.dispatchEvent(new Event(name)), type);
    return {};
  },

  /** Long tasks since the last call (count, total and longest duration, ms). */
  async longTasks() {
    const tasks = await soak.page.evaluate(() => {
      const list = window.__benchLongTasks;
      if (list === null) return null;
      window.__benchLongTasks = [];
      return list;
    });
    if (tasks === null) throw new Error('this Chromium has no longtask PerformanceObserver');
    return {
      count: tasks.length,
      total: tasks.reduce((s, t) => s + t.duration, 0),
      longest: tasks.reduce((m, t) => Math.max(m, t.duration), 0),
    };
  },

  /** Starts the CPU profiler of the soak page (CDP), when the bench profiles (BENCH_PROFILE_DIR). */
  async profileStart() {
    await soak.cdp.send('Profiler.enable');
    await soak.cdp.send('Profiler.start');
    return {};
  },

  /** Stops the soak page's profiler and writes the .cpuprofile to `file`. */
  async profileStop({ file }) {
    const { profile } = await soak.cdp.send('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    return { file };
  },

  /**
   * JS heap in use right after a full GC, and how many agent cards are on screen. The GC and the read run
   * in one task of the page: read in a later CDP call (HeapProfiler.collectGarbage, then
   * Runtime.getHeapUsage), the figure also counted whatever the busy page allocated between the two calls,
   * up to several MB (three such reads in a row: 12.9, 13.9 and 9.1 MB; in one task: 8.09, 8.10, 8.11 MB).
   */
  async heap() {
    const used = await soak.page.evaluate(() => {
      if (typeof globalThis.gc !== 'function') return null;
      globalThis.gc();
      return performance.memory.usedJSHeapSize;
    });
    if (used === null) throw new Error('this Chromium did not expose gc() (--js-flags=--expose-gc)');
    return { used, cards: await soak.page.locator(CARD).count() };
  },

  async close() {
    await browser?.close();
    browser = undefined;
    return {};
  },
});
