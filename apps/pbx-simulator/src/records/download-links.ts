/**
 * Download links the PBX hands out (docs/pbx/records.md#recording-download,
 * docs/pbx/records.md#ai-transcription-download): each works for 30 minutes from when it was issued, however
 * many others follow. A link keeps only what is needed to produce its file later (a recording id, a filter),
 * and links are forgotten once expired, so memory is bounded by the rate links are asked for, not by files.
 */
import { randomBytes } from 'node:crypto';

/** Validity of a link on a real PBX. */
export const DOWNLOAD_LINK_TTL_MS = 30 * 60 * 1000;

/** What a link leads to. */
export type DownloadTarget =
  | { kind: 'ai'; params: Record<string, unknown>; upToSeq: number }
  | { kind: 'recording'; recordingId: number };

/** Settings of the link store. */
export interface DownloadLinksOptions {
  /** How long a link works (30 minutes on a real PBX). */
  ttlMs?: number;
  /** Wall clock in ms (tests replace it). */
  now?: () => number;
}

/** Issued download links by file name. */
export class DownloadLinks {
  /** Insertion order is issue order, so the oldest links are always first. */
  private readonly links = new Map<string, { issuedAt: number; target: DownloadTarget }>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: DownloadLinksOptions = {}) {
    this.ttlMs = options.ttlMs ?? DOWNLOAD_LINK_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Issues a link named `<prefix><unguessable part><suffix>` for `target`; returns the name. */
  issue(prefix: string, suffix: string, target: DownloadTarget): string {
    this.dropExpired();
    const name = `${prefix}${randomBytes(12).toString('base64url')}${suffix}`;
    this.links.set(name, { issuedAt: this.now(), target });
    return name;
  }

  /** The target of a link that still works, or undefined (unknown or expired). */
  get(name: string): DownloadTarget | undefined {
    const link = this.links.get(name);
    if (!link) return undefined;
    if (this.expired(link.issuedAt)) {
      this.links.delete(name);
      return undefined;
    }
    return link.target;
  }

  /** Expires every link issued so far (`/sim/faults` `expireDownloadLinks`); returns how many worked. */
  expireAll(): number {
    this.dropExpired();
    const count = this.links.size;
    this.links.clear();
    return count;
  }

  /** Links that still work. */
  get size(): number {
    this.dropExpired();
    return this.links.size;
  }

  reset(): void {
    this.links.clear();
  }

  private expired(issuedAt: number): boolean {
    return this.now() - issuedAt >= this.ttlMs;
  }

  private dropExpired(): void {
    for (const [name, link] of this.links) {
      if (!this.expired(link.issuedAt)) break;
      this.links.delete(name);
    }
  }
}
