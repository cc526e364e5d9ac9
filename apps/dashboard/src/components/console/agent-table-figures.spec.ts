import type { AgentTodayFigures, AgentView } from '@switchboard/live-protocol';
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { agent, agentToday } from '../../../test/support/fixtures.js';
import type { AgentFiguresState } from '../../stores/agent-figures.store.js';
import AgentTable from './AgentTable.vue';

const AGENTS = [
  agent('1001', 'on_call', { name: 'Cleo Park', since: 1_000 }),
  agent('1002', 'available', { name: 'Anna Berg', since: 50_000 }),
  agent('1003', 'paused', { name: 'Bo Ek', since: 10_000 }),
];

function today(agents: AgentTodayFigures[], over: Partial<AgentFiguresState> = {}): AgentFiguresState {
  return {
    data: { queueId: 1, dayStart: 0, timeZone: 'Europe/Paris', agents },
    receivedAt: new Date(2026, 0, 5, 14, 2, 9).getTime(),
    error: null,
    loading: false,
    denied: false,
    ...over,
  };
}

const ANNA = agentToday('1002', { answered: 30, missed: 2 });
// 1003 has no figures yet.
const FIGURES = [agentToday('1001', { answered: 12, missed: 0 }), ANNA];

function table(figures: AgentFiguresState | null = today(FIGURES), agents: AgentView[] = AGENTS) {
  return mount(AgentTable, {
    props: {
      agents,
      now: 100_000,
      maxPauseSec: null,
      canControl: true,
      features: { listen: true, agentLogin: true },
      actionState: () => undefined,
      today: figures,
    },
    attachTo: document.body,
  });
}

type Wrapper = ReturnType<typeof table>;
const order = (wrapper: Wrapper) =>
  wrapper.findAll('[data-testid="agent-row"]').map((r) => r.attributes('data-agent-number'));
const sortState = (wrapper: Wrapper) =>
  Object.fromEntries(
    wrapper.findAll('th[aria-sort]').map((th) => [th.attributes('data-column'), th.attributes('aria-sort')]),
  );
const figure = (wrapper: Wrapper, number: string, column: string) =>
  wrapper.get(`[data-agent-number="${number}"] [data-figure="${column}"]`);

describe('AgentTable: today’s figures', () => {
  it('adds today’s figures after the actions, merged by extension, a dash where none is known', () => {
    const wrapper = table();
    const heads = wrapper.findAll('thead th').map((th) => th.text().trim());
    expect(heads).toEqual([
      'Agent',
      'State',
      'Time',
      'Actions',
      'Answered',
      'Missed',
      'Avg talk',
      'Longest',
      'On call',
      'Paused',
      'Occupancy',
    ]);
    expect(figure(wrapper, '1002', 'answered').text()).toBe('30');
    expect(figure(wrapper, '1002', 'missed').text()).toBe('2');
    expect(figure(wrapper, '1002', 'avgTalk').text()).toBe('2:00');
    expect(figure(wrapper, '1002', 'onCall').text()).toBe('0:08');
    expect(figure(wrapper, '1002', 'paused').attributes('title')).toBe(
      'Paused: Lunch 10:00 · no reason given 5:00',
    );
    expect(figure(wrapper, '1002', 'occupancy').text()).toBe('12%');
    const unknown = wrapper.findAll('[data-agent-number="1003"] [data-figure]').map((td) => td.text());
    expect(unknown).toEqual(['–', '–', '–', '–', '–', '–', '–']);
    expect(wrapper.get('[data-testid="agent-figures-note"]').text()).toBe('Today’s figures as of 14:02:09');
    wrapper.unmount();
  });

  it('sorts by any header, each direction, saying so in aria-sort; the default is by extension', async () => {
    const wrapper = table();
    expect(order(wrapper)).toEqual(['1001', '1002', '1003']);
    expect(new Set(Object.values(sortState(wrapper)))).toEqual(new Set(['none']));

    await wrapper.get('[data-testid="sort-answered"]').trigger('click');
    expect(order(wrapper)).toEqual(['1002', '1001', '1003']);
    expect(sortState(wrapper)['answered']).toBe('descending');
    expect(Object.values(sortState(wrapper)).filter((s) => s !== 'none')).toHaveLength(1);

    await wrapper.get('[data-testid="sort-answered"]').trigger('click');
    expect(order(wrapper)).toEqual(['1001', '1002', '1003']);
    expect(sortState(wrapper)['answered']).toBe('ascending');

    await wrapper.get('[data-testid="sort-agent"]').trigger('click');
    expect(order(wrapper)).toEqual(['1002', '1003', '1001']);
    expect(sortState(wrapper)).toMatchObject({ agent: 'ascending', answered: 'none' });
    await wrapper.get('[data-testid="sort-agent"]').trigger('click');
    expect(order(wrapper)).toEqual(['1001', '1003', '1002']);
    expect(sortState(wrapper)['agent']).toBe('descending');

    // Time in state: the longest first (1001 since 1 s, 1003 since 10 s, 1002 since 50 s).
    await wrapper.get('[data-testid="sort-time"]').trigger('click');
    expect(order(wrapper)).toEqual(['1001', '1003', '1002']);
    expect(sortState(wrapper)['time']).toBe('descending');
    wrapper.unmount();
  });

  it('puts every sort in a keyboard-reachable button inside its header', () => {
    const wrapper = table();
    const headers = wrapper.findAll('th[aria-sort]');
    expect(headers).toHaveLength(10);
    for (const th of headers) {
      const button = th.get('button');
      expect(button.attributes('type')).toBe('button');
      expect(button.attributes('tabindex')).toBeUndefined();
    }
    wrapper.unmount();
  });

  it('keeps rows where they are while the pointer is over the table, and re-sorts when it leaves', async () => {
    const wrapper = table();
    await wrapper.get('[data-testid="sort-answered"]').trigger('click');
    expect(order(wrapper)).toEqual(['1002', '1001', '1003']);
    const scroller = wrapper.get('[data-testid="agent-table-scroller"]');
    await scroller.trigger('pointerenter');
    await wrapper.setProps({ today: today([agentToday('1001', { answered: 40 }), ANNA]) });
    expect(order(wrapper)).toEqual(['1002', '1001', '1003']);
    expect(figure(wrapper, '1001', 'answered').text()).toBe('40');
    // A click on a header still sorts at once.
    await wrapper.get('[data-testid="sort-answered"]').trigger('click');
    expect(order(wrapper)).toEqual(['1002', '1001', '1003']);
    await wrapper.get('[data-testid="sort-answered"]').trigger('click');
    expect(order(wrapper)).toEqual(['1001', '1002', '1003']);
    await wrapper.setProps({ today: today([agentToday('1001', { answered: 1 }), ANNA]) });
    expect(order(wrapper)).toEqual(['1001', '1002', '1003']);
    await scroller.trigger('pointerleave');
    expect(order(wrapper)).toEqual(['1002', '1001', '1003']);
    wrapper.unmount();
  });

  it('shows no figure columns to a session without them, and says when the figures are not up to date', async () => {
    const wrapper = table(null);
    expect(wrapper.findAll('thead th').map((th) => th.text().trim())).toEqual([
      'Agent',
      'State',
      'Time',
      'Actions',
    ]);
    expect(wrapper.find('[data-figure]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="agent-figures-note"]').exists()).toBe(false);

    await wrapper.setProps({ today: today(FIGURES, { error: 'The PBX cannot be reached.' }) });
    const note = wrapper.get('[data-testid="agent-figures-note"]');
    expect(note.text()).toBe('Today’s figures as of 14:02:09 · not updated: The PBX cannot be reached.');
    expect(note.classes()).toContain('error-text');
    expect(figure(wrapper, '1002', 'answered').text()).toBe('30');

    await wrapper.setProps({
      today: today([], { data: null, receivedAt: null, error: 'The PBX cannot be reached.' }),
    });
    expect(wrapper.get('[data-testid="agent-figures-note"]').text()).toContain(
      'Today’s figures could not be read',
    );
    await wrapper.setProps({ today: today([], { data: null, receivedAt: null, loading: true }) });
    expect(wrapper.get('[data-testid="agent-figures-note"]').text()).toBe('Reading today’s figures…');
    wrapper.unmount();
  });
});
