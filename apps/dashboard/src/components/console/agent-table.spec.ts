import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { agent } from '../../../test/support/fixtures.js';
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

const ids = (wrapper: ReturnType<typeof table>) =>
  wrapper.findAll('button').map((b) => b.attributes('data-testid'));

describe('AgentTable', () => {
  it('gives supervisors listen / whisper / barge on calls and login / logout for dynamic agents', async () => {
    const wrapper = table(true);
    expect(ids(wrapper)).toEqual(['listen', 'whisper', 'barge', 'agent-login', 'agent-logout']);
    await wrapper.get('[data-testid="whisper"]').trigger('click');
    await wrapper.get('[data-testid="agent-login"]').trigger('click');
    expect(wrapper.emitted('listen')).toEqual([['1001', 'whisper']]);
    expect(wrapper.emitted('login')).toEqual([['1002', 'login']]);
  });

  it('shows no listen buttons when the gateway does not offer them', () => {
    expect(ids(table(true, { listen: false, agentLogin: true }))).toEqual(['agent-login', 'agent-logout']);
    expect(ids(table(true, { listen: true, agentLogin: false }))).toEqual(['listen', 'whisper', 'barge']);
  });

  it('gives viewers and display links no action at all', () => {
    const wrapper = table(false);
    expect(wrapper.findAll('button')).toHaveLength(0);
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
