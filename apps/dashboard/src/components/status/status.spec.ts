import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { health } from '../../../test/support/fixtures.js';
import FreshnessLabel from './FreshnessLabel.vue';
import LinkIndicators from './LinkIndicators.vue';

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
    expect(stale.attributes('data-stale')).toBe('true');
    expect(mount(FreshnessLabel, { props: { ageMs: null, stale: false } }).text()).toBe('waiting for data…');
  });
});
