import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordFromInput } from './hash-password.js';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './password-hasher.js';
import { CURRENT_PARAMS, parsePasswordHash } from '../config/password-hash-format.js';

const CHEAP = { ln: 10, r: 8, p: 1 };
const b64 = (text: string) => Buffer.from(text).toString('base64').replace(/=+$/, '');
const SALT = b64('sixteen-byte-slt');
const KEY = b64('thirty-two-bytes-of-key-material');

/** A hash in the format before PHC strings: `scrypt$<salt>$<key>` at N = 2^14. */
function legacyHash(password: string): string {
  const salt = Buffer.from('legacy-salt-0123');
  const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashing', () => {
  it('writes a PHC string with the OWASP cost, salted differently each time, that verifies', async () => {
    const [first, second] = await Promise.all([hashPassword('correct horse'), hashPassword('correct horse')]);
    expect(first).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(first).not.toBe(second);
    expect(parsePasswordHash(first)).toMatchObject({ format: 'phc', params: { ln: 17, r: 8, p: 1 } });
    expect(parsePasswordHash(first)?.key).toHaveLength(32);
    expect(CURRENT_PARAMS).toEqual({ ln: 17, r: 8, p: 1 });
    expect(await verifyPassword('correct horse', first)).toBe(true);
    expect(await verifyPassword('correct horsE', first)).toBe(false);
    expect(needsRehash(first)).toBe(false);
  });

  it('verifies with the parameters the hash carries', async () => {
    const cheap = await hashPassword('pw', CHEAP);
    expect(cheap).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('', cheap)).toBe(false);
    // The same salt and key under other parameters is another hash.
    expect(await verifyPassword('pw', cheap.replace('ln=10', 'ln=11'))).toBe(false);
  });

  it('keeps accepting the old scrypt$<salt>$<key> format, and flags it for a rehash', async () => {
    const old = legacyHash('s3cret');
    expect(parsePasswordHash(old)).toMatchObject({ format: 'legacy', params: { ln: 14, r: 8, p: 1 } });
    expect(await verifyPassword('s3cret', old)).toBe(true);
    expect(await verifyPassword('s3creT', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('flags hashes weaker than the current cost for a rehash, and only those', () => {
    const phc = (params: string, salt = SALT, key = KEY) => `$scrypt$${params}$${salt}$${key}`;
    expect(needsRehash(phc('ln=16,r=8,p=1'))).toBe(true);
    expect(needsRehash(phc('ln=17,r=4,p=2'))).toBe(true);
    expect(needsRehash(phc('ln=17,r=8,p=1', b64('8bytesal')))).toBe(true);
    expect(needsRehash(phc('ln=17,r=8,p=1', SALT, b64('sixteen-byte-key')))).toBe(true);
    expect(needsRehash(phc('ln=17,r=8,p=1'))).toBe(false);
    expect(needsRehash(phc('ln=17,r=8,p=2'))).toBe(false);
    expect(needsRehash(phc('ln=18,r=8,p=1'))).toBe(false);
    expect(needsRehash('not a hash')).toBe(false);
  });

  it('refuses hashes whose parameters would make one check cost too much memory or time', async () => {
    const phc = (params: string) => `$scrypt$${params}$${SALT}$${KEY}`;
    for (const hostile of [
      'ln=30,r=8,p=1', // 128 GiB
      'ln=21,r=8,p=1', // 2 GiB
      'ln=18,r=16,p=1', // 512 MiB
      'ln=17,r=8,p=16', // 16 times the work
      'ln=16,r=8,p=5', // 2.5 times the work
      'ln=9,r=8,p=1', // below any sane cost
      'ln=17,r=0,p=1',
      'ln=17,r=8,p=0',
      'ln=17,r=999,p=1',
      'ln=17,p=1,r=8',
      'ln=17,r=8',
      'ln=17,r=8,p=1,x=1',
      'ln=1e1,r=8,p=1',
    ]) {
      expect(parsePasswordHash(phc(hostile)), hostile).toBeUndefined();
      const started = performance.now();
      expect(await verifyPassword('pw', phc(hostile))).toBe(false);
      expect(performance.now() - started).toBeLessThan(50);
    }
    expect(parsePasswordHash(phc('ln=18,r=8,p=1'))).toBeDefined(); // 256 MiB, twice the work: the limit
  });

  it('refuses (without throwing) malformed hashes', async () => {
    for (const malformed of [
      'scrypt$onlyonepart',
      'bcrypt$c2FsdHNhbHQ=$a2V5',
      'scrypt$c2FsdHNhbHQ=$dG9vc2hvcnQ=',
      `$scrypt$ln=17,r=8,p=1$${SALT}`,
      `$scrypt$ln=17,r=8,p=1$${SALT}$${KEY}$extra`,
      `$scrypt$ln=17,r=8,p=1$${b64('short')}$${KEY}`,
      `$scrypt$ln=17,r=8,p=1$${SALT}$not*base64`,
      `$argon2id$v=19$m=65536,t=3,p=4$${SALT}$${KEY}`,
      `$scrypt$ln=17,r=8,p=1$${SALT}$${'A'.repeat(500)}`,
      '',
    ]) {
      expect(parsePasswordHash(malformed), malformed).toBeUndefined();
      expect(await verifyPassword('x', malformed)).toBe(false);
    }
  });

  it('makes decoys at the current cost that no password matches', async () => {
    const decoy = decoyHash();
    expect(parsePasswordHash(decoy)).toMatchObject({ format: 'phc', params: CURRENT_PARAMS });
    expect(decoy).not.toBe(decoyHash());
    expect(await verifyPassword('', decoy)).toBe(false);
  });

  it('refuses to hash an empty password, or at parameters it would refuse to verify', async () => {
    await expect(hashPassword('')).rejects.toThrow(/must not be empty/);
    await expect(hashPassword('pw', { ln: 22, r: 8, p: 1 })).rejects.toThrow(/out of range/);
  });

  it('reads the password from piped input without its line ending', () => {
    expect(passwordFromInput('s3cret\n')).toBe('s3cret');
    expect(passwordFromInput('s3cret\r\nignored')).toBe('s3cret');
    expect(passwordFromInput('')).toBe('');
  });
});
