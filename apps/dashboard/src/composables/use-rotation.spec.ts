import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, nextTick, ref, type Ref } from 'vue';
import { useRotation } from './use-rotation.js';

function rotating(count: Ref<number>, seconds: Ref<number | null>) {
  let index!: Ref<number>;
  const wrapper = mount(
    defineComponent({
      setup() {
        index = useRotation(
          () => count.value,
          () => seconds.value,
        );
        return () => null;
      },
    }),
  );
  return { index: () => index.value, wrapper };
}

describe('useRotation', () => {
  afterEach(() => vi.useRealTimers());

  it('advances every period and wraps at the count', async () => {
    vi.useFakeTimers();
    const { index } = rotating(ref(3), ref(2));
    expect(index()).toBe(0);
    vi.advanceTimersByTime(2000);
    expect(index()).toBe(1);
    vi.advanceTimersByTime(4000);
    expect(index()).toBe(0);
  });

  it('keeps turning while the count changes every half period (agent pages as exceptions come and go)', async () => {
    vi.useFakeTimers();
    const count = ref(10);
    const { index } = rotating(count, ref(1));
    for (let i = 0; i < 8; i++) {
      vi.advanceTimersByTime(500);
      count.value = count.value === 10 ? 11 : 10;
      await nextTick();
    }
    expect(index()).toBe(4);
  });

  it('brings the index back in range when the count drops, and stands still without a period', async () => {
    vi.useFakeTimers();
    const count = ref(5);
    const seconds = ref<number | null>(1);
    const { index } = rotating(count, seconds);
    vi.advanceTimersByTime(4000);
    expect(index()).toBe(4);
    count.value = 2;
    await nextTick();
    expect(index()).toBe(0);
    seconds.value = null;
    await nextTick();
    vi.advanceTimersByTime(5000);
    expect(index()).toBe(0);
  });
});
