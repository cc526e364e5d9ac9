import { mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { freshStores } from '../../test/support/setup.js';
import { QUIET_WAIT_MS } from '../lib/self-reload.js';
import { useConnectionStore } from '../stores/connection.store.js';
import { pageReload, useSelfUpdate } from './use-self-update.js';

function mountWith(quiet: () => boolean) {
  const { pinia } = freshStores();
  const Probe = defineComponent({
    setup() {
      useSelfUpdate(quiet);
      return () => h('div');
    },
  });
  const wrapper = mount(Probe, { global: { plugins: [pinia] } });
  return { wrapper, connection: useConnectionStore() };
}

describe('useSelfUpdate', () => {
  let reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    reload = vi.fn();
    vi.spyOn(pageReload, 'reload').mockImplementation(reload);
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('reloads a board at the first quiet second once the gateway serves another build', async () => {
    let quiet = false;
    const { wrapper, connection } = mountWith(() => quiet);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reload).not.toHaveBeenCalled();
    connection.updateWanted = { reason: 'build', target: 'b-new' };
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reload).not.toHaveBeenCalled();
    quiet = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    wrapper.unmount();
  });

  it('reloads after a minute at the latest, and only once for the same target', async () => {
    const first = mountWith(() => false);
    first.connection.updateWanted = { reason: 'protocol', target: '3:b-9' };
    await vi.advanceTimersByTimeAsync(QUIET_WAIT_MS + 1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    first.wrapper.unmount();
    // The reloaded page still differs (a deploy gone wrong): it does not reload again.
    const second = mountWith(() => true);
    second.connection.updateWanted = { reason: 'protocol', target: '3:b-9' };
    await vi.advanceTimersByTimeAsync(QUIET_WAIT_MS * 2);
    expect(reload).toHaveBeenCalledTimes(1);
    second.wrapper.unmount();
  });
});
