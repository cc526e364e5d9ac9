// The dashboard in Chromium (playwright-core, /usr/bin/chromium), driven by the bench over IPC: load a
// wallboard in a fresh context and time it to N agent cards; weigh the JS and CSS it loaded (gzip); keep a
// soak page open and read its long tasks and JS heap. Its own process: Chromium is this process's child.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serveRpc } from '../lib/rpc.mjs';

const CARD = '[data-testid="agent-card"]';
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
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  return browser;
}

async function newPage() {
  const context = await (await launch()).newContext({ viewport: { width: 1920, height: 1080 } });
  const page = await context.newPage();
  await page.addInitScript(installLongTaskObserver);
  return { context, page };
}

/** Waits for `count` agent cards; answers ms since navigation start (the page's own clock). */
async function timeToCards(page, count, timeoutMs) {
  const handle = await page
    .waitForFunction(
      ({ selector, wanted }) =>
        document.querySelectorAll(selector).length >= wanted ? performance.now() : false,
      { selector: CARD, wanted: count },
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

  /** Fresh context (empty cache): navigation -> `count` agent cards, and the JS/CSS the page loaded. */
  async loadBoard({ url, count, timeoutMs = 20_000 }) {
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
      const cards = await page.locator(CARD).count();
      const files = (await Promise.all(pending)).filter(Boolean);
      return { ms, cards, ...weigh(files), paths: files.map((f) => f.path) };
    } finally {
      await context.close();
    }
  },

  /** Opens the soak page and waits for its board. */
  async openSoak({ url, count, timeoutMs = 30_000 }) {
    soak = await newPage();
    await soak.page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    const ms = await timeToCards(soak.page, count, timeoutMs);
    soak.cdp = await soak.context.newCDPSession(soak.page);
    return { ms, cards: await soak.page.locator(CARD).count() };
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

  /** JS heap in use after a full GC (CDP), and how many agent cards are on screen. */
  async heap() {
    await soak.cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await soak.cdp.send('Runtime.getHeapUsage');
    return { used: usedSize, cards: await soak.page.locator(CARD).count() };
  },

  async close() {
    await browser?.close();
    browser = undefined;
    return {};
  },
});
