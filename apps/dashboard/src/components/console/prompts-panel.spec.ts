import { fail, ok } from '@switchboard/live-protocol';
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedWithCalls } from '../../../test/support/console-setup.js';
import { sessionInfo } from '../../../test/support/fake-socket.js';
import { heldCall } from '../../../test/support/fixtures.js';
import { useClockStore } from '../../stores/clock.store.js';
import PromptsPanel from './PromptsPanel.vue';

let wrapper: VueWrapper | undefined;

async function panel(...args: Parameters<typeof connectedWithCalls>) {
  const { socket, pinia } = await connectedWithCalls(...args);
  socket.handle('inbound:decide', ({ callId, decision }) =>
    ok(heldCall(callId, { status: decision === 'accept' ? 'accepted' : 'refused', decidedBy: 'sup1' })),
  );
  wrapper = mount(PromptsPanel, { global: { plugins: [pinia] }, attachTo: document.body });
  await flushPromises();
  return { socket, wrapper };
}

function press(key: string, target: EventTarget = document.body): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
}

describe('PromptsPanel', () => {
  afterEach(() => {
    wrapper?.unmount();
    wrapper = undefined;
    vi.useRealTimers();
  });

  it('counts down to the PBX deadline on the gateway clock, whatever this screen’s clock says', async () => {
    vi.useFakeTimers();
    const gatewayAhead = 3000;
    const gatewayNow = Date.now() + gatewayAhead;
    const { wrapper } = await panel(
      [heldCall('c1', { receivedAt: gatewayNow, deadline: gatewayNow + 10_000 })],
      sessionInfo(),
      gatewayAhead,
    );
    const stop = useClockStore().use();
    const seconds = () => wrapper.get('[data-testid="countdown"]').attributes('data-seconds');
    expect(seconds()).toBe('10');
    await vi.advanceTimersByTimeAsync(4000);
    expect(seconds()).toBe('6');
    await vi.advanceTimersByTimeAsync(6000);
    expect(seconds()).toBe('0');
    stop();
  });

  it('documents the shortcuts and decides the oldest open call with A', async () => {
    const now = Date.now();
    const { socket, wrapper } = await panel([
      heldCall('newer', { receivedAt: now + 5 }),
      heldCall('older', { receivedAt: now }),
    ]);
    expect(wrapper.get('[data-testid="shortcut-help"]').text()).toContain('A accept');
    press('a');
    await flushPromises();
    expect(socket.sentOf('inbound:decide')).toEqual([{ callId: 'older', decision: 'accept' }]);
  });

  it('decides the focused call with R and B', async () => {
    const now = Date.now();
    const { socket, wrapper } = await panel([
      heldCall('first', { receivedAt: now }),
      heldCall('second', { receivedAt: now + 1 }),
    ]);
    const second = wrapper.get('[data-call-id="second"]').element as HTMLElement;
    second.focus();
    press('R', second);
    await flushPromises();
    press('b');
    await flushPromises();
    expect(socket.sentOf('inbound:decide')).toEqual([
      { callId: 'second', decision: 'refuse' },
      { callId: 'first', decision: 'refuse_and_block' },
    ]);
  });

  it('ignores the keys while typing, with modifiers and on key repeat', async () => {
    const { socket } = await panel([heldCall('c1')]);
    const input = document.createElement('input');
    document.body.appendChild(input);
    press('a', input);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', repeat: true, bubbles: true }));
    await flushPromises();
    expect(socket.sentOf('inbound:decide')).toEqual([]);
    input.remove();
  });

  it('gives viewers neither buttons nor shortcuts', async () => {
    const { socket, wrapper } = await panel([heldCall('c1')], sessionInfo({ role: 'viewer' }));
    expect(wrapper.findAll('button')).toHaveLength(0);
    expect(wrapper.find('[data-testid="shortcut-help"]').exists()).toBe(false);
    press('a');
    await flushPromises();
    expect(socket.sentOf('inbound:decide')).toEqual([]);
  });

  it('shows the outcome in place of the buttons, and a conflict as an error', async () => {
    const { socket, wrapper } = await panel([heldCall('c1'), heldCall('c2', { receivedAt: Date.now() + 1 })]);
    await wrapper.get('[data-call-id="c1"] [data-testid="accept"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-call-id="c1"]').attributes('data-status')).toBe('accepted');
    expect(wrapper.get('[data-call-id="c1"] [data-testid="prompt-outcome"]').text()).toBe('Accepted by sup1');
    socket.handle('inbound:decide', () => fail('conflict', 'Already refused by sup2.'));
    await wrapper.get('[data-call-id="c2"] [data-testid="refuse"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-call-id="c2"] [data-testid="prompt-error"]').text()).toBe(
      'Already refused by sup2.',
    );
  });

  it('announces a new call to screen readers', async () => {
    const { socket, wrapper } = await panel([]);
    socket.fire('delta', {
      stream: 'inbound',
      kind: 'inbound',
      seq: 2,
      patch: { upsert: [heldCall('c5', { from: '+4915112345' })], remove: [] },
    });
    await flushPromises();
    const live = wrapper.get('[data-testid="prompt-announcer"]');
    expect(live.attributes('aria-live')).toBe('assertive');
    expect(live.text()).toContain('Incoming call from +4915112345');
  });
});
