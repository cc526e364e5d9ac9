import type { CallTranscript } from '@switchboard/live-protocol';

/** What is known about a call's transcript: the transcript, or why there is none. */
export type TranscriptEntry = { transcript: CallTranscript } | { missing: string };

/**
 * Transcripts per call, kept for less than the 30 minutes the PBX's download link lives (so a transcript
 * shown is one the PBX would still hand out), bounded in number: the oldest goes first.
 */
export class TranscriptCache {
  private readonly entries = new Map<string, { at: number; entry: TranscriptEntry }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(callId: string): TranscriptEntry | undefined {
    const kept = this.entries.get(callId);
    if (!kept) return undefined;
    if (this.now() - kept.at >= this.ttlMs) {
      this.entries.delete(callId);
      return undefined;
    }
    return kept.entry;
  }

  set(callId: string, entry: TranscriptEntry): void {
    this.entries.delete(callId);
    this.entries.set(callId, { at: this.now(), entry });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
