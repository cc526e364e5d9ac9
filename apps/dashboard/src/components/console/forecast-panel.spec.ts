import { forecastQueue, type ForecastInputs, type QueueView } from '@switchboard/live-protocol';
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { queueView } from '../../../test/support/fixtures.js';
import ForecastPanel from './ForecastPanel.vue';

/** Queue 1 with the forecast of these inputs (the 250 calls of 330 s example of docs/forecasting.md). */
function withForecast(over: Partial<ForecastInputs> | null): QueueView {
  const base = queueView(1);
  const forecast =
    over === null
      ? null
      : forecastQueue({
          arrivals: 125,
          handleSec: 330,
          agentsTakingCalls: 28,
          agentsFree: 3,
          waiting: 0,
          targetSec: 30,
          goalPercent: 80,
          ...over,
        });
  return { ...base, stats: { ...base.stats, forecast } };
}

function panel(queue: QueueView) {
  const wrapper = mount(ForecastPanel, { props: { queue } });
  const line = (key: string) => wrapper.get(`[data-testid="forecast-${key}"]`);
  return { wrapper, line, text: (key: string) => line(key).text().replace(/\s+/g, ' ').trim() };
}

describe('ForecastPanel', () => {
  it('says the next caller’s wait, the predicted service level against the goal, and the agents needed', () => {
    const { text, line } = panel(withForecast({ agentsFree: 0, waiting: 3, agentsTakingCalls: 30 }));
    // 3 ahead, nobody free, 30 agents at 330 s: four endings at one per 11 s.
    expect(text('wait')).toBe('Next caller waits ~0:44 ⚠ longer than the 30 s target');
    expect(line('wait').attributes('data-flagged')).toBe('true');
    expect(text('service-level')).toMatch(
      /^Predicted service level next 30 min: \d+ % \(goal 80 % in 30 s\)$/,
    );
    expect(line('service-level').attributes('data-flagged')).toBe('false');
    expect(text('agents')).toBe('Agents needed: 28 · taking calls now: 30');
    expect(line('agents').attributes('data-flagged')).toBe('false');
  });

  it('says an agent is free when one is', () => {
    expect(panel(withForecast({})).text('wait')).toBe('Next caller waits ~0:00 (an agent is free)');
  });

  it('flags fewer agents taking calls than needed, and a service level below the goal, in words', () => {
    const { text, line } = panel(withForecast({ agentsTakingCalls: 27, agentsFree: 0 }));
    expect(text('agents')).toBe('Agents needed: 28 · taking calls now: 27 ⚠ 1 agent short of the goal');
    expect(line('agents').attributes('data-flagged')).toBe('true');
    expect(text('service-level')).toMatch(/: \d\d % \(goal 80 % in 30 s\) ⚠ below the goal$/);
  });

  it('says when the calls are more than the agents can keep up with', () => {
    const { text } = panel(withForecast({ agentsTakingCalls: 20, agentsFree: 0, waiting: 6 }));
    expect(text('service-level')).toBe(
      'Predicted service level next 30 min: 0 % (goal 80 % in 30 s) ⚠ more calls than the agents taking calls can keep up with: the queue can only grow',
    );
    // The 6 waiting are ahead of the half hour's 250 calls: 28 agents would be late for the first 224 s of it.
    expect(text('agents')).toBe('Agents needed: 29 · taking calls now: 20 ⚠ 9 agents short of the goal');
  });

  it('says why nothing can be predicted before the first answered call of the day', () => {
    const { text, line } = panel(withForecast({ handleSec: null }));
    const why = 'no answered call yet today, so the handle time is not known';
    expect(text('wait')).toBe(`Next caller’s wait: not known (${why})`);
    expect(text('service-level')).toBe(`Predicted service level next 30 min: not known (${why})`);
    expect(text('agents')).toBe(`Agents needed: not known (${why}) · taking calls now: 28`);
    expect(line('agents').attributes('data-flagged')).toBe('false');
  });

  it('says nobody takes calls rather than predict a wait', () => {
    const { text } = panel(withForecast({ agentsTakingCalls: 0, agentsFree: 0, arrivals: 0 }));
    expect(text('wait')).toBe('Next caller’s wait: not known (nobody is taking calls)');
    expect(text('service-level')).toBe(
      'Predicted service level next 30 min: not known (no calls in the last 30 min and nobody taking calls)',
    );
  });

  it('shows every input with its value and the method behind "How is this computed?"', () => {
    const { wrapper } = panel(withForecast({ agentsFree: 1, waiting: 2 }));
    const how = wrapper.get('details[data-testid="forecast-how"]');
    expect(how.get('summary').text()).toBe('How is this computed?');
    const input = (key: string) =>
      how
        .get(`[data-testid="forecast-input-${key}"]`)
        .findAll('dt, dd')
        .map((part) => part.text().replace(/\s+/g, ' ').trim())
        .join(' ');
    expect(input('arrivals')).toBe(
      'Calls that entered the queue 125 in the last 30 min — 250 calls an hour at that rate',
    );
    expect(input('handle')).toMatch(
      /^Handle time 5:30 — today’s average talk time .*wrap-up is not included/,
    );
    expect(input('taking')).toMatch(/^Agents taking calls now 28 — /);
    expect(input('free')).toMatch(/^Agents free now 1 — /);
    expect(input('waiting')).toMatch(
      /^Callers waiting now 2 — in the queue, ahead of everyone who calls next: .*254 calls an hour to answer/,
    );
    expect(input('target')).toMatch(/^Service-level goal 80 % in 30 s — /);
    expect(input('erlangs')).toMatch(
      /^Offered traffic 22.9 erlangs — arrivals per hour × handle time ÷ 3600/,
    );
    const method = how.findAll('p.method').map((p) => p.text());
    expect(method.join(' ')).toContain('Erlang C describes a queue of identical agents');
    expect(method.join(' ')).toContain('Abandonment is ignored.');
    expect(method.join(' ')).toContain('in the last 30 minutes');
    expect(method.join(' ')).toContain('wrap-up is not reported by the PBX');
    expect(method.join(' ')).toContain('the agents work them down');
  });

  it('says there is no forecast yet in a view from before forecasts', () => {
    const { wrapper } = panel(withForecast(null));
    expect(wrapper.get('[data-testid="forecast-none"]').text()).toContain('No forecast yet');
    expect(wrapper.find('details').exists()).toBe(false);
  });
});
