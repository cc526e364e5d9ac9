import { flushPromises, mount } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXTENSIONS, testPhone } from './phone-fixtures.js';

const callPbx = vi.fn();
vi.mock('../../api/admin-pbx.js', () => ({ callPbx: (...args: unknown[]) => callPbx(...args) }));
const { default: PhoneBulkEdit } = await import('./PhoneBulkEdit.vue');

// MACs as a CSV gives them (no colons), so the save is seen to send them in the PBX's form.
const phone = (id: number, ext: string, model?: string) => testPhone(id, ext, model, `805EC0A1000${id}`);

beforeEach(() => setActivePinia(createPinia()));
afterEach(() => callPbx.mockReset());

describe('PhoneBulkEdit', () => {
  it('sends one phone/batchupdate with each phone’s id, MAC in the PBX form and chosen extension', async () => {
    callPbx.mockResolvedValue({ ok: true, data: {} });
    const wrapper = mount(PhoneBulkEdit, {
      props: { phones: [phone(1, '1001'), phone(2, 'Unassigned')], extensions: EXTENSIONS },
    });
    const selects = wrapper.findAll('[data-testid="phone-edit-extension"]');
    expect((selects[0]?.element as HTMLSelectElement).value).toBe('11');
    await selects[1]?.setValue('12');
    await wrapper.get('[data-testid="phone-edit-save"]').trigger('click');
    await flushPromises();
    expect(callPbx).toHaveBeenCalledWith(
      'phone/batchupdate',
      {
        batch_id_list: [1, 2],
        phone_list: [
          { id: 1, mac: '80:5E:C0:A1:00:01', ext_id: 11 },
          { id: 2, mac: '80:5E:C0:A1:00:02', ext_id: 12 },
        ],
      },
      expect.anything(),
    );
    expect(wrapper.emitted('done')?.[0]).toEqual(['Updated 2 phones.']);
  });

  it('asks for an extension instead of sending a phone without one', async () => {
    const wrapper = mount(PhoneBulkEdit, {
      props: { phones: [phone(2, 'Unassigned')], extensions: EXTENSIONS },
    });
    await wrapper.get('[data-testid="phone-edit-save"]').trigger('click');
    expect(callPbx).not.toHaveBeenCalled();
    expect(wrapper.text()).toContain('Choose an extension.');
  });

  it('shows the PBX’s refusal next to the row it names', async () => {
    callPbx.mockResolvedValue({
      ok: false,
      error: {
        code: 'pbx_error',
        message: 'The PBX refused phone/batchupdate',
        fields: [{ field: 'phone_list[1].mac', message: 'is already used' }],
      },
    });
    const wrapper = mount(PhoneBulkEdit, {
      props: { phones: [phone(1, '1001'), phone(2, '1002')], extensions: EXTENSIONS },
    });
    await wrapper.get('[data-testid="phone-edit-save"]').trigger('click');
    await flushPromises();
    const rows = wrapper.findAll('[data-testid="phone-edit-row"]');
    expect(rows[1]?.text()).toContain('is already used');
    expect(rows[0]?.text()).not.toContain('is already used');
    expect(wrapper.get('[data-testid="phone-edit-error"]').text()).toContain('refused');
  });

  it('will not send phones of two models, which the PBX refuses', () => {
    const wrapper = mount(PhoneBulkEdit, {
      props: { phones: [phone(1, '1001'), phone(2, '1002', 'T46U')], extensions: EXTENSIONS },
    });
    expect(wrapper.get('[data-testid="phone-edit-save"]').attributes('disabled')).toBeDefined();
    expect(wrapper.text()).toContain('one vendor and model at a time');
  });
});
