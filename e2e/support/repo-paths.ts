import { fileURLToPath } from 'node:url';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

/** Build outputs the tests run (`npx nx run-many -t build -p pbx-simulator gateway dashboard` first). */
export const SIMULATOR_MAIN = root('apps/pbx-simulator/dist/main.js');
export const GATEWAY_MAIN = root('apps/gateway/dist/main.js');
export const DASHBOARD_DIST = root('apps/dashboard/dist');

/** Where the screenshots for the dashboard README are written. */
export const SCREENSHOT_DIR = root('docs/screenshots');

/** Debian's Chromium; playwright-core drives it (browsers are never downloaded here). */
export const CHROMIUM = '/usr/bin/chromium';
