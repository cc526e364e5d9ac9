import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';

const callPbx = vi.fn();
vi.mock('../../api/admin-pbx.js', () => ({
  callPbx: (...args: unknown[]) => callPbx(...args),
}));
const { default: PauseReasonsView } = await import('./PauseReasonsView.vue');

const saved = [
  { code: '*01', reason: 'Lunch' },
  { code: '*02', reason: 'Break' },
];

async function mountView() {
  const router = createRouter({
    history: createMemoryHistory(),
    routes: [{ path: '/:p(.*)*', component: { template: '<div />' } }],
  });
  const wrapper = mount(PauseReasonsView, { global: { plugins: [router] }, attachTo: document.body });
  await flushPromises();
  return wrapper;
}

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => {
  callPbx.mockReset();
  document.body.innerHTML = '';
});

describe('PauseReasonsView', () => {
  it('names the deleted reason before saving, sends the whole list, and reads it again', async () => {
    callPbx.mockImplementation(async (operation: string) =>
      operation === 'queue_pause_reason/list'
        ? { ok: true, data: { data: callPbx.mock.calls.length > 2 ? [saved[0]] : saved } }
        : { ok: true, data: {} },
    );
    const wrapper = await mountView();
    expect(wrapper.findAll('[data-testid="pause-reason-row"]')).toHaveLength(2);
    await wrapper.findAll('[data-testid="pause-reason-remove"]')[1]?.trigger('click');
    await wrapper.get('[data-testid="pause-reasons-save"]').trigger('click');
    expect(wrapper.get('[data-testid="diff-deleted"]').text()).toBe('*02 Break');
    expect(callPbx).toHaveBeenCalledTimes(1);
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(callPbx.mock.calls[1]).toEqual([
      'queue_pause_reason/update',
      { pause_reason_list: [saved[0]] },
      expect.anything(),
    ]);
    expect(callPbx.mock.calls[2]?.[0]).toBe('queue_pause_reason/list');
    expect(wrapper.get('[data-testid="pause-reasons-outcome"]').text()).toBe('Saved one reason.');
    expect(wrapper.findAll('[data-testid="pause-reason-row"]')).toHaveLength(1);
  });

  it('sends nothing while the PBX client’s rules refuse the list', async () => {
    callPbx.mockResolvedValue({ ok: true, data: { data: saved } });
    const wrapper = await mountView();
    await wrapper.get('[data-testid="pause-reason-add"]').trigger('click');
    const codes = wrapper.findAll('[data-testid="pause-reason-code"]');
    await codes[2]?.setValue('*03');
    // Half of a surrogate pair is no character: the client's rules refuse it, the screen's own checks do not.
    await wrapper.findAll('[data-testid="pause-reason-text"]')[2]?.setValue('Meeting \uD83D');
    await wrapper.get('[data-testid="pause-reasons-save"]').trigger('click');
    expect(wrapper.find('[data-testid="pause-reason-diff"]').exists()).toBe(false);
    expect(wrapper.text()).toMatch(/Nothing was sent/);
    expect(callPbx).toHaveBeenCalledTimes(1);
  });

  it('says when the PBX cannot be reached, with a way to try again', async () => {
    callPbx.mockResolvedValue({
      ok: false,
      error: { code: 'pbx_unavailable', message: 'The PBX cannot be reached right now.', fields: [] },
    });
    const wrapper = await mountView();
    expect(wrapper.find('[data-testid="admin-unavailable"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="pause-reason-table"]').exists()).toBe(false);
  });
});
