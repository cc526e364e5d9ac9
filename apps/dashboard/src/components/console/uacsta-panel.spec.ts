import { ok, type UacstaCallView } from '@switchboard/live-protocol';
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { agent, health, queueView } from '../../../test/support/fixtures.js';
import { flush, sessionInfo } from '../../../test/support/fake-socket.js';
import { grantingStores } from '../../../test/support/setup.js';
import { useConnectionStore } from '../../stores/connection.store.js';
import { useStreamsStore } from '../../stores/streams.store.js';
import UacstaPanel from './UacstaPanel.vue';

// Every component a test mounts is unmounted after it.
enableAutoUnmount(afterEach);

const call = (
  extension: string,
  state: UacstaCallView['state'],
  callId = `u${extension}`,
): UacstaCallView => ({
  key: `${extension}:${callId}`,
  extension,
  callId,
  state,
  since: Date.now() - 5_000,
});

async function panel(calls: UacstaCallView[]) {
  const { socket, pinia } = grantingStores();
  useConnectionStore().start('t');
  socket.open(sessionInfo());
  useStreamsStore().want(['health', 'uacsta', 'queue:1']);
  await flush();
  socket.snapshot('health', health());
  socket.snapshot('queue:1', queueView(1, { agents: [agent('1001', 'ringing', { name: 'Ines Bauer' })] }));
  socket.snapshot('uacsta', calls);
  const wrapper = mount(UacstaPanel, { global: { plugins: [pinia] } });
  await flushPromises();
  return { socket, wrapper };
}

describe('UacstaPanel', () => {
  it('lists only ringing desk phones, by agent name, each with a refuse button', async () => {
    const { socket, wrapper } = await panel([
      call('1001', 'ringing'),
      call('1002', 'answered'),
      call('1099', 'ringing'),
    ]);
    const rows = wrapper.findAll('[data-testid="uacsta-call"]');
    expect(rows.map((row) => row.attributes('data-state'))).toEqual(['ringing', 'ringing']);
    expect(rows[0]?.get('strong').text()).toBe('Ines Bauer');
    expect(rows[0]?.text()).toContain('1001');
    expect(rows[1]?.text()).toContain('Extension 1099');
    // A name too long for the panel is cut, so the row says it in full to hover.
    expect(rows.map((row) => row.get('.who').attributes('title'))).toEqual([
      'Ines Bauer (1001)',
      'Extension 1099',
    ]);
    expect(rows[0]?.get('[data-testid="refuse-uacsta"]').attributes('aria-label')).toBe(
      'Refuse the call ringing on Ines Bauer’s desk phone',
    );
    socket.handle('uacsta:refuse', () => ok({ refused: true }));
    await rows[0]?.get('[data-testid="refuse-uacsta"]').trigger('click');
    expect(socket.sentOf('uacsta:refuse')).toEqual([{ extension: '1001', callId: 'u1001' }]);
  });

  it('says calmly that nothing rings when only answered calls are known', async () => {
    const { wrapper } = await panel([call('1002', 'answered')]);
    expect(wrapper.find('[data-testid="uacsta-call"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="uacsta-empty"]').text()).toBe('No desk phone is ringing.');
  });
});
