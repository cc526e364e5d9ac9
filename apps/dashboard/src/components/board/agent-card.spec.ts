import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { agent } from '../../../test/support/fixtures.js';
import { STATE_SHAPES } from '../../lib/state-shapes.js';
import AgentCard from './AgentCard.vue';

const NOW = 10_000_000;

describe('AgentCard', () => {
  it('shows name, state as text and shape, and time in state; the extension is in its accessible name', () => {
    const wrapper = mount(AgentCard, {
      props: { agent: agent('1001', 'on_call', { since: NOW - 75_000 }), now: NOW, maxPauseSec: 300 },
    });
    const card = wrapper.get('[data-testid="agent-card"]');
    expect(card.attributes('data-agent-number')).toBe('1001');
    expect(card.attributes('data-state')).toBe('on_call');
    expect(card.text()).toContain('Agent 1001');
    expect(card.text()).toContain('On call');
    expect(card.text()).toContain('1:15');
    expect(card.get('svg path').attributes('d')).toBe(STATE_SHAPES.square.d);
    expect(card.attributes('aria-label')).toBe('Agent 1001, extension 1001: On call for 1:15');
  });

  it('uses a different shape for every state', () => {
    const shapes = (['available', 'ringing', 'on_call', 'on_hold', 'paused', 'logged_out'] as const).map(
      (state) =>
        mount(AgentCard, { props: { agent: agent('1', state), now: NOW, maxPauseSec: null } })
          .get('svg')
          .html(),
    );
    expect(new Set(shapes).size).toBe(6);
  });

  it('shows the pause reason and turns red past the allowed pause', () => {
    const paused = (seconds: number) =>
      mount(AgentCard, {
        props: {
          agent: agent('1002', 'paused', { since: NOW - seconds * 1000, pauseReason: 'Lunch' }),
          now: NOW,
          maxPauseSec: 300,
        },
      }).get('[data-testid="agent-card"]');
    expect(paused(300).attributes('data-overdue')).toBe('false');
    expect(paused(300).text()).toContain('Lunch');
    const late = paused(301);
    expect(late.attributes('data-overdue')).toBe('true');
    expect(late.classes()).toContain('overdue');
    expect(late.text()).toContain('Over limit');
    expect(late.attributes('aria-label')).toContain('Paused (Lunch) for 5:01, over the pause limit');
  });

  it('shows the short name the board gives it, the full name in its accessible name', () => {
    const card = mount(AgentCard, {
      props: {
        agent: agent('1003', 'ringing', { since: NOW - 5000, name: 'Maria Garcia' }),
        now: NOW,
        maxPauseSec: null,
        shortName: 'Maria G.',
      },
    }).get('[data-testid="agent-card"]');
    expect(card.get('[data-testid="agent-name"]').text()).toBe('Maria G.');
    expect(card.get('[data-testid="agent-time"]').text()).toBe('0:05');
    expect(card.get('[data-testid="agent-state"]').text()).toBe('Ringing');
    expect(card.get('svg path').attributes('d')).toBe(STATE_SHAPES.triangle.d);
    expect(card.attributes('aria-label')).toBe('Maria Garcia, extension 1003: Ringing for 0:05');
  });

  it('shows a time known only as a lower bound as "≥ m:ss", never as a fresh zero', () => {
    const card = mount(AgentCard, {
      props: {
        agent: agent('1004', 'paused', { since: NOW - 120_000, sinceLowerBound: true }),
        now: NOW,
        maxPauseSec: 60,
      },
    }).get('[data-testid="agent-card"]');
    expect(card.text()).toContain('≥ 2:00');
    expect(card.attributes('aria-label')).toContain('for at least 2:00');
    // At least two minutes is already past a one-minute pause limit.
    expect(card.attributes('data-overdue')).toBe('true');
  });

  it('freezes the timer of stale data and marks the card, in words too', async () => {
    const wrapper = mount(AgentCard, {
      props: {
        agent: agent('1005', 'on_call', { since: NOW - 75_000 }),
        now: NOW,
        maxPauseSec: null,
        frozenAt: NOW - 15_000,
      },
    });
    const card = () => wrapper.get('[data-testid="agent-card"]');
    expect(card().text()).toContain('1:00');
    expect(card().attributes('data-stale')).toBe('true');
    expect(card().classes()).toContain('stale');
    expect(card().attributes('aria-label')).toBe('Agent 1005, extension 1005: On call for 1:00 (not live)');
    await wrapper.setProps({ now: NOW + 30_000 });
    expect(card().text()).toContain('1:00');
    await wrapper.setProps({ frozenAt: null });
    expect(card().text()).toContain('1:45');
    expect(card().attributes('data-stale')).toBe('false');
  });
});
