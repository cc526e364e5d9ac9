/**
 * What a stored password hash looks like and what checking it may cost: the configuration refuses a hash that
 * fails here before the gateway starts, and the hasher (auth/password-hasher.ts) checks only hashes that pass.
 */
/** scrypt's cost: N = 2^ln, block size r, parallelism p. */
export interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}

/**
 * The cost new hashes get: OWASP's Password Storage Cheat Sheet asks for scrypt with N ≥ 2^17, r = 8, p = 1.
 * 128 MiB and about 0.3 s of one core per hash on a small server.
 */
export const CURRENT_PARAMS: Readonly<ScryptParams> = { ln: 17, r: 8, p: 1 };
/** What `scrypt$<salt>$<key>` (the format before parameters were written down) was made with. */
const LEGACY_PARAMS: Readonly<ScryptParams> = { ln: 14, r: 8, p: 1 };

/** Bytes of key a new hash gets (and every hash of the older format has). */
export const KEY_BYTES = 32;
/**
 * A stored hash decides how much work and memory each check costs, so a hash that asks for more than these
 * is refused rather than run (a 1 GiB or 30 s hash would be a denial of service of its own).
 */
const LIMITS = {
  ln: { min: 10, max: 20 },
  r: { min: 1, max: 32 },
  p: { min: 1, max: 16 },
  /** 128·N·r bytes: twice what the current cost needs. */
  memoryBytes: 256 * 1024 * 1024,
  /** N·r·p: twice the current cost. */
  work: 2 * 2 ** 17 * 8,
  salt: { min: 8, max: 64 },
  key: { min: 16, max: 64 },
} as const;

/** A stored hash taken apart. */
export interface ParsedPasswordHash {
  format: 'phc' | 'legacy';
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const B64 = '[A-Za-z0-9+/]+={0,2}';
const PHC = new RegExp(`^\\$scrypt\\$ln=(\\d{1,2}),r=(\\d{1,3}),p=(\\d{1,3})\\$(${B64})\\$(${B64})$`);
const LEGACY = new RegExp(`^scrypt\\$(${B64})\\$(${B64})$`);

/** Memory scrypt needs for `params` (OpenSSL's own formula), the `maxmem` to allow. */
export function memoryOf({ ln, r, p }: ScryptParams): number {
  return 128 * r * (2 ** ln + p + 2);
}

/** Whether a hash of `params`, `salt` and `key` is within what a check may cost. */
export function withinLimits(params: ScryptParams, salt: Buffer, key: Buffer): boolean {
  const { ln, r, p } = params;
  const inRange = (value: number, range: { min: number; max: number }) =>
    Number.isInteger(value) && value >= range.min && value <= range.max;
  return (
    inRange(ln, LIMITS.ln) &&
    inRange(r, LIMITS.r) &&
    inRange(p, LIMITS.p) &&
    128 * r * 2 ** ln <= LIMITS.memoryBytes &&
    2 ** ln * r * p <= LIMITS.work &&
    inRange(salt.length, LIMITS.salt) &&
    inRange(key.length, LIMITS.key)
  );
}

/**
 * Takes an encoded hash apart: the PHC string `$scrypt$ln=17,r=8,p=1$<salt b64>$<key b64>` or the older
 * `scrypt$<salt b64>$<key b64>` (N = 2^14, r = 8, p = 1). Undefined when it is neither, or when its
 * parameters are outside what a check may cost.
 */
export function parsePasswordHash(encoded: string): ParsedPasswordHash | undefined {
  if (encoded.length > 400) return undefined;
  const phc = PHC.exec(encoded);
  const legacy = phc ? null : LEGACY.exec(encoded);
  const parsed: ParsedPasswordHash | undefined = phc
    ? {
        format: 'phc',
        params: { ln: Number(phc[1]), r: Number(phc[2]), p: Number(phc[3]) },
        salt: Buffer.from(phc[4] ?? '', 'base64'),
        key: Buffer.from(phc[5] ?? '', 'base64'),
      }
    : legacy
      ? {
          format: 'legacy',
          params: { ...LEGACY_PARAMS },
          salt: Buffer.from(legacy[1] ?? '', 'base64'),
          key: Buffer.from(legacy[2] ?? '', 'base64'),
        }
      : undefined;
  if (!parsed || !withinLimits(parsed.params, parsed.salt, parsed.key)) return undefined;
  // The old format always had a 32-byte key; anything else there is a typo, not an old hash.
  if (parsed.format === 'legacy' && parsed.key.length !== KEY_BYTES) return undefined;
  return parsed;
}
