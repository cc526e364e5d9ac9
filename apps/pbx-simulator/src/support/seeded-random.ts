/**
 * Deterministic randomness: everything the simulator invents (the call center's world and traffic, fault
 * rolls, seeded records, transcripts) comes from here, so the same seed always gives the same answers.
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

/** Where a generator's 32-bit words come from. */
type WordSource = () => number;

/** mulberry32: one word of state, so it is cheap to create per item. */
function mulberry32(seed: number): WordSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** splitmix32 step: spreads a small seed over all bits so nearby seeds give unrelated streams. */
function splitmix32(state: number): [next: number, value: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
}

/** sfc32 seeded through splitmix32: four words of state, for long streams such as a day of traffic. */
function sfc32(seed: number | string): WordSource {
  let state = typeof seed === 'number' ? seed | 0 : hash32(seed);
  const words: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    const [next, value] = splitmix32(state);
    state = next;
    words.push(value);
  }
  let [a, b, c, d] = words as [number, number, number, number];
  const word = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // sfc32 needs a few rounds before its output is well mixed.
  for (let i = 0; i < 12; i += 1) word();
  return word;
}

/**
 * A deterministic random stream with the few distributions the simulator needs. Every random choice of the
 * simulator goes through one of these, never Math.random, so one seed gives one history.
 *
 * Two seedings, each kept because existing seeds must keep giving the same worlds and records: the call
 * center's long, forkable streams ({@link SeededRandom.stream}) and the records' and faults' light
 * generators ({@link SeededRandom.light}, {@link SeededRandom.forKey}).
 */
export class SeededRandom {
  private constructor(
    private readonly word: WordSource,
    /** What {@link fork} derives child streams from. */
    private readonly label: string,
  ) {}

  /** A long stream (sfc32); `seed` is any integer or text, and equal seeds give equal streams. */
  static stream(seed: number | string): SeededRandom {
    return new SeededRandom(sfc32(seed), String(seed));
  }

  /** A light generator (mulberry32) seeded with a 32-bit number. */
  static light(seed: number): SeededRandom {
    return new SeededRandom(mulberry32(seed), String(seed >>> 0));
  }

  /** A light generator for one item, independent of how many values other items drew. */
  static forKey(seed: number, key: string): SeededRandom {
    return SeededRandom.light(hash32(key, seed));
  }

  /**
   * An independent stream for one concern (`world`, `arrivals:3`, ...). It depends only on this generator's
   * seed and the label, not on how much of it was used, so adding a draw in one concern never shifts another.
   */
  fork(label: string): SeededRandom {
    return SeededRandom.stream(`${this.label}/${label}`);
  }

  /** 32 random bits. */
  nextUint32(): number {
    return this.word();
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.word() / 4294967296;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element; throws on an empty list, which is always a programming error here. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick() needs a non-empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Upper-case hexadecimal text of `length` digits. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.int(0, 15).toString(16).toUpperCase();
    return out;
  }

  /** Exponential with the given mean: the gap between events of a Poisson process. */
  exponential(mean: number): number {
    // 1 - next() is in (0, 1], so the log is finite.
    return -Math.log(1 - this.next()) * mean;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given arithmetic mean and shape `sigma`: right-skewed, like handle times. */
  logNormal(mean: number, sigma: number): number {
    const mu = Math.log(mean) - (sigma * sigma) / 2;
    return Math.exp(mu + sigma * this.normal());
  }

  /** A new array with the items in random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}
