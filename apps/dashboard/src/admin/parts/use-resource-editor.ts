import { computed, reactive, ref } from 'vue';
import type { PbxFieldError } from '@switchboard/live-protocol';
import type { ClientResult } from '../../socket/live-socket.js';

/** Whether the form is closed, making a new object, or changing object `id`. */
export type EditorMode = 'closed' | 'create' | 'edit';

/** How a screen's form is checked, saved and told apart from its refusals. */
export interface EditorOptions<Values extends object> {
  /** The values of a new object. */
  blank: () => Values;
  /** What the PBX would refuse, checked before anything is sent (pbx-form-rules); empty = send. `id` null = create. */
  check: (values: Values, id: number | null) => readonly PbxFieldError[];
  /** Sends a create (`id` null) or an update of object `id`. */
  save: (values: Values, id: number | null) => Promise<ClientResult<unknown>>;
  /** The fields a refused save names (the gateway's `fields`, or the PBX's invalid_param_list mapped). */
  refusedFields: (error: unknown) => readonly PbxFieldError[];
  /** After a save went through: e.g. read the list again. */
  saved: (values: Values, mode: 'create' | 'edit') => void | Promise<void>;
}

/**
 * The state of one create / edit form: its values, per-field errors, a sentence for a refused save, busy.
 * Values are only replaced when a form opens; a check or a refused save leaves them as typed.
 */
export function useResourceEditor<Values extends object>(options: EditorOptions<Values>) {
  const mode = ref<EditorMode>('closed');
  const editingId = ref<number | null>(null);
  const values = reactive(options.blank()) as Values;
  const errors = ref<Record<string, string>>({});
  const formError = ref<string | null>(null);
  const busy = ref(false);
  const fieldErrorCount = computed(() => Object.keys(errors.value).length);

  function open(next: 'create' | 'edit', id: number | null, start: Values): void {
    mode.value = next;
    editingId.value = id;
    Object.assign(values, start);
    errors.value = {};
    formError.value = null;
  }

  /** The first message per field (the form shows one at a time, next to the field). */
  function show(list: readonly PbxFieldError[]): void {
    const byField: Record<string, string> = {};
    for (const item of list) byField[item.field] ??= item.message;
    errors.value = byField;
  }

  async function submit(): Promise<boolean> {
    if (mode.value === 'closed' || busy.value) return false;
    const current = mode.value;
    const id = current === 'edit' ? editingId.value : null;
    const problems = options.check(values, id);
    show(problems);
    formError.value = null;
    if (problems.length > 0) return false;
    busy.value = true;
    const answer = await options.save(values, id);
    busy.value = false;
    if (!answer.ok) {
      show(options.refusedFields(answer.error));
      formError.value = answer.error.message;
      return false;
    }
    await options.saved(values, current);
    close();
    return true;
  }

  function close(): void {
    mode.value = 'closed';
    editingId.value = null;
    errors.value = {};
    formError.value = null;
  }

  return {
    mode,
    editingId,
    values,
    errors,
    formError,
    busy,
    fieldErrorCount,
    openCreate: () => open('create', null, options.blank()),
    openEdit: (id: number, start: Values) => open('edit', id, start),
    submit,
    close,
  };
}

/**
 * The delete question of a screen: which row is asked about, then the delete, with a sentence for the
 * status line either way.
 */
export function useResourceDelete<Row>(options: {
  describe: (row: Row) => { kind: string; name: string };
  remove: (row: Row) => Promise<ClientResult<unknown>>;
  removed: (row: Row) => void | Promise<void>;
  /** Says how it went on the screen's status line. */
  announce: (text: string) => void;
}) {
  const target = ref<Row | null>(null) as { value: Row | null };
  const asked = computed(() => (target.value === null ? null : options.describe(target.value)));

  async function confirm(): Promise<void> {
    const row = target.value;
    target.value = null;
    if (row === null) return;
    const { kind, name } = options.describe(row);
    const answer = await options.remove(row);
    if (answer.ok) {
      options.announce(`The ${kind} “${name}” is deleted.`);
      await options.removed(row);
    } else options.announce(`Could not delete the ${kind} “${name}”: ${answer.error.message}`);
  }

  return {
    target,
    asked,
    ask: (row: Row) => {
      target.value = row;
    },
    cancel: () => {
      target.value = null;
    },
    confirm,
  };
}
