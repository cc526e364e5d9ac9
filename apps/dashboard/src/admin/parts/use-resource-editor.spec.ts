import { describe, expect, it, vi } from 'vitest';
import type { ClientResult } from '../../socket/live-socket.js';
import { useResourceDelete, useResourceEditor } from './use-resource-editor.js';

interface Values {
  name: string;
  limit_type: string;
}

function editor(save: (values: Values, id: number | null) => Promise<ClientResult<unknown>>) {
  const saved = vi.fn();
  const state = useResourceEditor<Values>({
    blank: () => ({ name: '', limit_type: 'inbound' }),
    check: (values) => (values.name === '' ? [{ field: 'name', message: 'is required' }] : []),
    save,
    refusedFields: (error) => (error as { fields?: { field: string; message: string }[] }).fields ?? [],
    saved,
  });
  return { state, saved };
}

describe('useResourceEditor', () => {
  it('does not send what the rules refuse, and shows the error at the field', async () => {
    const save = vi.fn(() => Promise.resolve({ ok: true, data: {} } as const));
    const { state } = editor(save);
    state.openCreate();
    expect(await state.submit()).toBe(false);
    expect(save).not.toHaveBeenCalled();
    expect(state.errors.value).toEqual({ name: 'is required' });
    expect(state.fieldErrorCount.value).toBe(1);
  });

  it('keeps the typed values after a refused save and maps the refusal onto fields', async () => {
    const { state, saved } = editor(() =>
      Promise.resolve({
        ok: false,
        error: {
          code: 'pbx_error',
          message: 'The PBX refused allow_numbers/create: name exists (errcode 40003).',
          fields: [{ field: 'name', message: 'is already in use' }],
        },
      }),
    );
    state.openCreate();
    state.values.name = 'Partners';
    expect(await state.submit()).toBe(false);
    expect(state.values.name).toBe('Partners');
    expect(state.errors.value).toEqual({ name: 'is already in use' });
    expect(state.formError.value).toContain('errcode 40003');
    expect(state.mode.value).toBe('create');
    expect(saved).not.toHaveBeenCalled();
  });

  it('sends an edit with its id and closes after a save', async () => {
    const save = vi.fn((_values: Values, _id: number | null) =>
      Promise.resolve({ ok: true, data: {} } as const),
    );
    const { state, saved } = editor(save);
    state.openEdit(9, { name: 'Night', limit_type: 'both' });
    expect(await state.submit()).toBe(true);
    expect(save).toHaveBeenCalledWith({ name: 'Night', limit_type: 'both' }, 9);
    expect(saved).toHaveBeenCalledOnce();
    expect(state.mode.value).toBe('closed');
  });
});

describe('useResourceDelete', () => {
  it('deletes only after the question, and says how it went', async () => {
    const announce = vi.fn();
    const remove = vi.fn(() => Promise.resolve({ ok: true, data: {} } as const));
    const removed = vi.fn();
    const flow = useResourceDelete<{ id: number; name: string }>({
      describe: (row) => ({ kind: 'PIN list', name: row.name }),
      remove,
      removed,
      announce,
    });
    flow.ask({ id: 1, name: 'Intl' });
    expect(flow.asked.value).toEqual({ kind: 'PIN list', name: 'Intl' });
    expect(remove).not.toHaveBeenCalled();
    await flow.confirm();
    expect(remove).toHaveBeenCalledOnce();
    expect(announce).toHaveBeenCalledWith('The PIN list “Intl” is deleted.');
    expect(removed).toHaveBeenCalledOnce();
    expect(flow.asked.value).toBeNull();
    flow.ask({ id: 2, name: 'Local' });
    flow.cancel();
    await flow.confirm();
    expect(remove).toHaveBeenCalledOnce();
  });
});
