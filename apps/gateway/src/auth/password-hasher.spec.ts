import { describe, expect, it } from 'vitest';
import { passwordFromInput } from './hash-password.js';
import { hashPassword, parsePasswordHash, verifyPassword } from './password-hasher.js';

describe('password hashing', () => {
  it('produces the scrypt$salt$key format the USERS setting expects, salted differently each time', async () => {
    const first = await hashPassword('correct horse');
    const second = await hashPassword('correct horse');
    expect(first).toMatch(/^scrypt\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/);
    expect(parsePasswordHash(first)?.key).toHaveLength(32);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('refuses (without throwing) when the stored hash is malformed', async () => {
    expect(await verifyPassword('x', 'scrypt$onlyonepart')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$c2FsdHNhbHQ=$a2V5')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$c2FsdHNhbHQ=$dG9vc2hvcnQ=')).toBe(false);
  });

  it('refuses to hash an empty password', async () => {
    await expect(hashPassword('')).rejects.toThrow(/must not be empty/);
  });

  it('reads the password from piped input without its line ending', () => {
    expect(passwordFromInput('s3cret\n')).toBe('s3cret');
    expect(passwordFromInput('s3cret\r\nignored')).toBe('s3cret');
    expect(passwordFromInput('')).toBe('');
  });
});
