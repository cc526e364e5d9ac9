/**
 * Files offered by cdr/aidownload: each keeps the calls it covers and is rendered when downloaded. A link
 * works for 30 minutes (docs/pbx/records.md#ai-transcription-download); only the newest files are kept so
 * memory stays bounded.
 */
import { randomBytes } from 'node:crypto';
import type { StoredCall } from './stored-call.js';

/** Settings of the file store. */
export interface AiFileStoreOptions {
  /** How long a download link works (30 minutes on a real PBX). */
  ttlMs?: number;
  /** Files kept at most; the oldest goes first. */
  maxFiles?: number;
  /** Wall clock in ms (tests replace it). */
  now?: () => number;
}

interface AiFile {
  createdAt: number;
  calls: StoredCall[];
}

/** Download files of AI transcription data. */
export class AiFileStore {
  private readonly files = new Map<string, AiFile>();
  private readonly ttlMs: number;
  private readonly maxFiles: number;
  private readonly now: () => number;
  private counter = 0;

  constructor(options: AiFileStoreOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30 * 60 * 1000;
    this.maxFiles = options.maxFiles ?? 50;
    this.now = options.now ?? Date.now;
  }

  /** Registers a file for `calls`; returns its name. */
  create(calls: StoredCall[]): string {
    this.counter++;
    const name = `ai_transcription_${this.counter}_${randomBytes(6).toString('hex')}.json`;
    this.files.set(name, { createdAt: this.now(), calls });
    // Map iteration is in insertion order: the first entries are the oldest.
    for (const oldest of this.files.keys()) {
      if (this.files.size <= this.maxFiles) break;
      this.files.delete(oldest);
    }
    return name;
  }

  /** The calls of a file whose link is still valid, or undefined. */
  get(name: string): StoredCall[] | undefined {
    const file = this.files.get(name);
    if (!file) return undefined;
    if (this.now() - file.createdAt >= this.ttlMs) {
      this.files.delete(name);
      return undefined;
    }
    return file.calls;
  }

  reset(): void {
    this.files.clear();
  }
}
