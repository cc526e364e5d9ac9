import type { ConferenceMemberView, ConferenceView } from '@switchboard/live-protocol';
import { defineStore } from 'pinia';
import { computed, shallowReactive } from 'vue';
import { compareNumbers } from '../lib/format.js';
import { useConnectionStore } from './connection.store.js';
import { useStreamsStore } from './streams.store.js';

/** Outcome of the last kick in a conference. */
export interface KickState {
  pending: boolean;
  error: string | null;
  done: string | null;
}

/** A member as people know them: `Ann Lee (1131)` for a named extension, else the number. */
export function memberLabel(member: Pick<ConferenceMemberView, 'from' | 'name'>): string {
  return member.name ? `${member.name} (${member.from})` : member.from || 'a caller without a number';
}

/** The PBX's member types and statuses (docs/pbx/conferences.md#ongoing-conferences) in plain words. */
const KIND_WORDS: Readonly<Record<string, string>> = { ext: 'extension', trunk: 'outside line' };
const STATUS_WORDS: Readonly<Record<string, string>> = { ANSWERED: 'connected', HOLD: 'on hold' };

/** What a member is and how they are in the room, in words: `extension · on hold`. */
export function memberState(member: Pick<ConferenceMemberView, 'kind' | 'status'>): string {
  const kind = KIND_WORDS[member.kind.toLowerCase()];
  // A status the guide does not list is not shown as the PBX spells it: they are in the room, nothing more.
  const status = STATUS_WORDS[member.status.toUpperCase()] ?? 'in the room';
  return kind ? `${kind} · ${status}` : status;
}

/**
 * Ongoing conferences with their members, the members selected for a kick, and kicks (one, the
 * selected, or everyone). Confirmation is the view's job; this store only acts once confirmed.
 */
export const useConferencesStore = defineStore('conferences', () => {
  const streams = useStreamsStore();
  const connection = useConnectionStore();

  const selection = shallowReactive(new Map<string, ReadonlySet<string>>());
  const kicks = shallowReactive(new Map<string, KickState>());

  /** The gateway does not show this session conferences (CONFERENCE_ACCESS: they belong to no queue). */
  const denied = computed(() => streams.entry('conferences', 'conferences')?.status === 'denied');

  const conferences = computed<ConferenceView[]>(() => {
    const list = streams.entry('conferences', 'conferences')?.data ?? [];
    return [...list].sort((a, b) => compareNumbers(a.number, b.number));
  });

  /** Selected members of a conference that are still in it. */
  function selected(conference: string): string[] {
    const chosen = selection.get(conference);
    if (!chosen) return [];
    const members = conferences.value.find((c) => c.number === conference)?.members ?? [];
    return members.filter((m) => chosen.has(m.channelId)).map((m) => m.channelId);
  }

  function toggle(conference: string, channelId: string): void {
    const next = new Set(selection.get(conference) ?? []);
    if (next.has(channelId)) next.delete(channelId);
    else next.add(channelId);
    selection.set(conference, next);
  }

  /** Kicks members (channel ids) or everyone; clears the selection when it worked. */
  async function kick(conference: string, members: string[] | 'all'): Promise<boolean> {
    if (kicks.get(conference)?.pending) return false;
    if (members !== 'all' && members.length === 0) {
      kicks.set(conference, { pending: false, error: 'Select at least one member first.', done: null });
      return false;
    }
    kicks.set(conference, { pending: true, error: null, done: null });
    const answer = await connection.send('conference:kick', { conference, members });
    if (answer.ok) selection.delete(conference);
    const count =
      members === 'all' ? 'Everyone' : `${members.length} member${members.length === 1 ? '' : 's'}`;
    kicks.set(conference, {
      pending: false,
      error: answer.ok ? null : answer.error.message,
      done: answer.ok ? `${count} removed` : null,
    });
    return answer.ok;
  }

  function kickState(conference: string): KickState | undefined {
    return kicks.get(conference);
  }

  return { conferences, denied, selected, toggle, kick, kickState };
});
