import { ok } from '@switchboard/live-protocol';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, vi } from 'vitest';
import { createMemoryHistory, type Router } from 'vue-router';
import App from '../../src/App.vue';
import { createAppRouter } from '../../src/router/create-router.js';
import type { FakeSocket } from './fake-socket.js';
import { grantingStores } from './setup.js';

// Every app a test mounted, taken down after the test by freshAppPageEachTest.
const mountedApps = new Set<VueWrapper>();

/**
 * Each test of the calling spec starts with empty session and local storage, and after it every app it mounted
 * is unmounted and every stubbed global (fetch, timers' clocks) restored.
 */
export function freshAppPageEachTest(): void {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    for (const wrapper of mountedApps) wrapper.unmount();
    mountedApps.clear();
    vi.unstubAllGlobals();
  });
}

/**
 * An open queue's agent table reads today's figures per agent over REST (agent-figures store), and the console
 * its open alerts: answered here with an empty day and no alerts, so a test that does not care sends nothing to a gateway that is not there. Every other
 * request goes to the fetch in place (a test's own stub, set before or after, wins).
 */
function answerAgentFigures(): void {
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    // The console's alerts list, read every 5 s: none open.
    if (String(input) === '/api/incidents')
      return Promise.resolve(new Response(JSON.stringify(ok({ open: [], recent: [] }))));
    const match = /^\/api\/queues\/(\d+)\/agents$/.exec(String(input));
    if (!match) return inner(input, init);
    const data = { queueId: Number(match[1]), dayStart: 0, timeZone: 'UTC', agents: [] };
    return Promise.resolve(new Response(JSON.stringify(ok(data))));
  });
}

/** The whole app at `path`, on a memory history, with a fake socket that grants every subscription. */
export async function mountApp(
  path: string,
): Promise<{ wrapper: VueWrapper; router: Router; socket: FakeSocket }> {
  const { socket, pinia } = grantingStores();
  socket.handle('unsubscribe', ({ streams }) => ok({ streams }));
  socket.handle('audit:recent', () => ok([]));
  answerAgentFigures();
  const router = createAppRouter(createMemoryHistory());
  await router.push(path);
  await router.isReady();
  const wrapper = mount(App, { global: { plugins: [pinia, router] }, attachTo: document.body });
  mountedApps.add(wrapper);
  await flushPromises();
  return { wrapper, router, socket };
}
