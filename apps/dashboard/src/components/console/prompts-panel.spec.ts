import { fail, ok } from '@switchboard/live-protocol';
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectedWithCalls } from '../../../test/support/console-setup.js';
import { sessionInfo } from '../../../test/support/fake-socket.js';
import { health, heldCall } from '../../../test/support/fixtures.js';
import { useClockStore } from '../../stores/clock.store.js';
import { useStreamsStore } from '../../stores/streams.store.js';
import PromptsPanel from './PromptsPanel.vue';

// Every component a test mounts is unmounted after it.
enableAutoUnmount(afterEach);

async function panel(...args: Parameters<typeof connectedWithCalls>) {
  const { socket, pinia } = await connectedWithCalls(...args);
  socket.handle('inbound:decide', ({ callId, decision }) =>
    ok(heldCall(callId, { status: decision === 'accept' ? 'accepted' : 'refused', decidedBy: 'sup1' })),
  );
  const wrapper = mount(PromptsPanel, { global: { plugins: [pinia] }, attachTo: document.body });
  await flushPromises();
  return { socket, wrapper };
}

function press(key: string, target: EventTarget = document.body): void {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
}

describe('PromptsPanel', () => {
  afterEach(() => {
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
    await vi.advanceTimersByTimeAsync(5000);
    expect(seconds()).toBe('1');
    // At the deadline (the gateway's) the PBX accepts the call: the card says so, no frame needed.
    await vi.advanceTimersByTimeAsync(1000);
    expect(wrapper.find('[data-testid="countdown"]').exists()).toBe(false);
    expect(wrapper.get('[data-call-id="c1"]').attributes('data-status')).toBe('auto_accepted');
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

  it('decides the focused call with R; B asks first, naming the number, and blocks only when confirmed', async () => {
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
    const dialog = () => wrapper.find('[data-testid="confirm-dialog"]');
    expect(dialog().text()).toContain('Refuse and block +33612345678?');
    expect(socket.sentOf('inbound:decide')).toEqual([{ callId: 'second', decision: 'refuse' }]);
    // The decision keys do nothing while the question is open.
    press('a');
    await flushPromises();
    expect(socket.sentOf('inbound:decide')).toHaveLength(1);
    await dialog().get('[data-testid="cancel"]').trigger('click');
    expect(socket.sentOf('inbound:decide')).toHaveLength(1);
    await wrapper.get('[data-call-id="first"] [data-testid="block"]').trigger('click');
    await dialog().get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(socket.sentOf('inbound:decide')).toEqual([
      { callId: 'second', decision: 'refuse' },
      { callId: 'first', decision: 'refuse_and_block' },
    ]);
  });

  it('offers Undo on its own block for the undo window only, and sends it', async () => {
    vi.useFakeTimers();
    const now = Date.now();
    const blocked = {
      status: 'refused',
      blocked: true,
      decidedAt: now,
      blockUndoUntil: now + 10_000,
    } as const;
    const { socket, wrapper } = await panel([
      heldCall('mine', { ...blocked, decidedBy: 'sup1' }),
      heldCall('theirs', { ...blocked, decidedBy: 'sup2', receivedAt: now + 1 }),
    ]);
    socket.handle('inbound:unblock', ({ callId }) =>
      callId === 'mine'
        ? ok(heldCall('mine', { status: 'refused', blocked: false, unblockedBy: 'sup1' }))
        : fail('forbidden', 'no'),
    );
    const stop = useClockStore().use();
    const undo = () => wrapper.find('[data-call-id="mine"] [data-testid="undo-block"]');
    expect(undo().text()).toBe('Undo block 10 s');
    expect(wrapper.find('[data-call-id="theirs"] [data-testid="undo-block"]').exists()).toBe(false);
    await undo().trigger('click');
    await flushPromises();
    expect(socket.sentOf('inbound:unblock')).toEqual([{ callId: 'mine' }]);
    expect(wrapper.get('[data-testid="prompt-announcer"]').text()).toContain('Block undone: +33612345678');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(undo().exists()).toBe(false);
    stop();
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
    socket.delta('inbound', { upsert: [heldCall('c5', { from: '+4915112345' })], remove: [] }, 2);
    await flushPromises();
    const live = wrapper.get('[data-testid="prompt-announcer"]');
    expect(live.attributes('aria-live')).toBe('assertive');
    expect(live.text()).toContain('Incoming call from +4915112345');
  });

  describe('while held calls cannot be seen', () => {
    async function withHealth(
      overrides: Parameters<typeof health>[0],
      calls = [] as ReturnType<typeof heldCall>[],
    ) {
      const opened = await panel(calls);
      useStreamsStore().want(['health']);
      await flushPromises();
      opened.socket.snapshot('health', health(overrides));
      await flushPromises();
      return opened;
    }

    it('says so while the PBX link is down, never "no call is waiting"', async () => {
      const since = new Date(2026, 10, 24, 14, 2, 11).getTime();
      const { wrapper } = await withHealth({ pbx: 'down', pbxSince: since, eventStream: 'reconnecting' });
      expect(wrapper.find('[data-testid="no-prompts"]').exists()).toBe(false);
      const notice = wrapper.get('[data-testid="prompts-unavailable"]').text();
      expect(notice).toContain('Held calls cannot be shown right now: the PBX link is down since 14:02:11.');
      expect(notice).toContain('The PBX accepts them automatically after its 10 s hold window');
    });

    it('says so while the PBX event stream is not open', async () => {
      const { wrapper } = await withHealth({ pbx: 'degraded', eventStream: 'reconnecting' });
      expect(wrapper.get('[data-testid="prompts-unavailable"]').text()).toContain(
        'the PBX event stream is interrupted',
      );
      expect(wrapper.find('[data-testid="no-prompts"]').exists()).toBe(false);
    });

    it('says so while the gateway link is down, and goes back to normal once all is well', async () => {
      const { socket, wrapper } = await withHealth({});
      expect(wrapper.find('[data-testid="prompts-unavailable"]').exists()).toBe(false);
      expect(wrapper.find('[data-testid="no-prompts"]').exists()).toBe(true);
      socket.drop();
      await flushPromises();
      expect(wrapper.get('[data-testid="prompts-unavailable"]').text()).toContain(
        'the connection to the gateway is lost',
      );
    });

    it('lists the calls accepted unseen meanwhile, with why, like other settled prompts', async () => {
      const now = Date.now();
      const { socket, wrapper } = await withHealth({ pbx: 'down' });
      socket.snapshot('health', health(), 2);
      socket.delta(
        'inbound',
        {
          upsert: [
            heldCall('u1', {
              receivedAt: now - 300_000,
              deadline: now - 290_000,
              status: 'auto_accepted',
              unseenReason: 'Accepted automatically while the PBX link was down',
            }),
          ],
          remove: [],
        },
        2,
      );
      await flushPromises();
      const card = wrapper.get('[data-call-id="u1"]');
      expect(card.attributes('data-status')).toBe('auto_accepted');
      expect(card.attributes('data-unseen')).toBe('true');
      expect(card.get('[data-testid="prompt-outcome"]').text()).toBe(
        'Accepted automatically while the PBX link was down',
      );
      expect(wrapper.find('[data-testid="prompts-unavailable"]').exists()).toBe(false);
    });
  });

  it('keeps live prompts above settled ones, settled ones on one line, and gives each route’s default destination', async () => {
    const now = Date.now();
    const { wrapper } = await panel([
      heldCall('done', {
        receivedAt: now - 5_000,
        status: 'accepted',
        decidedBy: 'ana',
        decidedAt: now - 4_000,
        defaultDestination: 'queue Sales (6400)',
      }),
      heldCall('live', { receivedAt: now, defaultDestination: 'queue Support (6401)' }),
    ]);
    const order = wrapper
      .findAll('[data-testid="prompt-card"]')
      .map((card) => card.attributes('data-call-id'));
    expect(order).toEqual(['live', 'done']);
    const live = wrapper.get('[data-testid="live-prompts"] [data-call-id="live"]');
    expect(live.get('[data-testid="prompt-destination"]').text()).toBe(
      'Default destination: queue Support (6401)',
    );
    // Never worded as where the call will go: a time condition of the route may send it elsewhere.
    expect(live.get('[data-testid="prompt-destination"]').attributes('title')).toContain('Time conditions');
    expect(live.find('[data-testid="accept"]').exists()).toBe(true);
    const done = wrapper.get('[data-testid="settled-prompts"] [data-call-id="done"]');
    expect(done.classes()).toContain('compact');
    expect(done.find('[data-testid="prompt-destination"]').exists()).toBe(false);
    expect(done.find('[data-testid="countdown"]').exists()).toBe(false);
    expect(done.get('[data-testid="prompt-outcome"]').text()).toContain('ana');
  });

  it('says so when the gateway cannot tell the route’s default destination', async () => {
    const { wrapper } = await panel([heldCall('c1')]);
    expect(wrapper.get('[data-testid="prompt-destination"]').text()).toBe(
      'Default destination: not known yet (inbound routes not read)',
    );
  });
});
