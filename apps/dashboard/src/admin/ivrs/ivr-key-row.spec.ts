import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import ChoiceList from '../parts/ChoiceList.vue';
import IvrKeyRow from './IvrKeyRow.vue';
import type { IvrKeyRow as Row } from './ivr-keys.js';

const slot = { key: '1', label: 'Key 1', field: 'press1', recordField: 'allow_out_record1' };
const row = (change: Partial<Row> = {}): Row => ({
  key: '1',
  dest: '',
  value: '',
  prefix: '',
  record: 0,
  ...change,
});
const choices = [
  { text: 'Sales', value: '1' },
  { text: 'Support', value: '2' },
];

function mountRow(value: Row, errors: Record<string, string> = {}) {
  const table = document.createElement('tbody');
  document.body.append(table);
  return mount(IvrKeyRow, {
    props: { keySlot: slot, modelValue: value, choices, errors },
    attachTo: table,
  });
}

describe('IvrKeyRow', () => {
  it('asks for the menu of a chosen destination type and starts its choice afresh', async () => {
    const wrapper = mountRow(row({ dest: 'extension', value: '12', record: 1 }));
    await wrapper.get('[data-testid="ivr-dest"]').setValue('queue');
    expect(wrapper.emitted('needMenu')).toEqual([['queue']]);
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual([row({ dest: 'queue', record: 1 })]);
  });

  it('picks the destination from the menu, types an external number, and offers recording only when set', async () => {
    const picked = mountRow(row({ dest: 'queue' }));
    expect(picked.findAll('[data-testid="ivr-dest-value"] option').map((o) => o.text())).toEqual([
      'Choose…',
      'Sales',
      'Support',
    ]);
    await picked.get('[data-testid="ivr-dest-value"]').setValue('2');
    expect(picked.emitted('update:modelValue')?.at(-1)).toEqual([row({ dest: 'queue', value: '2' })]);
    expect(picked.find('[data-testid="ivr-dest-prefix"]').exists()).toBe(false);

    const typed = mountRow(row({ dest: 'external_num' }));
    expect(typed.get('[data-testid="ivr-dest-value"]').attributes('type')).toBe('tel');
    expect(typed.get('[data-testid="ivr-dest-prefix"]').attributes('placeholder')).toBe('Dial prefix');

    const idle = mountRow(row());
    expect(idle.get('[data-testid="ivr-record"]').attributes('disabled')).toBeDefined();
    expect(idle.find('[data-testid="ivr-dest-value"]').exists()).toBe(false);
  });

  it('shows the PBX field’s error under the row, tied to its controls', () => {
    const wrapper = mountRow(row({ dest: 'queue' }), { press1_dest_value: 'needs a destination' });
    const error = wrapper.get('[data-testid="field-error-press1"]');
    expect(error.text()).toBe('Key 1: needs a destination');
    const select = wrapper.get('[data-testid="ivr-dest-value"]');
    expect(select.attributes('aria-invalid')).toBe('true');
    expect(select.attributes('aria-describedby')).toBe(error.attributes('id'));
  });
});

describe('ChoiceList', () => {
  it('ticks ids from a menu, filters a long one and says when the menu cannot be read', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ text: `Agent ${i}`, value: String(100 + i) }));
    const wrapper = mount(ChoiceList, {
      props: { name: 'members', legend: 'Members', choices: many, status: 'ready', modelValue: ['100'] },
    });
    expect(wrapper.get('legend').text()).toContain('(1 chosen)');
    await wrapper.get('[data-testid="filter-members"]').setValue('agent 7');
    const boxes = wrapper.findAll('[data-testid="choice-members"]');
    expect(boxes).toHaveLength(1);
    await boxes[0]?.setValue(true);
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual([['100', '107']]);

    await wrapper.setProps({ status: 'unavailable', statusMessage: 'The PBX cannot be reached right now.' });
    expect(wrapper.get('[role="alert"]').text()).toContain('cannot be reached');
    await wrapper.get('[role="alert"] button').trigger('click');
    expect(wrapper.emitted('retry')).toHaveLength(1);
  });
});
