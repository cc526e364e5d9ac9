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
});
