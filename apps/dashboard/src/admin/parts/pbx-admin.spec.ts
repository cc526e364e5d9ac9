import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { h, ref } from 'vue';
import type { ClientResult } from '../../socket/live-socket.js';
import ConfirmDelete from './ConfirmDelete.vue';
import DetailPanel from './DetailPanel.vue';
import EditorForm from './EditorForm.vue';
import FormField from './FormField.vue';
import MaskedValue from './MaskedValue.vue';
import PagerNav from './PagerNav.vue';
import ResourceForm from './ResourceForm.vue';
import ResourceTable from './ResourceTable.vue';
import RuleField from './RuleField.vue';
import { loadProblem, type LoadStatus } from './admin-types.js';
import { useLoadState } from './use-load-state.js';
import { useResourceDelete, useResourceEditor } from './use-resource-editor.js';
import { useResourceList, type ListPage, type ListQuery, type TableRows } from './use-resource-list.js';

interface Rule {
  id: number;
  name: string;
}

/** A list as ResourceTable reads it (ready, no rows unless given), its reload a spy. */
const tableList = (rows: Rule[] = [], more: Omit<Partial<TableRows<Rule>>, 'status' | 'error'> = {}) => ({
  rows: ref(rows),
  status: ref<LoadStatus>('ready'),
  error: ref<string | null>(null),
  reload: vi.fn(() => Promise.resolve()),
  ...more,
});

const tableProps = (list: TableRows<Rule>, overrides: Record<string, unknown> = {}) => ({
  list,
  noun: { one: 'allowlist rule', many: 'allowlist rules' },
  columns: { name: 'Name' },
  rowName: (row: Rule) => row.name,
  ...overrides,
});

describe('FormField', () => {
  it('ties its error and hint to the input with aria-describedby and marks it invalid', () => {
    const wrapper = mount(FormField, {
      props: { name: 'prompt_repeat', label: 'Repeat', hint: '1–5.', error: 'must be at most 5' },
      slots: {
        default: (slot: { input: Record<string, unknown> }) => h('input', slot.input),
      },
      attachTo: document.body,
    });
    const input = wrapper.get('input');
    expect(wrapper.get('label').attributes('for')).toBe(input.attributes('id'));
    expect(input.attributes('aria-invalid')).toBe('true');
    const described = (input.attributes('aria-describedby') ?? '').split(' ');
    expect(described).toHaveLength(2);
    const texts = described.map((id) => document.getElementById(id)?.textContent?.trim());
    expect(texts).toEqual(['must be at most 5', '1–5.']);
    expect(wrapper.get('[data-testid="field-error-prompt_repeat"]').text()).toBe('must be at most 5');
    wrapper.unmount();
  });

  it('says nothing and is valid without an error', () => {
    const wrapper = mount(FormField, {
      props: { name: 'name', label: 'Name' },
      slots: {
        default: (slot: { input: Record<string, unknown> }) => h('input', slot.input),
      },
    });
    expect(wrapper.get('input').attributes('aria-invalid')).toBe('false');
    expect(wrapper.get('input').attributes('aria-describedby')).toBeUndefined();
    expect(wrapper.find('.message').exists()).toBe(false);
  });
});

describe('RuleField', () => {
  it('makes a bounded number input from an integer rule, with the bounds in the hint', async () => {
    const wrapper = mount(RuleField, {
      props: {
        name: 'resp_timeout',
        label: 'Response timeout',
        rule: { type: 'integer', required: true, min: 1, max: 10 },
        unit: 's',
        modelValue: 3,
      },
    });
    const input = wrapper.get('input');
    expect(input.attributes('type')).toBe('number');
    expect(input.attributes('min')).toBe('1');
    expect(input.attributes('max')).toBe('10');
    expect(wrapper.get('.hint').text()).toBe('Required. 1–10 s.');
    await input.setValue('7');
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual([7]);
    // Not a number: kept as typed for the form's check to name.
    await input.setValue('');
    expect(wrapper.emitted('update:modelValue')?.at(-1)).toEqual(['']);
  });

  it('makes a checkbox of a 0/1 flag and a select with words of an enum', async () => {
    const flag = mount(RuleField, {
      props: {
        name: 'enb_record_cdr',
        label: 'Record the PIN',
        rule: { type: 'integer', enum: [0, 1] },
        modelValue: 0,
      },
    });
    const box = flag.get('input');
    expect(box.attributes('type')).toBe('checkbox');
    await box.setValue(true);
    expect(flag.emitted('update:modelValue')?.at(-1)).toEqual([1]);

    const select = mount(RuleField, {
      props: {
        name: 'limit_type',
        label: 'Applies to',
        rule: { type: 'string', required: true, enum: ['inbound', 'outbound', 'both'] },
        optionLabels: { inbound: 'Incoming calls', outbound: 'Outgoing calls', both: 'Both' },
        modelValue: 'both',
      },
    });
    expect(select.findAll('option').map((o) => o.text())).toEqual([
      'Incoming calls',
      'Outgoing calls',
      'Both',
    ]);
    await select.get('select').setValue('inbound');
    expect(select.emitted('update:modelValue')?.at(-1)).toEqual(['inbound']);
  });
});

describe('MaskedValue', () => {
  it('shows no digit of the PINs until Reveal is pressed, and hides them again', async () => {
    const wrapper = mount(MaskedValue, { props: { value: '1234,56789', label: 'PINs of Night' } });
    const button = wrapper.get('[data-testid="reveal"]');
    expect(wrapper.text()).not.toMatch(/\d{3}/);
    // Same dots for every PIN: not even the length shows.
    expect(wrapper.get('[aria-hidden="true"]').text()).toBe('••• •••');
    expect(button.attributes('aria-pressed')).toBe('false');
    await button.trigger('click');
    expect(button.attributes('aria-pressed')).toBe('true');
    expect(wrapper.get('[data-testid="masked-text"]').text()).toBe('1234, 56789');
    await button.trigger('click');
    expect(wrapper.text()).not.toContain('1234');
  });
});

describe('ResourceTable', () => {
  afterEach(() => vi.useRealTimers());

  it('says when it is loading, empty, refused or when the PBX is out of reach, and retries', async () => {
    const list = tableList();
    list.status.value = 'loading';
    const wrapper = mount(ResourceTable<Rule>, { props: tableProps(list) });
    expect(wrapper.get('[data-testid="admin-loading"]').text()).toBe('Reading allowlist rules from the PBX…');
    list.status.value = 'ready';
    await flushPromises();
    expect(wrapper.get('[data-testid="admin-empty"]').text()).toBe('No allowlist rule yet.');
    await wrapper.setProps({ emptyText: 'The PBX has no allowlist rules.' });
    expect(wrapper.get('[data-testid="admin-empty"]').text()).toBe('The PBX has no allowlist rules.');
    list.status.value = 'unavailable';
    list.error.value = 'The PBX cannot be reached right now (allow_numbers/list).';
    await flushPromises();
    expect(wrapper.get('[data-testid="admin-unavailable"]').text()).toContain('cannot be reached');
    await wrapper.get('[data-testid="admin-retry"]').trigger('click');
    expect(list.reload).toHaveBeenCalledTimes(1);
    list.status.value = 'error';
    list.error.value = 'The PBX refused allow_numbers/list';
    await flushPromises();
    expect(wrapper.get('[data-testid="admin-error"]').text()).toContain('refused');
  });

  it('names the row on its buttons and emits the row; pages and searches', async () => {
    vi.useFakeTimers();
    const rows = [
      { id: 1, name: 'Partners' },
      { id: 2, name: 'Night' },
    ];
    const setPage = vi.fn(() => Promise.resolve());
    const setSearch = vi.fn(() => Promise.resolve());
    const list = tableList(rows, { page: ref(1), pageSize: 2, total: ref(3), setPage, setSearch });
    const wrapper = mount(ResourceTable<Rule>, {
      props: tableProps(list, { actions: ['view', 'edit', 'delete'], searchLabel: 'Search' }),
    });
    const second = wrapper.findAll('[data-testid="resource-row"]')[1];
    expect(second?.get('[data-testid="row-delete"]').text()).toBe('Delete Night');
    await second?.get('[data-testid="row-edit"]').trigger('click');
    expect(wrapper.emitted('edit')).toEqual([[rows[1]]]);
    expect(wrapper.get('[data-testid="resource-page"]').text()).toBe('Page 1 of 2');
    await wrapper.get('[data-testid="resource-pager"] button:last-child').trigger('click');
    expect(setPage.mock.calls).toEqual([[2]]);
    await wrapper.get('[data-testid="resource-search"]').setValue('Par');
    await wrapper.get('[data-testid="resource-search"]').setValue('Part ');
    expect(setSearch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(setSearch.mock.calls).toEqual([['Part']]);
  });

  it('says that nothing matches the search the rows were read with', () => {
    const list = tableList([], { search: ref('Par') });
    const wrapper = mount(ResourceTable<Rule>, { props: tableProps(list) });
    expect(wrapper.get('[data-testid="admin-empty"]').text()).toBe('No allowlist rule matches “Par”.');
  });
});

describe('ResourceForm', () => {
  it('keeps Save from sending twice and sums up a refused save', async () => {
    const wrapper = mount(ResourceForm, {
      props: { title: 'New rule' },
      slots: { default: '<input class="input" value="kept" />' },
    });
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('submit')).toHaveLength(1);
    await wrapper.setProps({ busy: true });
    await wrapper.get('form').trigger('submit');
    expect(wrapper.emitted('submit')).toHaveLength(1);
    await wrapper.setProps({
      busy: false,
      error: 'The PBX refused allow_numbers/create: name exists.',
      fieldErrorCount: 2,
    });
    expect(wrapper.get('[data-testid="form-error"]').text()).toContain('2 fields need a change');
    expect((wrapper.get('input').element as HTMLInputElement).value).toBe('kept');
  });
});

describe('useResourceList', () => {
  const page = (rows: Rule[], total = rows.length): ClientResult<ListPage<Rule>> => ({
    ok: true,
    data: { rows, total },
  });

  it('drops a slow answer that a newer search overtook', async () => {
    const answers: ((answer: ClientResult<ListPage<Rule>>) => void)[] = [];
    const queries: ListQuery[] = [];
    const list = useResourceList<Rule>((query) => {
      queries.push(query);
      return new Promise((resolve) => answers.push(resolve));
    }, 10);
    const first = list.reload();
    const second = list.setSearch(' night ');
    answers[1]?.(page([{ id: 2, name: 'Night' }]));
    answers[0]?.(page([{ id: 1, name: 'Everything' }]));
    await Promise.all([first, second]);
    expect(queries.map((q) => q.search)).toEqual(['', 'night']);
    expect(list.rows.value.map((r) => r.name)).toEqual(['Night']);
    expect(list.status.value).toBe('ready');
  });

  it('tells an unreachable PBX from a refusal', async () => {
    const list = useResourceList<Rule>(() =>
      Promise.resolve({
        ok: false,
        error: { code: 'pbx_unavailable', message: 'The PBX cannot be reached right now.' },
      }),
    );
    await list.reload();
    expect(list.status.value).toBe('unavailable');
    expect(loadProblem({ code: 'pbx_error', message: 'refused' }).status).toBe('error');
    expect(loadProblem({ code: 'timeout', message: 'slow' }).status).toBe('unavailable');
  });

  it('steps back a page when a delete emptied the last one', async () => {
    const load = vi.fn((query: ListQuery) =>
      Promise.resolve(query.page === 2 ? page([], 1) : page([{ id: 1, name: 'Only' }], 1)),
    );
    const list = useResourceList<Rule>(load, 1);
    await list.setPage(2);
    await flushPromises();
    expect(list.page.value).toBe(1);
    expect(list.rows.value).toHaveLength(1);
  });
});

describe('ResourceForm focus', () => {
  it('puts the focus in its first field when it opens', () => {
    const wrapper = mount(ResourceForm, {
      props: { title: 'New rule' },
      slots: { default: '<input class="input" data-first /><input class="input" />' },
      attachTo: document.body,
    });
    expect(document.activeElement?.hasAttribute('data-first')).toBe(true);
    wrapper.unmount();
  });
});

describe('EditorForm and ConfirmDelete bound to their composables', () => {
  it('titles the form by mode, saves and cancels through the editor', async () => {
    const save = vi.fn(() => Promise.resolve({ ok: true as const, data: {} }));
    const editor = useResourceEditor<{ name: string }>({
      blank: () => ({ name: '' }),
      check: () => [],
      save,
      refusedFields: () => [],
      saved: () => undefined,
    });
    editor.openCreate();
    const wrapper = mount(EditorForm, { props: { editor, newTitle: 'New rule' } });
    expect(wrapper.get('h2').text()).toBe('New rule');
    editor.openEdit(4, { name: 'Night' });
    await flushPromises();
    expect(wrapper.get('h2').text()).toBe('Edit “Night”');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(save).toHaveBeenCalledWith({ name: 'Night' }, 4);
    expect(editor.mode.value).toBe('closed');
    editor.openCreate();
    await wrapper.get('[data-testid="form-cancel"]').trigger('click');
    expect(editor.mode.value).toBe('closed');
  });

  it('names what is asked about, deletes on confirm and drops the question on cancel', async () => {
    const remove = vi.fn(() => Promise.resolve({ ok: true as const, data: {} }));
    const said: string[] = [];
    const deletion = useResourceDelete<Rule>({
      describe: (rule) => ({ kind: 'allowlist rule', name: rule.name }),
      remove,
      removed: () => undefined,
      announce: (text) => said.push(text),
    });
    const wrapper = mount(ConfirmDelete, { props: { deletion, consequence: 'Calls stop.' } });
    expect(wrapper.find('[data-testid="confirm-dialog"]').exists()).toBe(false);
    deletion.ask({ id: 1, name: 'Old' });
    await flushPromises();
    expect(wrapper.get('[data-testid="confirm-dialog"]').text()).toContain(
      'Delete the allowlist rule “Old”?',
    );
    expect(wrapper.get('[data-testid="confirm-dialog"]').text()).toContain('Calls stop.');
    await wrapper.get('[data-testid="cancel"]').trigger('click');
    expect(deletion.asked.value).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    deletion.ask({ id: 1, name: 'Old' });
    await flushPromises();
    await wrapper.get('[data-testid="confirm"]').trigger('click');
    await flushPromises();
    expect(remove).toHaveBeenCalledWith({ id: 1, name: 'Old' });
    expect(said).toEqual(['The allowlist rule “Old” is deleted.']);
  });
});

describe('DetailPanel', () => {
  it('focuses its heading when it opens and when another object is shown; Close says close', async () => {
    const wrapper = mount(DetailPanel, {
      props: { focusKey: 1, closeTestid: 'thing-close' },
      attrs: { 'data-testid': 'thing-detail' },
      slots: { heading: 'Night line', default: '<button class="inside">Inside</button>' },
      attachTo: document.body,
    });
    await flushPromises();
    const heading = wrapper.get('h2');
    expect(heading.text()).toBe('Night line');
    expect(document.activeElement).toBe(heading.element);
    expect(wrapper.get('section').attributes('aria-labelledby')).toBe(heading.attributes('id'));
    expect(wrapper.get('section').attributes('data-testid')).toBe('thing-detail');
    (wrapper.get('.inside').element as HTMLElement).focus();
    await wrapper.setProps({ focusKey: 2 });
    await flushPromises();
    expect(document.activeElement).toBe(heading.element);
    await wrapper.get('[data-testid="thing-close"]').trigger('click');
    expect(wrapper.emitted('close')).toHaveLength(1);
    wrapper.unmount();
  });
});

describe('useLoadState', () => {
  it('is loading once started, ready with no error after a good answer, and says why a read failed', () => {
    const load = useLoadState();
    expect(load.status.value).toBe('idle');
    load.start();
    expect(load.status.value).toBe('loading');
    expect(load.settle({ ok: false, error: { code: 'timeout', message: 'The PBX is slow.' } })).toBe(false);
    expect([load.status.value, load.error.value]).toEqual(['unavailable', 'The PBX is slow.']);
    expect(load.settle({ ok: false, error: { code: 'pbx_error', message: 'Refused.' } })).toBe(false);
    expect(load.status.value).toBe('error');
    load.start();
    expect(load.settle({ ok: true })).toBe(true);
    expect([load.status.value, load.error.value]).toEqual(['ready', null]);
  });
});

describe('PagerNav', () => {
  it('asks for the page before and after, and offers neither past the ends', async () => {
    const wrapper = mount(PagerNav, { props: { page: 1, pages: 3, pageTestid: 'the-page' } });
    const [previous, next] = wrapper.findAll('button');
    expect(wrapper.get('[data-testid="the-page"]').text()).toBe('Page 1 of 3');
    expect(previous?.attributes('disabled')).toBeDefined();
    await next?.trigger('click');
    await wrapper.setProps({ page: 3 });
    expect(next?.attributes('disabled')).toBeDefined();
    await previous?.trigger('click');
    expect(wrapper.emitted('page')).toEqual([[2], [2]]);
  });
});
