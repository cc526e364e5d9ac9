import { onMounted, ref } from 'vue';
import type { AdminOperationBody, PbxFieldError } from '@switchboard/live-protocol';
import type { ResourceNoun } from './admin-types.js';
import { pbx } from './pbx-call.js';
import { pbxListLoader } from './pbx-rows.js';
import { useAdminRules } from './use-admin-rules.js';
import { useResourceDelete, useResourceEditor } from './use-resource-editor.js';
import { useResourceList } from './use-resource-list.js';
import { useResourceView } from './use-resource-view.js';

/** The PBX resources a list screen edits: listed and searched, read one at a time, created, updated, deleted. */
export type EditedResource = 'allow_numbers' | 'block_numbers' | 'pin_list' | 'ivr' | 'message_queue';

/** How one list screen's objects are turned into its form and back into the PBX's bodies. */
export interface ResourceScreenOptions<Row, Values, R extends EditedResource> {
  /** The values of a new object. */
  blank: () => Values;
  /** The form's values of an object being edited. */
  form: (row: Row) => Values;
  /**
   * The body of a create (`id` null) or of an update of object `id`; `opened` is the object as the screen read
   * it for the edit (null when creating).
   */
  body: (
    values: Values,
    id: number | null,
    opened: Row | null,
  ) => AdminOperationBody<`${R}/${'create' | 'update'}`>;
  /** The screen's own checks beside the PBX's rules (`byRules`), in the order their messages should win. */
  check?: (values: Values, byRules: readonly PbxFieldError[]) => readonly PbxFieldError[];
  /** The list holds only some of an object's fields: read it whole (`<resource>/get`) before its form opens. */
  readFirst?: boolean;
  /** Called with the values an edit form opens with, just before it opens (e.g. to read the menus they use). */
  editing?: (values: Values) => void;
}

/**
 * The state of a list screen of the PBX's `resource` (the ResourceScreen component shows it): the paged list,
 * read when the screen mounts, the object open for viewing or being read for an edit (`current`), the create /
 * edit form, the delete question, and the status line that says what was saved or deleted.
 */
export function useResourceScreen<
  Row extends { id: number; name: string },
  Values extends { name: string },
  R extends EditedResource,
>(resource: R, noun: ResourceNoun, options: ResourceScreenOptions<Row, Values, R>) {
  const rules = useAdminRules();
  const list = useResourceList<Row>(pbxListLoader<Row>(resource));
  const current = useResourceView<Row>(resource);
  const notice = ref<string | null>(null);

  const operation = (id: number | null) => `${resource}/${id === null ? 'create' : 'update'}` as const;
  const bodyOf = (values: Values, id: number | null) =>
    options.body(values, id, id === null ? null : current.item.value);

  const editor = useResourceEditor<Values>({
    blank: options.blank,
    check: (values, id) => {
      const byRules = rules.check(operation(id), bodyOf(values, id));
      return options.check ? options.check(values, byRules) : byRules;
    },
    save: (values, id) => pbx(operation(id), bodyOf(values, id)),
    refusedFields: rules.refusedFields,
    saved: async (values, mode) => {
      notice.value = `The ${noun.one} “${values.name.trim()}” is ${mode === 'create' ? 'created' : 'saved'}.`;
      current.close();
      await list.reload();
    },
  });

  const deletion = useResourceDelete<Row>({
    describe: (row) => ({ kind: noun.one, name: row.name }),
    remove: (row) => pbx(`${resource}/delete`, { id: row.id }),
    removed: () => list.reload(),
    announce: (text) => (notice.value = text),
  });

  async function edit(row: Row): Promise<void> {
    notice.value = null;
    editor.close();
    if (options.readFirst) {
      const full = await current.open(row);
      if (!full) return;
      row = full;
    } else current.close();
    const values = options.form(row);
    options.editing?.(values);
    editor.openEdit(row.id, values);
  }

  function create(): void {
    notice.value = null;
    current.close();
    editor.openCreate();
  }

  /** Shows the object as the PBX's get answers it now, in place of the form. */
  function view(row: Row): void {
    editor.close();
    void current.open(row);
  }

  /** The rule of one field of the form, as the PBX's create checks it. */
  const rule = (name: string) => rules.field(`${resource}/create`, name);
  /** The props binding a RuleField to form field `name`: its value (v-model), its rule and its error. */
  const field = (name: keyof Values & string) => ({
    name,
    rule: rule(name),
    error: editor.errors.value[name],
    // A RuleField's value stays as typed: text or a number.
    modelValue: editor.values[name] as string | number | undefined,
    'onUpdate:modelValue': (value: string | number | undefined) => {
      (editor.values as Record<string, unknown>)[name] = value;
    },
  });

  onMounted(() => void list.reload());

  return { noun, list, current, editor, deletion, notice, rule, field, edit, create, view };
}

export type ResourceScreenState<
  Row extends { id: number; name: string },
  Values extends { name: string },
> = ReturnType<typeof useResourceScreen<Row, Values, EditedResource>>;
