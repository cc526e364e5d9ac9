import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from './repo-paths.js';

/** Flags that keep Debian's Chromium quiet and offline in a container (no sandbox, no GPU, no updates). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches the system Chromium with a fresh temporary profile (playwright's default), never a download. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
}

/** A new page in its own context (own storage), at a given size, with bounded default waits. */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  return context.newPage();
}
