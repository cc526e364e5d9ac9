/**
 * Deterministic randomness: everything the simulator invents (fault rolls, seeded records, transcripts)
 * comes from here, so the same seed always gives the same answers.
 */

/** 32-bit FNV-1a hash of a text; mixes a seed with an identity such as a call id. */
export function hash32(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A small, fast seeded generator (mulberry32). */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A generator for one item, independent of how many values other items drew. */
  static forKey(seed: number, key: string): SeededRandom {
    return new SeededRandom(hash32(key, seed));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick() needs a non-empty list');
    return item;
  }

  /** Upper-case hexadecimal text of `length` digits. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.int(0, 15).toString(16).toUpperCase();
    return out;
  }
}
