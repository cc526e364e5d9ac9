import { existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Paths the gateway itself answers: never a dashboard page, whatever the route says. */
export const SERVER_PATH_PREFIXES = ['/api', '/socket.io', '/healthz', '/readyz', '/metrics'] as const;

/** Hashed build output lives here; its names change with their content, so it may be cached for good. */
const HASHED_ASSETS_DIR = 'assets';

/** Cache-Control of a dashboard file: hashed assets forever, everything else revalidated on every load. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/**
 * The dashboard build next to the gateway build: `apps/gateway/dist/static/` (or `src/static/` under the
 * test runner) is three levels below `apps/`, so both resolve to `apps/dashboard/dist`, in the repo and
 * in the container image alike.
 */
export function bundledDashboardDir(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../../dashboard/dist');
}

/** Which dashboard build to serve, if any. */
export type DashboardSource =
  { kind: 'configured'; dir: string } | { kind: 'bundled'; dir: string } | { kind: 'none'; looked: string };

/**
 * DASHBOARD_DIR wins and must hold a build (a wrong path is an error, not a silent API-only gateway);
 * otherwise the bundled build is served when it exists.
 */
export function dashboardSource(
  configured: string | null,
  bundled: string,
  exists: (path: string) => boolean = existsSync,
): DashboardSource {
  if (configured !== null) {
    const dir = resolve(configured);
    if (!exists(join(dir, 'index.html')))
      throw new Error(`DASHBOARD_DIR must be a dashboard build with an index.html, but ${dir} has none`);
    return { kind: 'configured', dir };
  }
  return exists(join(bundled, 'index.html'))
    ? { kind: 'bundled', dir: bundled }
    : { kind: 'none', looked: bundled };
}

/** True for a path the gateway answers itself (exactly a prefix, or below it). */
export function isServerPath(path: string): boolean {
  // Routes match case-insensitively, so /API/x is the API's too.
  const lower = path.toLowerCase();
  return SERVER_PATH_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/**
 * Whether an unanswered request is a client-side route of the single-page app, to be given index.html:
 * a GET or HEAD outside the gateway's own paths, for a path without a file extension (`/console`,
 * `/embed/queue/3`) or from a browser navigating (Accept: text/html). A missing `/assets/x.js` is a 404.
 */
export function isClientRoute(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (isServerPath(path)) return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (accept ?? '').includes('text/html');
}

/** The Cache-Control for a file served from `dir`. */
export function cacheControlFor(dir: string, file: string): string {
  return file.startsWith(`${join(dir, HASHED_ASSETS_DIR)}${sep}`) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/** The meta tag naming a dashboard build in its index.html (written by the dashboard's Vite config). */
const BUILD_META = /<meta\s+name="switchboard-build"\s+content="([\w.-]{1,64})"/;

/**
 * The build id of the dashboard in `dir`, from its index.html, or '' when there is none (no build served,
 * a dev server, a build without the tag): screens then never reload for a build change.
 */
export function dashboardBuildId(dir: string | null, read: (file: string) => string | null): string {
  if (dir === null) return '';
  return BUILD_META.exec(read(join(dir, 'index.html')) ?? '')?.[1] ?? '';
}
