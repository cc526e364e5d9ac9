import type { PhoneBatchCreateParams } from '@switchboard/pbx-api/rules';
import { ref } from 'vue';
import { batchesOf, type ExtensionChoice } from './phone-csv.js';
import { pbx } from '../parts/pbx-call.js';
import type { PhoneInfo } from './use-phone-directory.js';
import type { PhoneModelChoice } from './use-phone-options.js';

/** What moving phones to another vendor, model or template did, in words. */
export interface RemodelOutcome {
  ok: boolean;
  message: string;
}

type Target = PhoneModelChoice & { provisioning_method: string };

/**
 * Moves phones to another vendor, model or template. phone/batchupdate only reassigns extensions and MACs
 * (docs/pbx/configuration.md#ip-phones), so the phones are deleted and added again with the same MAC and
 * extension (they get new ids). When adding fails, the phones not yet added are added back as they were, so a
 * refusal leaves no phone unprovisioned.
 */
export function usePhoneRemodel(batchSize: () => number) {
  const busy = ref(false);

  async function addAll(
    phones: readonly { mac: string; ext_id: number }[],
    target: Target,
  ): Promise<{ added: number; error: string | null }> {
    let added = 0;
    for (const batch of batchesOf(phones, batchSize())) {
      // The method and its proxy come from the PBX's own menus; the gateway checks the pair by the rules.
      const body = { ...target, phone_list: [...batch] } as PhoneBatchCreateParams;
      const answer = await pbx('phone/batchcreate', body);
      if (!answer.ok) return { added, error: answer.error.message };
      added += batch.length;
    }
    return { added, error: null };
  }

  async function move(
    phones: readonly PhoneInfo[],
    extensions: readonly ExtensionChoice[],
    target: Target,
  ): Promise<RemodelOutcome> {
    const assigned = phones.map((p) => ({
      phone: p,
      ext_id: extensions.find((e) => e.number === p.assigned_ext_num)?.id,
    }));
    const unassigned = assigned.filter((a) => a.ext_id === undefined).map((a) => a.phone.mac);
    if (unassigned.length > 0)
      return {
        ok: false,
        message: `Assign an extension first to ${unassigned.join(', ')}: the PBX adds a phone only with its extension.`,
      };
    busy.value = true;
    try {
      const removed = await pbx('phone/batchdelete', { batch_id_list: phones.map((p) => p.id) });
      if (!removed.ok) return { ok: false, message: `Nothing changed: ${removed.error.message}` };
      const rows = assigned.map((a) => ({ mac: a.phone.mac, ext_id: a.ext_id ?? 0 }));
      const result = await addAll(rows, target);
      if (result.error === null)
        return { ok: true, message: `Moved ${rows.length} phones to ${target.vendor} ${target.model}.` };
      const rest = assigned.slice(result.added);
      const restored = await restore(rest, target.provisioning_method);
      return {
        ok: false,
        message: `Moved ${result.added} of ${rows.length} phones; the PBX refused the rest (${result.error}). ${restored}`,
      };
    } finally {
      busy.value = false;
    }
  }

  /** Adds phones back with their own vendor, model and template, one batch per kind. */
  async function restore(
    rest: readonly { phone: PhoneInfo; ext_id?: number }[],
    method: string,
  ): Promise<string> {
    const kinds = new Map<string, { phone: PhoneInfo; ext_id?: number }[]>();
    for (const item of rest) {
      const key = JSON.stringify([item.phone.vendor, item.phone.model, item.phone.template_name]);
      kinds.set(key, [...(kinds.get(key) ?? []), item]);
    }
    const failed: string[] = [];
    for (const items of kinds.values()) {
      const first = items[0]?.phone;
      if (!first) continue;
      const result = await addAll(
        items.map((i) => ({ mac: i.phone.mac, ext_id: i.ext_id ?? 0 })),
        {
          vendor: first.vendor,
          model: first.model,
          template_name: first.template_name,
          provisioning_method: method,
        },
      );
      if (result.error !== null) failed.push(...items.slice(result.added).map((i) => i.phone.mac));
    }
    return failed.length === 0
      ? 'Those were added back as they were.'
      : `Adding back failed too for ${failed.join(', ')}: add them again from the CSV form.`;
  }

  return { busy, move };
}
