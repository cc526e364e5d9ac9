import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import {
  CURRENT_PARAMS,
  KEY_BYTES,
  memoryOf,
  withinLimits,
  parsePasswordHash,
  type ScryptParams,
} from '../config/password-hash-format.js';

const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: ScryptParams, keyBytes: number): Promise<Buffer> {
  const { ln, r, p } = params;
  const options = { N: 2 ** ln, r, p, maxmem: memoryOf(params) + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The PHC string of a key (base64 without padding, as PHC writes it). */
function encode(params: ScryptParams, salt: Buffer, key: Buffer): string {
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

/** Hashes a password as a PHC string at `params` (the current cost unless a test asks for less). */
export async function hashPassword(
  password: string,
  params: Readonly<ScryptParams> = CURRENT_PARAMS,
): Promise<string> {
  if (password.length === 0) throw new Error('A password must not be empty');
  const salt = randomBytes(SALT_BYTES);
  if (!withinLimits(params, salt, Buffer.alloc(KEY_BYTES))) throw new Error('scrypt parameters out of range');
  return encode(params, salt, await derive(password, salt, params, KEY_BYTES));
}

/** True when `password` matches `encoded`; false for a wrong password or an unreadable hash. Constant-time. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/**
 * True when `encoded` is cheaper to attack than what {@link hashPassword} makes now (the old format, a lower
 * N or r, a shorter salt or key), so it should be replaced once the password is known.
 */
export function needsRehash(encoded: string): boolean {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const { params, salt, key } = parsed;
  return (
    parsed.format === 'legacy' ||
    params.ln < CURRENT_PARAMS.ln ||
    params.r < CURRENT_PARAMS.r ||
    salt.length < SALT_BYTES ||
    key.length < KEY_BYTES
  );
}

/**
 * A well-formed hash at the current cost that no password matches (its key is random, not derived): checking
 * an unknown user against it costs what checking a real user costs, without deriving anything at start.
 */
export function decoyHash(): string {
  return encode(CURRENT_PARAMS, randomBytes(SALT_BYTES), randomBytes(KEY_BYTES));
}
