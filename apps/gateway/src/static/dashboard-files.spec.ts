import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bundledDashboardDir,
  cacheControlFor,
  dashboardBuildId,
  dashboardSource,
  isClientRoute,
  isServerPath,
} from './dashboard-files.js';

describe('dashboardSource', () => {
  const has =
    (...files: string[]) =>
    (path: string) =>
      files.includes(path);

  it('serves DASHBOARD_DIR when it holds a build', () => {
    expect(dashboardSource('/srv/ui', '/app/dashboard/dist', has('/srv/ui/index.html'))).toEqual({
      kind: 'configured',
      dir: '/srv/ui',
    });
  });

  it('refuses a DASHBOARD_DIR without index.html, even when the bundled build exists', () => {
    expect(() =>
      dashboardSource('/srv/none', '/app/dashboard/dist', has('/app/dashboard/dist/index.html')),
    ).toThrow('DASHBOARD_DIR must be a dashboard build with an index.html, but /srv/none has none');
  });

  it('falls back to the bundled build, else to none', () => {
    expect(dashboardSource(null, '/app/d', has('/app/d/index.html'))).toEqual({
      kind: 'bundled',
      dir: '/app/d',
    });
    expect(dashboardSource(null, '/app/d', has())).toEqual({ kind: 'none', looked: '/app/d' });
  });

  it('finds the bundled build at apps/dashboard/dist', () => {
    expect(bundledDashboardDir()).toBe(join(import.meta.dirname, '..', '..', '..', 'dashboard', 'dist'));
  });
});

describe('isClientRoute', () => {
  it('takes GET and HEAD of app routes', () => {
    expect(isClientRoute('GET', '/console', undefined)).toBe(true);
    expect(isClientRoute('HEAD', '/embed/queue/4', '*/*')).toBe(true);
    expect(isClientRoute('POST', '/console', 'text/html')).toBe(false);
  });

  it('leaves missing files to a 404 unless a browser navigates to them', () => {
    expect(isClientRoute('GET', '/assets/x-1234.js', '*/*')).toBe(false);
    expect(isClientRoute('GET', '/a.b/page.html', 'text/html')).toBe(true);
  });

  it('never takes the gateway paths, in any case', () => {
    for (const path of ['/api', '/api/x', '/API/x', '/socket.io/', '/healthz', '/readyz/a', '/metrics'])
      expect(isClientRoute('GET', path, 'text/html'), path).toBe(false);
    expect(isServerPath('/apiary')).toBe(false);
    expect(isServerPath('/metricsboard')).toBe(false);
  });
});

describe('cacheControlFor', () => {
  it('caches only hashed assets for good', () => {
    expect(cacheControlFor('/d', '/d/assets/index-Ab12.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/d', '/d/index.html')).toBe('no-cache');
    expect(cacheControlFor('/d', '/d/assets-old/x.js')).toBe('no-cache');
  });
});

describe('dashboardBuildId', () => {
  const html = (head: string) => (file: string) =>
    file === '/d/index.html' ? `<!doctype html><html><head>${head}</head></html>` : null;

  it('reads the build id the dashboard build wrote into its index.html', () => {
    expect(dashboardBuildId('/d', html('<meta name="switchboard-build" content="b-4f2a9c">'))).toBe(
      'b-4f2a9c',
    );
  });

  it('is empty without a served build, without the tag, or with a tag that is not an id', () => {
    expect(dashboardBuildId(null, html('<meta name="switchboard-build" content="b-1">'))).toBe('');
    expect(dashboardBuildId('/d', html('<title>x</title>'))).toBe('');
    expect(dashboardBuildId('/d', html('<meta name="switchboard-build" content="<script>">'))).toBe('');
    expect(dashboardBuildId('/elsewhere', html('<meta name="switchboard-build" content="b-1">'))).toBe('');
  });
});
