import type { CompanyContact } from '@switchboard/pbx-api';
import { numberKey, numberSuffix } from './phone-number.js';

/** A contact as the caller context shows it. */
export interface ContactMatch {
  contactName: string | null;
  company: string | null;
}

/** Reads one batch of contacts by id; resolves to the contacts that exist (none for a batch past the end). */
export type ContactBatchReader = (ids: number[]) => Promise<CompanyContact[]>;

/** How a sweep walks the ids. */
export interface ContactSweepOptions {
  batchSize: number;
  /** Stop after this many batches in a row without a contact (ids have gaps after deletions). */
  emptyBatchesToStop: number;
  /** Never read more ids than this in one sweep. */
  maxIds: number;
}

export const DEFAULT_SWEEP: ContactSweepOptions = { batchSize: 100, emptyBatchesToStop: 2, maxIds: 20_000 };

function toMatch(contact: CompanyContact): ContactMatch {
  const name = [contact.first_name, contact.last_name]
    .filter((part) => part && part.trim())
    .join(' ')
    .trim();
  return { contactName: name || null, company: contact.company?.trim() || null };
}

/**
 * A phone number -> contact index of the company phonebook. The PBX can only read contacts by id, so the
 * index is rebuilt by walking ids in batches (about one request per hundred contacts) every few minutes;
 * look-ups during a held call then cost nothing. Numbers match by all digits, else by their last digits
 * when exactly one contact has that tail (an ambiguous tail matches nobody rather than the wrong person).
 */
export class ContactDirectory {
  private exact = new Map<string, ContactMatch>();
  private bySuffix = new Map<string, ContactMatch | null>();
  private loadedAt: number | null = null;

  /** When the index was last rebuilt (epoch ms), or null before the first sweep. */
  get lastLoadedAt(): number | null {
    return this.loadedAt;
  }

  /** Number of indexed numbers. */
  get size(): number {
    return this.exact.size;
  }

  /** The contact with this number, if any. */
  lookup(number: string): ContactMatch | undefined {
    const key = numberKey(number);
    if (key === '') return undefined;
    const exact = this.exact.get(key);
    if (exact) return exact;
    const suffix = numberSuffix(key);
    return suffix ? (this.bySuffix.get(suffix) ?? undefined) : undefined;
  }

  /** Replaces the index with these contacts. */
  replace(contacts: readonly CompanyContact[], now: number): void {
    const exact = new Map<string, ContactMatch>();
    const bySuffix = new Map<string, ContactMatch | null>();
    for (const contact of contacts) {
      const match = toMatch(contact);
      for (const entry of contact.number_list ?? []) {
        const key = numberKey(entry.number ?? '');
        if (key === '') continue;
        if (!exact.has(key)) exact.set(key, match);
        const suffix = numberSuffix(key);
        if (!suffix) continue;
        const seen = bySuffix.get(suffix);
        bySuffix.set(suffix, seen === undefined || seen === match ? match : null);
      }
    }
    this.exact = exact;
    this.bySuffix = bySuffix;
    this.loadedAt = now;
  }

  /** Walks contact ids from 1 and rebuilds the index; on a read failure the old index stays. */
  async sweep(
    read: ContactBatchReader,
    now: number,
    options: ContactSweepOptions = DEFAULT_SWEEP,
  ): Promise<number> {
    const contacts: CompanyContact[] = [];
    let empty = 0;
    for (
      let first = 1;
      first <= options.maxIds && empty < options.emptyBatchesToStop;
      first += options.batchSize
    ) {
      const ids = Array.from(
        { length: Math.min(options.batchSize, options.maxIds - first + 1) },
        (_, i) => first + i,
      );
      const batch = await read(ids);
      empty = batch.length === 0 ? empty + 1 : 0;
      contacts.push(...batch);
    }
    this.replace(contacts, now);
    return contacts.length;
  }
}
