import type { PhoneBatchCreateParams } from '@switchboard/pbx-api/rules';
import { ref, shallowRef } from 'vue';
import { callPbx } from '../../api/admin-pbx.js';
import { useSessionStore } from '../../stores/session.store.js';
import { batchesOf, mapPbxProblems, type PhoneImportRow, type PhoneRowError } from './phone-csv.js';
import type { PhoneModelChoice } from './use-phone-options.js';

/** What one import run did. */
export interface PhoneImportOutcome {
  added: number;
  refused: PhoneRowError[];
  /** A failure that stopped the run (PBX out of reach...), after `added` phones went in. */
  stopped: string | null;
}

/** A batch makes the PBX provision several phones: it may take longer than a read. */
const BATCH_TIMEOUT_MS = 20_000;

/**
 * Sends checked rows to phone/batchcreate in batches of at most `batchSize`. The PBX takes a batch whole or
 * not at all, so when it refuses one naming some rows, those rows are reported and the rest of that batch is
 * sent once more; a refusal naming no row, or the PBX out of reach, stops the run.
 */
export function usePhoneImport() {
  const session = useSessionStore();
  const sending = ref(false);
  const progress = ref({ done: 0, total: 0 });
  const outcome = shallowRef<PhoneImportOutcome | null>(null);

  async function send(
    rows: readonly PhoneImportRow[],
    choice: PhoneModelChoice & { provisioning_method: string },
    batchSize: number,
  ): Promise<PhoneImportOutcome> {
    sending.value = true;
    progress.value = { done: 0, total: rows.length };
    const result: PhoneImportOutcome = { added: 0, refused: [], stopped: null };
    const create = (batch: readonly PhoneImportRow[]) =>
      callPbx(
        'phone/batchcreate',
        // The method and its proxy come from the PBX's own menus; the gateway checks the pair by the rules.
        {
          ...choice,
          phone_list: batch.map((row) => ({ mac: row.mac, ext_id: row.ext_id })),
        } as PhoneBatchCreateParams,
        { token: session.token, timeoutMs: BATCH_TIMEOUT_MS },
      );
    for (const batch of batchesOf(rows, batchSize)) {
      let pending = batch;
      for (let attempt = 0; attempt < 2 && pending.length > 0; attempt++) {
        const answer = await create(pending);
        if (answer.ok) {
          result.added += pending.length;
          break;
        }
        const refused = mapPbxProblems(pending, answer.error.fields);
        const lines = new Set(refused.filter((e) => e.line > 0).map((e) => e.line));
        if (lines.size === 0 || attempt === 1) {
          result.refused.push(...refused);
          result.stopped = answer.error.message;
          break;
        }
        result.refused.push(...refused.filter((e) => e.line > 0));
        pending = pending.filter((row) => !lines.has(row.line));
      }
      progress.value = { ...progress.value, done: progress.value.done + batch.length };
      if (result.stopped) break;
    }
    sending.value = false;
    outcome.value = result;
    return result;
  }

  return { sending, progress, outcome, send };
}
