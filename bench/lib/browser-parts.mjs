// What the parts measured in Chromium (6 and 7) share: the browser they drive, and when they cannot run.
import { existsSync } from 'node:fs';
import { naRow } from './report.mjs';
import { PATHS } from './services.mjs';

/** The Chromium the browser parts drive: BENCH_CHROMIUM, or Debian's. */
export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

/** The rows of browser part `part` when it cannot run here (no dashboard build or no Chromium); else none. */
export function browserPartUnavailable(part, title) {
  if (!existsSync(`${PATHS.dashboard}/index.html`))
    return [naRow(part, title, 'apps/dashboard/dist is not built')];
  if (!existsSync(CHROMIUM))
    return [naRow(part, title, 'no Chromium at /usr/bin/chromium (set BENCH_CHROMIUM)')];
  return undefined;
}
