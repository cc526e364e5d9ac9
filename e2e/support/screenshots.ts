import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './repo-paths.js';

/** Saves a viewport screenshot as docs/screenshots/<name>.png (shown in the dashboard README); returns the path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // Caret and running animations would make repeated runs differ for no reason.
  await page.screenshot({ path, animations: 'disabled', caret: 'hide', timeout: 30_000 });
  return path;
}

/** The four screens every page must fit without sideways scroll: laptop, desktop, 4K, tablet portrait. */
export const SCREEN_SIZES = [
  [1366, 768],
  [1920, 1080],
  [3840, 2160],
  [768, 1024],
] as const;
