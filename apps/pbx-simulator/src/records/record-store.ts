/**
 * Turns finished calls into what the PBX keeps about them: a CDR, a recording when recorded, a call note
 * for answered queue calls (announced by 30028) and AI transcription data, then announces the CDR (30012).
 * The newest `maxRecords` calls are kept; a few legacy-format CDRs are seeded first, as a PBX upgraded
 * from old firmware has them.
 */
import { dialPatternMatches, PBX_EVENT, type CallNote } from '@switchboard/pbx-api';
import type { CallRecordSink, EventSink, FinishedCall, WorldInfo } from '../contracts.js';
import type { DisplayTime } from '../support/display-time.js';
import { RingBuffer } from '../support/ring-buffer.js';
import { SeededRandom } from '../support/seeded-random.js';
import { MAX_NOTE_UPDATES, noteIdFor } from './call-notes.js';
import { newCdrEvent, recordFileOf, type RenderContext } from './cdr-render.js';
import { historyCalls } from './history-cdrs.js';
import { legacyCalls } from './legacy-cdrs.js';
import { hasNote, type StoredCall } from './stored-call.js';

/** Settings of the record store. */
export interface RecordStoreOptions {
  seed: number;
  maxRecords: number;
  /** Finished calls seeded in the days before today (`--history`). */
  history?: number;
  /** Days before today the history is spread over (`--history-days`, 1 by default). */
  historyDays?: number;
  events: EventSink;
  display: DisplayTime;
  world: () => WorldInfo;
  /** PBX clock, unix seconds. */
  clock: () => number;
}

/** Keeps call records and renders them for the read operations. */
export class RecordStore implements CallRecordSink {
  private readonly ring: RingBuffer<StoredCall>;
  private readonly notes = new Map<string, StoredCall>();
  private readonly recordings = new Map<number, StoredCall>();
  private readonly recordingFiles = new Map<string, StoredCall>();
  private seq = 0;
  private recordingSeq = 0;
  private seeded = false;
  private names: Map<string, string> | undefined;
  private readonly didNames = new Map<string, string>();
  /** Rendering helpers shared with the handlers. */
  readonly context: RenderContext;

  constructor(private readonly options: RecordStoreOptions) {
    this.ring = new RingBuffer(options.maxRecords);
    this.context = {
      seed: options.seed,
      display: options.display,
      extensionName: (number) => this.extensionNames().get(number) ?? '',
      didName: (did) => this.didName(did),
    };
  }

  recordCall(call: FinishedCall): void {
    this.ensureSeeded();
    const stored = this.store(call);
    const { events, display } = this.options;
    this.announceNote(stored);
    events.publish(PBX_EVENT.NEW_CDR, newCdrEvent(stored, display));
  }

  /**
   * Adds a revision to the note of `stored` (callnotes/update) and announces it with 30028, as when the note
   * appeared, so a client watching the event reads the new version.
   */
  updateNote(stored: StoredCall, revision: Omit<CallNote, 'registration_time'>): CallNote {
    const added: CallNote = { ...revision, registration_time: Math.floor(this.options.clock()) };
    const updates = [...(stored.noteUpdates ?? []), added];
    stored.noteUpdates = updates.slice(-MAX_NOTE_UPDATES);
    this.announceNote(stored);
    return added;
  }

  /** The call a note id belongs to (callnotes/update with `update_entry=cdr` may leave the group out). */
  findNoteById(noteId: string): StoredCall | undefined {
    this.ensureSeeded();
    return this.notes.get(noteId);
  }

  /** 30028 for the note of `stored`: the same payload whenever the note appears or changes. */
  private announceNote(stored: StoredCall): void {
    if (stored.noteId === undefined) return;
    const { call } = stored;
    const random = SeededRandom.forKey(this.options.seed, `sip:${call.call_id}`);
    this.options.events.publish(PBX_EVENT.CALL_NOTE_STATUS_UPDATED, {
      display: 1,
      trigger_call_note_popup: 1,
      sip_call_id: `${random.hex(8)}.${random.hex(24)}`,
      call_note_id: stored.noteId,
      group_id: call.call_id,
      ext_num: call.agent_number,
      channel: `PJSIP/${call.agent_number}-${random.hex(8).toLowerCase()}`,
    });
  }

  /** Stored calls, newest first. */
  newestFirst(): IterableIterator<StoredCall> {
    this.ensureSeeded();
    return this.ring.newestFirst();
  }

  /** Sequence number of the newest stored call (0 before any). */
  get newestSeq(): number {
    this.ensureSeeded();
    return this.seq;
  }

  /** The call recorded as recording `id`, while the store keeps it. */
  findRecording(id: number): StoredCall | undefined {
    this.ensureSeeded();
    return this.recordings.get(id);
  }

  /** The call whose recording file is `file`, while the store keeps it. */
  findRecordingFile(file: string): StoredCall | undefined {
    this.ensureSeeded();
    return this.recordingFiles.get(file);
  }

  /** Number of stored calls. */
  get size(): number {
    this.ensureSeeded();
    return this.ring.size;
  }

  /** The call a note belongs to, when `groupId` matches too. */
  findNote(noteId: string, groupId: string): StoredCall | undefined {
    this.ensureSeeded();
    const stored = this.notes.get(noteId);
    return stored && stored.call.call_id === groupId ? stored : undefined;
  }

  /** Drops every record and seeds the legacy CDRs again. */
  reset(): void {
    this.ring.clear();
    this.notes.clear();
    this.recordings.clear();
    this.recordingFiles.clear();
    this.didNames.clear();
    this.names = undefined;
    this.seq = 0;
    this.recordingSeq = 0;
    this.seeded = false;
  }

  private store(call: FinishedCall, legacy?: StoredCall['legacy']): StoredCall {
    const stored: StoredCall = { seq: ++this.seq, call };
    if (legacy) stored.legacy = legacy;
    if (call.recorded) {
      stored.recordingId = ++this.recordingSeq;
      this.recordings.set(stored.recordingId, stored);
      this.recordingFiles.set(recordFileOf(stored, this.options.display), stored);
    }
    if (!legacy && hasNote(call)) {
      stored.noteId = noteIdFor(call, this.options.seed, this.options.display);
      this.notes.set(stored.noteId, stored);
    }
    const dropped = this.ring.push(stored);
    if (dropped?.noteId !== undefined && this.notes.get(dropped.noteId) === dropped)
      this.notes.delete(dropped.noteId);
    if (dropped?.recordingId !== undefined) {
      this.recordings.delete(dropped.recordingId);
      this.recordingFiles.delete(recordFileOf(dropped, this.options.display));
    }
    return stored;
  }

  private ensureSeeded(): void {
    if (this.seeded) return;
    this.seeded = true;
    // Anchored to the start of the (UTC) day rather than the moment of the first look, so the same seed gives
    // the same legacy CDRs whether a search or a finished call comes first.
    const dayStart = Math.floor(this.options.clock() / 86_400) * 86_400;
    const legacy = legacyCalls(this.options.world(), this.options.seed, dayStart);
    legacy.forEach(({ call, id, reason }) => this.store(call, { id, reason }));
    const history = historyCalls(
      this.options.world(),
      this.options.seed,
      this.options.history ?? 0,
      dayStart,
      this.options.historyDays ?? 1,
    );
    history.forEach((call) => this.store(call));
  }

  private extensionNames(): Map<string, string> {
    this.names ??= new Map(this.options.world().extensions.map((e) => [e.number, e.name]));
    return this.names;
  }

  private didName(did: string): string {
    let name = this.didNames.get(did);
    if (name === undefined) {
      name =
        this.options.world().inboundRoutes.find((r) => r.did_patterns.some((p) => dialPatternMatches(p, did)))
          ?.name ?? '';
      if (this.didNames.size > 10_000) this.didNames.clear();
      this.didNames.set(did, name);
    }
    return name;
  }
}
