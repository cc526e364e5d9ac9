import { ok } from '@switchboard/live-protocol';
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { sessionInfo } from '../../../test/support/fake-socket.js';
import { agent } from '../../../test/support/fixtures.js';
import { freshStores } from '../../../test/support/setup.js';
import { useConnectionStore } from '../../stores/connection.store.js';
import AgentTable from './AgentTable.vue';

const agents = [
  agent('1001', 'on_call'),
  agent('1002', 'logged_out', { kind: 'dynamic' }),
  agent('1003', 'available', { kind: 'dynamic' }),
];

function table(canControl: boolean, features = { listen: true, agentLogin: true }) {
  return mount(AgentTable, {
    props: { agents, now: 2000, maxPauseSec: null, canControl, features, actionState: () => undefined },
  });
}

describe('AgentTable', () => {
  it('gives every row the same buttons, disabled where they do not apply, so rows keep one height', () => {
    const wrapper = table(true);
    const rows = wrapper.findAll('[data-testid="agent-row"]');
    const shape = (row: (typeof rows)[number]) =>
      row.findAll('button').map((b) => [b.attributes('data-testid'), b.attributes('disabled') === undefined]);
    // 1001 static on a call, 1002 dynamic logged out, 1003 dynamic available.
    expect(rows.map(shape)).toEqual([
      [
        ['listen', true],
        ['whisper', true],
        ['barge', true],
        ['agent-pause', false],
        ['agent-logout', false],
      ],
      [
        ['listen', false],
        ['whisper', false],
        ['barge', false],
        ['agent-pause', false],
        ['agent-login', true],
      ],
      [
        ['listen', false],
        ['whisper', false],
        ['barge', false],
        ['agent-pause', true],
        ['agent-logout', true],
      ],
    ]);
    expect(wrapper.get('[data-testid="agent-pause"][disabled]').attributes('title')).toContain(
      'Static agents',
    );
  });

  it('listens and logs in at once; log out and barge first ask, naming the agent', async () => {
    const wrapper = table(true);
    const dialog = () => wrapper.find('[data-testid="confirm-dialog"]');
    await wrapper.get('[data-testid="whisper"]').trigger('click');
    await wrapper.get('[data-testid="agent-login"]').trigger('click');
    expect(wrapper.emitted('listen')).toEqual([['1001', 'whisper']]);
    expect(wrapper.emitted('login')).toEqual([['1002', 'login']]);

    await wrapper.get('[data-testid="barge"]').trigger('click');
    expect(dialog().text()).toContain('Barge in on Agent 1001 (1001)’s call?');
    await dialog().get('[data-testid="cancel"]').trigger('click');
    expect(dialog().exists()).toBe(false);
    expect(wrapper.emitted('listen')).toHaveLength(1);

    await wrapper.findAll('[data-testid="agent-logout"]')[1]?.trigger('click');
    expect(dialog().text()).toContain('Log out Agent 1003 (1003)?');
    await dialog().get('[data-testid="confirm"]').trigger('click');
    expect(wrapper.emitted('login')).toEqual([
      ['1002', 'login'],
      ['1003', 'logout'],
    ]);
    await wrapper.get('[data-testid="barge"]').trigger('click');
    await dialog().get('[data-testid="confirm"]').trigger('click');
    expect(wrapper.emitted('listen')).toEqual([
      ['1001', 'whisper'],
      ['1001', 'barge'],
    ]);
  });

  it('pauses with a reason from the PBX list and a length; unpauses a paused agent at once', async () => {
    const { socket, pinia } = freshStores();
    socket.handle('agent:pause-reasons', () =>
      ok({
        reasons: [
          { code: '*701', reason: 'Lunch' },
          { code: '*702', reason: 'Break' },
        ],
        fetchedAt: 1,
      }),
    );
    useConnectionStore().start('t');
    socket.open(sessionInfo());
    await flushPromises();
    const wrapper = mount(AgentTable, {
      props: {
        agents: [
          agent('1003', 'available', { kind: 'dynamic' }),
          agent('1004', 'paused', { kind: 'dynamic' }),
        ],
        now: 2000,
        maxPauseSec: null,
        canControl: true,
        features: { listen: true, agentLogin: true },
        actionState: (extension: string) =>
          extension === '1003' ? { pending: false, error: null, done: 'Paused' } : undefined,
      },
      global: { plugins: [pinia] },
    });
    await wrapper.get('[data-testid="agent-unpause"]').trigger('click');
    expect(wrapper.emitted('unpause')).toEqual([['1004']]);

    await wrapper.get('[data-testid="agent-pause"]').trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="confirm-dialog"]').text()).toContain('Pause Agent 1003 (1003)');
    const reasons = wrapper.get('[data-testid="pause-reason"]');
    expect(reasons.findAll('option').map((o) => o.text())).toEqual(['No reason', 'Lunch', 'Break']);
    await reasons.setValue('*702');
    await wrapper.get('[data-testid="pause-duration"]').setValue('900');
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    expect(wrapper.emitted('pause')).toEqual([['1003', { reason: '*702', durationSec: 900 }]]);
    expect(wrapper.find('[data-testid="confirm-dialog"]').exists()).toBe(false);
    expect(wrapper.get('[data-testid="agent-action-status"]').text()).toBe('Agent 1003 (1003): Paused');
  });

  it('shows only the buttons the gateway offers', () => {
    const row = (wrapper: ReturnType<typeof table>) =>
      wrapper
        .get('[data-testid="agent-row"]')
        .findAll('button')
        .map((b) => b.attributes('data-testid'));
    expect(row(table(true, { listen: false, agentLogin: true }))).toEqual(['agent-pause', 'agent-logout']);
    expect(row(table(true, { listen: true, agentLogin: false }))).toEqual(['listen', 'whisper', 'barge']);
  });

  it('gives viewers and display links no action at all', () => {
    const wrapper = table(false);
    // (Only the headers' sort buttons.)
    expect(wrapper.findAll('tbody button')).toHaveLength(0);
    expect(wrapper.findAll('button').map((b) => b.attributes('data-testid'))).toEqual([
      'sort-agent',
      'sort-state',
      'sort-time',
    ]);
    expect(wrapper.text()).not.toContain('Actions');
    expect(wrapper.findAll('[data-testid="agent-row"]')).toHaveLength(3);
  });

  it('freezes stale rows at the last known time and says so in a caption', async () => {
    const wrapper = mount(AgentTable, {
      props: {
        agents: [agent('1001', 'on_call', { since: 0 })],
        now: 600_000,
        maxPauseSec: null,
        canControl: false,
        features: { listen: false, agentLogin: false },
        actionState: () => undefined,
        frozenAt: 90_000,
        staleNote: 'as of 14:02:09, PBX link down',
      },
    });
    const row = () => wrapper.get('[data-testid="agent-row"]');
    expect(row().attributes('data-stale')).toBe('true');
    expect(row().text()).toContain('1:30');
    expect(wrapper.get('[data-testid="agents-stale"]').text()).toBe(
      'Not live · agent states as of 14:02:09, PBX link down',
    );
    await wrapper.setProps({ now: 900_000 });
    expect(row().text()).toContain('1:30');
    await wrapper.setProps({ frozenAt: null, staleNote: null });
    expect(row().text()).toContain('15:00');
    expect(row().attributes('data-stale')).toBe('false');
    expect(wrapper.find('[data-testid="agents-stale"]').exists()).toBe(false);
  });

  it('shows a lower-bound time as "≥ m:ss" and reads it as "at least"', () => {
    const wrapper = mount(AgentTable, {
      props: {
        agents: [agent('1001', 'available', { since: 0, sinceLowerBound: true })],
        now: 120_000,
        maxPauseSec: null,
        canControl: false,
        features: { listen: false, agentLogin: false },
        actionState: () => undefined,
      },
    });
    const time = wrapper.get('[data-testid="agent-row"] td.num');
    expect(time.get('[aria-hidden="true"]').text()).toBe('≥ 2:00');
    expect(time.get('.visually-hidden').text()).toBe('at least 2:00');
  });
});
