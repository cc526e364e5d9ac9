import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { liveRow, queueView } from '../../test/support/fixtures.js';
import type { QueueRow } from '../lib/board-rows.js';
import { useCriticalSound } from './use-critical-sound.js';

const beep = vi.hoisted(() => vi.fn(() => true));
vi.mock('../lib/beep.js', () => ({ beep }));

function row(waiting: number): QueueRow {
  const base = queueView(1);
  return liveRow(queueView(1, { stats: { ...base.stats, waiting } }), 'Q');
}

describe('useCriticalSound', () => {
  it('beeps when a figure turns critical, once, and only when sound is on', async () => {
    const rows = ref<QueueRow[]>([row(1)]);
    const enabled = ref(true);
    mount(
      defineComponent({
        setup() {
          useCriticalSound(
            rows,
            () => 0,
            () => enabled.value,
          );
          return () => h('div');
        },
      }),
    );
    rows.value = [row(6)];
    await Promise.resolve();
    await Promise.resolve();
    expect(beep).toHaveBeenCalledTimes(1);
    expect(beep).toHaveBeenCalledWith('critical');
    rows.value = [row(7)];
    await Promise.resolve();
    expect(beep).toHaveBeenCalledTimes(1);
    enabled.value = false;
    rows.value = [row(0)];
    await Promise.resolve();
    rows.value = [row(9)];
    await Promise.resolve();
    expect(beep).toHaveBeenCalledTimes(1);
  });
});
