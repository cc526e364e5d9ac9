import { createMemoryHistory, createRouter } from 'vue-router';
import { describe, expect, it } from 'vitest';
import { guard, roleGuard } from './create-router.js';
import { routes } from './routes.js';
import { safeRedirect } from './safe-redirect.js';

const router = createRouter({ history: createMemoryHistory(), routes });
const at = (path: string) => router.resolve(path);

describe('guard', () => {
  it('lets a signed-in person into the console and sends others to sign in', () => {
    expect(guard(at('/console'), true)).toBe(true);
    expect(guard(at('/console'), false)).toEqual({ name: 'login', query: { redirect: '/console' } });
  });

  it('lets a wallboard in with a session or a display link', () => {
    expect(guard(at('/wallboard?display=abc'), false)).toBe(true);
    expect(guard(at('/wallboard'), true)).toBe(true);
    expect(guard(at('/wallboard?display='), false)).toEqual({
      name: 'login',
      query: { redirect: '/wallboard?display=' },
    });
  });

  it('never redirects embeds (they sign in inside the frame)', () => {
    expect(guard(at('/embed/prompts'), false)).toBe(true);
    expect(guard(at('/embed/queue/3'), false)).toBe(true);
  });

  it('routes only numeric queue ids to embeds', () => {
    expect(at('/embed/queue/3').name).toBe('embed-queue');
    expect(at('/embed/queue/abc').name).toBe('not-found');
  });
});

describe('roleGuard', () => {
  it('lets only admins into the display links screen and tells the others why', () => {
    const links = at('/console/display-links');
    expect(links.name).toBe('display-links');
    expect(roleGuard(links, 'admin')).toBe(true);
    for (const role of ['supervisor', 'viewer', null] as const)
      expect(roleGuard(links, role)).toEqual({
        name: 'not-allowed',
        query: { from: '/console/display-links', need: 'admin' },
      });
    expect(guard(links, false)).toEqual({ name: 'login', query: { redirect: '/console/display-links' } });
  });

  it('asks nothing of pages without a role', () => {
    expect(roleGuard(at('/console'), 'viewer')).toBe(true);
    expect(roleGuard(at('/console'), null)).toBe(true);
  });
});

describe('safeRedirect', () => {
  it('follows paths of this app only', () => {
    expect(safeRedirect('/wallboard?queues=1', '/console')).toBe('/wallboard?queues=1');
    expect(safeRedirect('//evil.example/x', '/console')).toBe('/console');
    expect(safeRedirect('https://evil.example', '/console')).toBe('/console');
    expect(safeRedirect('/\\evil.example', '/console')).toBe('/console');
    expect(safeRedirect(undefined, '/console')).toBe('/console');
  });
});
