import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueRow } from '../../../test/support/fixtures.js';
import { freshStores } from '../../../test/support/setup.js';
import AllQueuesBoard from './AllQueuesBoard.vue';

describe('AllQueuesBoard ordering', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: new Date(2026, 10, 24, 9, 0, 0) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts the queue the gateway judged critical on top at once, and keeps calm queues in their order', async () => {
    const { pinia } = freshStores();
    // Queue 3 is critical (8 waiting); queues 1 and 2 are calm, 2 busier than 1 but within limits.
    const rows = [queueRow(1, 0), queueRow(2, 2), queueRow(3, 8)];
    const wrapper = mount(AllQueuesBoard, { props: { rows, now: Date.now() }, global: { plugins: [pinia] } });
    const order = () =>
      wrapper.findAll('[data-testid="queue-row"]').map((r) => r.attributes('data-queue-id'));
    await flushPromises();
    expect(order()).toEqual(['3', '1', '2']);
    await vi.advanceTimersByTimeAsync(11_000);
    await flushPromises();
    expect(order()).toEqual(['3', '1', '2']);
    wrapper.unmount();
  });
});
