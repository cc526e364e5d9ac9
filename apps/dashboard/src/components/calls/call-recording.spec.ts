import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callDetail } from '../../../test/support/fake-calls-gateway.js';
import { freshStores } from '../../../test/support/setup.js';
import CallRecording from './CallRecording.vue';

describe('CallRecording', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("renews a paused player's link before it expires, so a later Play or seek just works", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { pinia } = freshStores();
    let tickets = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              ok: true,
              data: { url: `/rec?ticket=t${++tickets}`, expiresAt: Date.now() + 60_000 },
            }),
          ),
      ),
    );
    const wrapper = mount(CallRecording, { props: { call: callDetail() }, global: { plugins: [pinia] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(wrapper.get('audio').attributes('src')).toBe('/rec?ticket=t1');
    // 15 s before expiry the paused player gets a fresh link.
    await vi.advanceTimersByTimeAsync(44_000);
    expect(wrapper.get('audio').attributes('src')).toBe('/rec?ticket=t1');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(wrapper.get('audio').attributes('src')).toBe('/rec?ticket=t2');
    wrapper.unmount();
  });
});
