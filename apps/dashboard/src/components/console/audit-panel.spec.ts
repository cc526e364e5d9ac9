import { ok, type AuditEntryView } from '@switchboard/live-protocol';
import { enableAutoUnmount, flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { flush, sessionInfo } from '../../../test/support/fake-socket.js';
import { freshStores } from '../../../test/support/setup.js';
import { useConnectionStore } from '../../stores/connection.store.js';
import AuditPanel from './AuditPanel.vue';

// Every component a test mounts is unmounted after it.
enableAutoUnmount(afterEach);

const entry = (id: number, over: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id,
  at: Date.now() - 1_000 + id,
  user: 'Ana',
  action: 'inbound:decide',
  target: `c${id}`,
  result: 'ok',
  detail: '',
  facts: { decision: 'refuse_and_block', caller: '+1 555 0100', line: 'Sales' },
  ...over,
});

describe('AuditPanel', () => {
  it('follows the trail as sentences, adds pushed entries on top and filters them', async () => {
    const { socket, pinia } = freshStores();
    useConnectionStore().start('t');
    socket.handle('audit:follow', () => ok([entry(1)]));
    socket.open(sessionInfo());
    await flush();
    const wrapper = mount(AuditPanel, { global: { plugins: [pinia] } });
    await flushPromises();
    expect(socket.sentOf('audit:follow')).toHaveLength(1);
    expect(socket.sentOf('audit:recent')).toEqual([]);
    const sentences = () => wrapper.findAll('[data-testid="audit-entry"] span').map((s) => s.text());
    expect(sentences()).toEqual(['Ana refused and blocked +1 555 0100, held call on Sales line']);
    socket.fire(
      'audit:entry',
      entry(2, { user: 'Bo', action: 'conference:kick', facts: { conference: '6900', members: 'all' } }),
    );
    await flushPromises();
    expect(sentences()).toEqual([
      'Bo ended conference 6900 for everyone',
      'Ana refused and blocked +1 555 0100, held call on Sales line',
    ]);
    // The list scrolls by itself: reachable by keyboard (axe: scrollable-region-focusable).
    expect(wrapper.get('ol.log').attributes('tabindex')).toBe('0');
    await wrapper.get('[data-testid="audit-filter-user"]').setValue('Ana');
    expect(sentences()).toHaveLength(1);
    await wrapper.get('[data-testid="audit-filter-user"]').setValue('');
    await wrapper.get('[data-testid="audit-filter-action"]').setValue('conference:kick');
    expect(sentences()).toEqual(['Bo ended conference 6900 for everyone']);
    await wrapper.get('[data-testid="audit-filter-action"]').setValue('');
    await wrapper.get('[data-testid="audit-filter-text"]').setValue('nobody');
    expect(wrapper.get('[data-testid="audit-empty"]').text()).toBe('No action matches these filters.');
  });
});
