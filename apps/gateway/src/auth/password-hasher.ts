import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost: ~50 ms on a small server, 16 MiB of memory per hash. */
const COST: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The salt and key of an encoded hash, or undefined when it is not `scrypt$<salt b64>$<key b64>`. */
export function parsePasswordHash(encoded: string): { salt: Buffer; key: Buffer } | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 3 || parts[0] !== PREFIX) return undefined;
  const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
  if (!base64.test(parts[1] ?? '') || !base64.test(parts[2] ?? '')) return undefined;
  const salt = Buffer.from(parts[1] ?? '', 'base64');
  const key = Buffer.from(parts[2] ?? '', 'base64');
  if (salt.length < 8 || key.length !== KEY_BYTES) return undefined;
  return { salt, key };
}

/** Hashes a password as `scrypt$<salt b64>$<key b64>`, the format USERS expects. */
export async function hashPassword(password: string): Promise<string> {
  if (password.length === 0) throw new Error('A password must not be empty');
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt);
  return `${PREFIX}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `password` matches `encoded`; false for a wrong password or a malformed hash. Constant-time. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt);
  return timingSafeEqual(key, parsed.key);
}
