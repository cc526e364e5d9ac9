import type { PbxFieldError, PbxFieldSchema, PbxSchemaAnswer } from '@switchboard/live-protocol';
import { ref, shallowRef } from 'vue';
import { loadPbxSchema } from '../../api/admin-pbx.js';
import { checkPbxForm } from '../../lib/pbx-form-rules.js';
import { useSessionStore } from '../../stores/session.store.js';
import type { FieldRuleLike, LoadStatus } from './admin-types.js';

// One schema for every admin screen of the page: it only changes with the gateway's version.
const schema = shallowRef<PbxSchemaAnswer | null>(null);
const status = ref<LoadStatus>('idle');
let reading: Promise<void> | null = null;

/**
 * The PBX's own parameter rules (GET /api/pbx/schema) for the admin forms: each field's rule for its input,
 * and a check of a request body before it is sent. Until the rules are read the check passes everything and
 * the gateway's own check (the same rules) still answers with the fields.
 */
export function useAdminRules() {
  const session = useSessionStore();

  function load(): Promise<void> {
    if (schema.value) return Promise.resolve();
    reading ??= (async () => {
      status.value = 'loading';
      const answer = await loadPbxSchema(session.token);
      reading = null;
      if (answer.ok) {
        schema.value = answer.data;
        status.value = 'ready';
      } else status.value = answer.error.code === 'pbx_unavailable' ? 'unavailable' : 'error';
    })();
    return reading;
  }

  const operation = (name: string) => schema.value?.operations.find((candidate) => candidate.name === name);

  /** The rule of parameter `field` of `operationName`, or null while unknown. */
  function field(operationName: string, name: string): FieldRuleLike | null {
    const rule: PbxFieldSchema | undefined = operation(operationName)?.params.fields[name];
    return rule ?? null;
  }

  /** What the PBX client would refuse in `body` for `operationName`; empty = send it. */
  function check(operationName: string, body: Readonly<Record<string, unknown>>): PbxFieldError[] {
    const known = operation(operationName);
    const loaded = schema.value;
    if (!known || !loaded) return [];
    return checkPbxForm(known.params, body, loaded);
  }

  /** The fields a refused save names (callPbx already mapped the gateway's check and invalid_param_list). */
  const refusedFields = (error: unknown): PbxFieldError[] =>
    (error as { fields?: PbxFieldError[] }).fields ?? [];

  return { load, field, check, refusedFields, status };
}
