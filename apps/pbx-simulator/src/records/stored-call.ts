/** How the record store keeps one finished call; everything else (CDR, note, transcript) is derived from it. */
import type { CallNote } from '@switchboard/pbx-api';
import type { FinishedCall } from '../contracts.js';

/** A call kept by the record store. */
export interface StoredCall {
  /** Insertion order; also the source of the CDR's `new_id`. */
  seq: number;
  call: FinishedCall;
  /** Recording id, when the call was recorded. */
  recordingId?: number;
  /** Call note id, for answered queue calls. */
  noteId?: string;
  /** Revisions added by callnotes/update, oldest first (the seeded revisions come before them). */
  noteUpdates?: CallNote[];
  /** Present on CDRs in the legacy field set (firmware 83.21.0.66 or earlier): `id` and `reason`. */
  legacy?: { id: number; reason: string };
}

/** `Name<number>` as the PBX shows a party, or just the number. */
export function party(name: string, number: string): string {
  return name ? `${name}<${number}>` : number;
}

/** The CDR's `new_id`. */
export function newIdOf(stored: StoredCall): string {
  return String(100_000 + stored.seq);
}

/** Whether the call gets a call note (answered through a queue). */
export function hasNote(call: FinishedCall): boolean {
  return call.disposition === 'ANSWERED' && call.queue_number !== '' && call.agent_number !== '';
}
