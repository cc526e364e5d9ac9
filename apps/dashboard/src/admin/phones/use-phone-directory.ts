import type { PhoneSummary } from '@switchboard/pbx-api/rules';
import { ref, shallowRef } from 'vue';
import { callPbx } from '../../api/admin-pbx.js';
import { useSessionStore } from '../../stores/session.store.js';
import type { ExtensionChoice } from './phone-csv.js';
import { loadProblem, type LoadStatus } from '../parts/admin-types.js';

/** A phone of phone/search (docs/pbx/configuration.md#ip-phones). */
export type PhoneInfo = PhoneSummary;

/** Rows a page of the directory reads; the loop stops at the PBX's total or a short page. */
const PAGE = 500;
/** Pages read at most (250,000 rows), so a PBX that never ends its list cannot hold the screen. */
const MAX_PAGES = 500;

async function readAll<Row>(
  operation: 'extension/list' | 'phone/search',
  token: string | null,
): Promise<{ ok: true; rows: Row[] } | { ok: false; error: { code: string; message: string } }> {
  const rows: Row[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await callPbx(operation, { page, page_size: PAGE }, { token });
    if (!answer.ok) return { ok: false, error: answer.error };
    // Row is the caller's reading of the operation's rows.
    const data = (answer.data.data ?? []) as Row[];
    rows.push(...data);
    const total = answer.data.total_number ?? 0;
    if (data.length === 0 || rows.length >= total) break;
  }
  return { ok: true, rows };
}

/**
 * What the phone screens check against: every extension (to resolve the CSV's numbers to ids) and every
 * provisioned phone (to catch MACs already on the PBX before sending).
 */
export function usePhoneDirectory() {
  const session = useSessionStore();
  const extensions = shallowRef<ExtensionChoice[]>([]);
  const phones = shallowRef<PhoneInfo[]>([]);
  const status = ref<LoadStatus>('idle');
  const error = ref<string | null>(null);

  async function load(): Promise<void> {
    status.value = 'loading';
    const [ext, ph] = [
      await readAll<{ id: number; number: string; caller_id_name?: string }>('extension/list', session.token),
      await readAll<PhoneInfo>('phone/search', session.token),
    ];
    const failed = !ext.ok ? ext : !ph.ok ? ph : null;
    if (failed && !failed.ok) {
      const problem = loadProblem(failed.error);
      status.value = problem.status;
      error.value = problem.message;
      return;
    }
    if (ext.ok)
      extensions.value = ext.rows.map((e) => ({
        id: e.id,
        number: String(e.number),
        name: e.caller_id_name ?? '',
      }));
    if (ph.ok) phones.value = ph.rows;
    error.value = null;
    status.value = 'ready';
  }

  return { extensions, phones, status, error, load };
}
