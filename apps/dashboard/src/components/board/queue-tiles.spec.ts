import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { agent, queueView } from '../../../test/support/fixtures.js';
import QueueTiles from './QueueTiles.vue';

const NOW = 1_000_000;

function tiles(overrides: Parameters<typeof queueView>[1], now = NOW, stale = false) {
  const wrapper = mount(QueueTiles, {
    props: { queue: queueView(1, overrides), now, freshness: { stale, frozenAt: null, recountSince: null } },
  });
  const tile = (metric: string) => wrapper.get(`[data-testid="tile-${metric}"]`);
  return { wrapper, tile };
}

/** The level, or the text, of one tile of a queue with these figures at `now`. */
const levelOf = (metric: string, overrides: Parameters<typeof queueView>[1], now = NOW) =>
  tiles(overrides, now).tile(metric).attributes('data-level');
const textOf = (metric: string, overrides: Parameters<typeof queueView>[1], now = NOW) =>
  tiles(overrides, now).tile(metric).text();

const withStats = (waiting: number, oldest: number | null, serviceLevel: number | null) => {
  const base = queueView(1);
  return {
    stats: {
      ...base.stats,
      waiting,
      oldestWaitingSince: oldest,
      today: { ...base.stats.today, serviceLevel },
    },
  };
};

describe('QueueTiles', () => {
  it('shows a phone-offline or unknown count only while an agent is in that state, like any other state tile', () => {
    const { wrapper } = tiles({});
    expect(wrapper.find('[data-testid="tile-agents-offline"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="tile-agents-unknown"]').exists()).toBe(false);
    const offline = tiles({ agents: [agent('1001', 'offline'), agent('1002', 'unknown'), agent('1003')] });
    expect(offline.tile('agents-offline').text()).toContain('Phone offline');
    expect(offline.tile('agents-offline').text()).toContain('1');
    expect(offline.tile('agents-unknown').text()).toContain('Unknown');
    expect(offline.wrapper.findAll('[data-testid^="tile-"]')).toHaveLength(16);
  });

  it('shows every wallboard figure with its definition as a tooltip', () => {
    const { wrapper, tile } = tiles({});
    expect(wrapper.findAll('[data-testid^="tile-"]')).toHaveLength(14);
    expect(tile('answered').text()).toContain('8');
    expect(tile('answered').attributes('title')).toBe('Calls connected to an agent since the day boundary.');
    expect(tile('agents-available').text()).toContain('Available');
    expect(tile('agents-available').find('svg').exists()).toBe(true);
    expect(tile('avgTalk').text()).toContain('1:35');
  });

  it('colours calls waiting: ok, warn at 3, critical (flashing) at 6', () => {
    expect(levelOf('waiting', withStats(2, null, 90))).toBe('ok');
    expect(levelOf('waiting', withStats(3, NOW, 90))).toBe('warn');
    const critical = tiles(withStats(6, NOW, 90)).tile('waiting');
    expect(critical.attributes('data-level')).toBe('critical');
    expect(critical.classes()).toContain('flash');
    expect(critical.text()).toContain('critical');
  });

  it('ticks the longest wait and colours it at 60 s and 120 s', () => {
    const since = NOW - 59_000;
    expect(textOf('longestWait', withStats(1, since, 90))).toContain('0:59');
    expect(levelOf('longestWait', withStats(1, since, 90))).toBe('ok');
    const later = tiles(withStats(1, since, 90), NOW + 1000).tile('longestWait');
    expect(later.text()).toContain('1:00');
    expect(later.attributes('data-level')).toBe('warn');
    expect(levelOf('longestWait', withStats(1, since, 90), NOW + 61_000)).toBe('critical');
  });

  it('never says more than the queue’s alert: a rise still in its dwell time is not CRITICAL on the tile', () => {
    const figures = withStats(9, NOW - 200_000, 90);
    const dwelling = {
      level: 'ok' as const,
      since: 0,
      warnSince: NOW,
      criticalSince: NOW,
      announcedAt: null,
    };
    const { tile } = tiles({ ...figures, alert: dwelling });
    expect(tile('waiting').attributes('data-level')).toBe('ok');
    expect(tile('longestWait').attributes('data-level')).toBe('ok');
    const warned = tiles({ ...figures, alert: { ...dwelling, level: 'warn' } });
    expect(warned.tile('waiting').attributes('data-level')).toBe('warn');
    expect(warned.tile('waiting').text()).not.toContain('critical');
  });

  it('does not judge the service level on a few calls: 50 % of 2 calls is no alarm, and says from how many', () => {
    const base = queueView(1);
    const twoCalls = {
      ...base.stats.today,
      offered: 2,
      answered: 1,
      abandoned: 1,
      shortAbandoned: 0,
      serviceLevel: 50,
    };
    const { tile } = tiles({ stats: { ...base.stats, today: twoCalls } });
    expect(tile('serviceLevel').attributes('data-level')).toBe('none');
    expect(tile('serviceLevel').text()).toContain('50%');
    expect(tile('serviceLevel').attributes('title')).toContain('Judged from 10 calls (2 so far)');
    const none = { ...twoCalls, offered: 0, answered: 0, abandoned: 0, serviceLevel: null };
    expect(textOf('serviceLevel', { stats: { ...base.stats, today: none } })).toContain('–');
  });

  it('colours the service level where lower is worse', () => {
    expect(levelOf('serviceLevel', withStats(0, null, 85))).toBe('ok');
    expect(levelOf('serviceLevel', withStats(0, null, 75))).toBe('warn');
    expect(levelOf('serviceLevel', withStats(0, null, 50))).toBe('critical');
    expect(textOf('serviceLevel', withStats(0, null, null))).toContain('–');
  });

  it('marks every tile stale when the queue data is', () => {
    const { wrapper } = tiles({}, NOW, true);
    const all = wrapper.findAll('[data-testid^="tile-"]');
    expect(all.every((t) => t.attributes('data-stale') === 'true' && t.classes('stale'))).toBe(true);
    expect(all[0]?.text()).toContain('stale');
  });

  it('shows only the metrics asked for, in that order', () => {
    const wrapper = mount(QueueTiles, {
      props: { queue: queueView(1), now: NOW, only: ['serviceLevel', 'waiting'] },
    });
    expect(wrapper.findAll('[data-testid^="tile-"]').map((t) => t.attributes('data-testid'))).toEqual([
      'tile-serviceLevel',
      'tile-waiting',
    ]);
  });

  it('marks today’s figures provisional while a recount is pending, and says since when', () => {
    const base = queueView(1);
    const since = new Date(2026, 10, 24, 14, 2, 30).getTime();
    const wrapper = mount(QueueTiles, {
      props: {
        queue: queueView(1, {
          stats: { ...base.stats, today: { ...base.stats.today, recountPendingSince: since } },
        }),
        now: NOW,
        freshness: { stale: false, frozenAt: null, recountSince: since },
      },
    });
    const provisional = wrapper
      .findAll('[data-testid^="tile-"]')
      .filter((t) => t.attributes('data-provisional') === 'true')
      .map((t) => t.attributes('data-testid'));
    expect(provisional).toEqual([
      'tile-offered',
      'tile-answered',
      'tile-abandoned',
      'tile-serviceLevel',
      'tile-avgWait',
      'tile-avgTalk',
    ]);
    const answered = wrapper.get('[data-testid="tile-answered"]');
    expect(answered.text()).toContain('provisional');
    expect(answered.attributes('title')).toContain('recounted');
    // Calmly: no alarm level, and live figures (calls waiting, agents) are not touched.
    expect(answered.attributes('data-level')).toBe('none');
    expect(wrapper.get('[data-testid="tile-waiting"]').text()).not.toContain('provisional');
    expect(wrapper.get('[data-testid="recount-note"]').text()).toContain('recounting since 14:02');
  });

  it('shows no recount note when none is pending', () => {
    const { wrapper } = tiles({});
    expect(wrapper.find('[data-testid="recount-note"]').exists()).toBe(false);
    expect(wrapper.find('[data-provisional="true"]').exists()).toBe(false);
  });
});
