import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { nextTick } from 'vue';
import { health } from '../../../test/support/fixtures.js';
import { freshStores } from '../../../test/support/setup.js';
import { pageReload } from '../../composables/use-self-update.js';
import { useConnectionStore } from '../../stores/connection.store.js';
import FreshnessLabel from './FreshnessLabel.vue';
import LinkDownBanner from './LinkDownBanner.vue';
import LinkIndicators from './LinkIndicators.vue';
import OutageBanner from './OutageBanner.vue';
import UpdateNotice from './UpdateNotice.vue';

/** Local epoch ms of a wall-clock time today. */
const at = (h: number, m: number, s: number) => new Date(2026, 10, 24, h, m, s).getTime();

describe('LinkIndicators', () => {
  it('shows both links with words, not colour only', () => {
    const wrapper = mount(LinkIndicators, {
      props: { gateway: 'connected', pbx: health({ pbx: 'degraded', lastError: 'slow answers' }) },
    });
    expect(wrapper.get('[data-testid="gateway-link"]').text()).toBe('Gateway: connected');
    const pbx = wrapper.get('[data-testid="pbx-link"]');
    expect(pbx.text()).toBe('PBX: degraded');
    expect(pbx.attributes('title')).toBe('Last PBX error: slow answers');
  });

  it('does not claim to know the PBX link while the gateway is unreachable', () => {
    const wrapper = mount(LinkIndicators, {
      props: { gateway: 'disconnected', pbx: health({ pbx: 'connected' }) },
    });
    expect(wrapper.get('[data-testid="gateway-link"]').text()).toBe('Gateway: down – reconnecting');
    expect(wrapper.get('[data-testid="pbx-link"]').attributes('data-status')).toBe('unknown');
  });
});

describe('FreshnessLabel', () => {
  it('says how old the data is and flags stale data in words', () => {
    expect(mount(FreshnessLabel, { props: { ageMs: 12_000, stale: false } }).text()).toBe('updated 12 s ago');
    const stale = mount(FreshnessLabel, { props: { ageMs: 90_000, stale: true } });
    expect(stale.text()).toBe('updated 90 s ago · STALE');
    const terse = mount(FreshnessLabel, { props: { ageMs: 90_000, stale: true, terse: true } });
    expect(terse.text()).toBe('STALE · 90 s ago');
    expect(terse.attributes('data-stale')).toBe('true');
    // Fresh data reads the same either way.
    expect(mount(FreshnessLabel, { props: { ageMs: 12_000, stale: false, terse: true } }).text()).toBe(
      'updated 12 s ago',
    );
    expect(stale.attributes('data-stale')).toBe('true');
    expect(mount(FreshnessLabel, { props: { ageMs: null, stale: false } }).text()).toBe('waiting for data…');
  });
});

describe('OutageBanner', () => {
  /** The PBX link down since 14:02:11, figures known up to 14:02:09, seen at `now`. */
  const pbxDown = (now: number, more: { lastError?: string; holdWindowMs?: number; audience?: 'board' }) =>
    mount(OutageBanner, {
      props: { kind: 'pbx', since: at(14, 2, 11), now, frozenAt: at(14, 2, 9), ...more },
    });

  it('says the PBX link is down, since when, and what it means for figures and held calls', () => {
    const wrapper = pbxDown(at(14, 5, 11), { lastError: 'HTTP 503', holdWindowMs: 10_000 });
    const text = wrapper.text();
    expect(wrapper.attributes('data-kind')).toBe('pbx');
    expect(wrapper.get('[data-testid="outage-since"]').text()).toBe('since 14:02:11');
    expect(text).toContain('PBX link down since 14:02:11 (3 min ago)');
    expect(text).toContain('Figures and agent states are frozen at 14:02:09');
    expect(text).toContain('Held calls cannot be shown');
    expect(text).toContain('after its 10 s hold window');
    expect(text).toContain('Last error: HTTP 503');
    // Announced once, assertively; the ticking "3 min ago" is kept out of the announcement.
    const alert = wrapper.get('[role="alert"]');
    expect(alert.get('[aria-hidden="true"]').text()).toBe('(3 min ago)');
  });

  it('is softer for an interrupted event stream: figures stay current, events are missing', () => {
    const wrapper = mount(OutageBanner, {
      props: { kind: 'events', since: at(9, 0, 0), now: at(9, 0, 40) },
    });
    expect(wrapper.classes()).toContain('kind-events');
    expect(wrapper.find('[role="alert"]').exists()).toBe(false);
    expect(wrapper.get('[role="status"]').text()).toContain('PBX events interrupted since 09:00:00');
    expect(wrapper.text()).toContain('Held calls and desk-phone calls cannot be shown');
    expect(wrapper.text()).not.toContain('frozen');
  });

  it('keeps to one line of what matters on a wall screen', () => {
    const wrapper = pbxDown(at(14, 2, 41), { audience: 'board' });
    expect(wrapper.text()).toBe(
      'PBX link down since 14:02:11 (30 s ago)Figures and agent states are frozen at 14:02:09 and marked “not live”.',
    );
  });
});

describe('LinkDownBanner', () => {
  it('says since when the gateway link is lost and up to when the figures are true', () => {
    const wrapper = mount(LinkDownBanner, {
      props: {
        since: at(14, 2, 11),
        now: at(14, 3, 11),
        reason: 'Connection lost (transport close).',
        frozenAt: at(14, 2, 10),
      },
    });
    expect(wrapper.text()).toContain('Connection to the gateway lost at 14:02:11 (60 s ago)');
    expect(wrapper.text()).toContain('Figures and agent states are frozen at 14:02:10.');
    expect(wrapper.text()).toContain('Connection lost (transport close).');
  });
});

describe('UpdateNotice', () => {
  it('offers the new build on the console, and reloads only when asked', async () => {
    const { pinia } = freshStores();
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const wrapper = mount(UpdateNotice, { global: { plugins: [pinia] } });
    expect(wrapper.find('[data-testid="update-notice"]').exists()).toBe(false);
    useConnectionStore().updateWanted = { reason: 'build', target: 'b-2' };
    await nextTick();
    expect(wrapper.get('[data-testid="update-notice"]').text()).toContain(
      'A new version of Switchboard is ready.',
    );
    expect(reload).not.toHaveBeenCalled();
    await wrapper.get('button').trigger('click');
    expect(reload).toHaveBeenCalledOnce();
  });
});
