import { ok } from '@switchboard/live-protocol';
import { enableAutoUnmount, flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionInfo, type FakeSocket } from '../../../test/support/fake-socket.js';
import { conference } from '../../../test/support/fixtures.js';
import { freshStores, grantingStores } from '../../../test/support/setup.js';
import { useConnectionStore } from '../../stores/connection.store.js';
import { useStreamsStore } from '../../stores/streams.store.js';
import ConferencesPanel from './ConferencesPanel.vue';

// Every component a test mounts is unmounted after it.
enableAutoUnmount(afterEach);

async function panel(
  role: 'supervisor' | 'viewer' = 'supervisor',
): Promise<{ socket: FakeSocket; wrapper: VueWrapper }> {
  const { socket, pinia } = grantingStores();
  socket.handle('conference:kick', ({ members }) => ok({ kicked: members }));
  useConnectionStore().start('t');
  socket.open(sessionInfo({ role }));
  useStreamsStore().want(['conferences']);
  await flushPromises();
  socket.snapshot('conferences', [conference('801', 3)]);
  const wrapper = mount(ConferencesPanel, { global: { plugins: [pinia] }, attachTo: document.body });
  await flushPromises();
  return { socket, wrapper };
}

const dialog = (w: VueWrapper) => w.find('[data-testid="confirm-dialog"]');

describe('ConferencesPanel', () => {
  it('says so when the session does not see conferences, instead of "none in progress"', async () => {
    const { socket, pinia } = freshStores();
    socket.handle('subscribe', ({ streams }) => ok({ granted: [], denied: streams }));
    useConnectionStore().start('t');
    socket.open(sessionInfo({ queues: [1] }));
    useStreamsStore().want(['conferences']);
    await flushPromises();
    const wrapper = mount(ConferencesPanel, { global: { plugins: [pinia] }, attachTo: document.body });
    await flushPromises();
    expect(wrapper.find('[data-testid="conferences-denied"]').exists()).toBe(true);
    expect(wrapper.text()).not.toContain('No conference in progress');
  });

  it('lists the members of each conference by name, in plain words', async () => {
    const { wrapper } = await panel();
    const members = wrapper.findAll('[data-testid="conference-member"]');
    expect(members.map((m) => m.attributes('data-channel-id'))).toEqual(['PJSIP/m1', 'PJSIP/m2', 'PJSIP/m3']);
    expect(members.map((m) => m.get('[data-testid="member-name"]').text())).toEqual([
      'Ann Lee 101',
      '102',
      'Cy Ode 103',
    ]);
    expect(members.map((m) => m.get('[data-testid="member-state"]').text())).toEqual([
      'extension · connected',
      'extension · on hold',
      'extension · connected',
    ]);
    expect(wrapper.text()).not.toMatch(/ANSWERED|HOLD|\bext\b/);
    expect(members[0]?.get('[data-testid="kick"]').attributes('aria-label')).toBe('Kick Ann Lee (101)');
  });

  it('the kick confirmation names whom it removes', async () => {
    const { wrapper } = await panel();
    await wrapper.findAll('[data-testid="kick"]')[0]?.trigger('click');
    expect(dialog(wrapper).text()).toContain('Remove Ann Lee (101) from Room 801? The call ends now.');
  });

  it('asks before kicking one member, and kicks only once confirmed', async () => {
    const { socket, wrapper } = await panel();
    await wrapper.findAll('[data-testid="kick"]')[1]?.trigger('click');
    expect(dialog(wrapper).exists()).toBe(true);
    expect(dialog(wrapper).text()).toContain('Remove 102 from Room 801? The call ends now.');
    expect(socket.sentOf('conference:kick')).toEqual([]);
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(socket.sentOf('conference:kick')).toEqual([{ conference: '801', members: ['PJSIP/m2'] }]);
    expect(dialog(wrapper).exists()).toBe(false);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { socket, wrapper } = await panel();
    await wrapper.get('[data-testid="kick-all"]').trigger('click');
    expect(dialog(wrapper).text()).toContain('Remove everyone from Room 801');
    await wrapper.get('[data-testid="cancel"]').trigger('click');
    await flushPromises();
    expect(dialog(wrapper).exists()).toBe(false);
    expect(socket.sentOf('conference:kick')).toEqual([]);
  });

  it('kicks the selected members after confirmation', async () => {
    const { socket, wrapper } = await panel();
    expect(wrapper.get('[data-testid="kick-selected"]').attributes('disabled')).toBeDefined();
    const boxes = wrapper.findAll('input[type="checkbox"]');
    await boxes[0]?.setValue(true);
    await boxes[2]?.setValue(true);
    await wrapper.get('[data-testid="kick-selected"]').trigger('click');
    expect(dialog(wrapper).text()).toContain(
      'Remove Ann Lee (101), Cy Ode (103) from Room 801? Their calls end now.',
    );
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(socket.sentOf('conference:kick')).toEqual([
      { conference: '801', members: ['PJSIP/m1', 'PJSIP/m3'] },
    ]);
    expect(wrapper.text()).toContain('2 members removed');
  });

  it('gives viewers the member list without kick controls', async () => {
    const { wrapper } = await panel('viewer');
    expect(wrapper.findAll('[data-testid="conference-member"]')).toHaveLength(3);
    expect(wrapper.findAll('button')).toHaveLength(0);
    expect(wrapper.findAll('input')).toHaveLength(0);
  });
});
