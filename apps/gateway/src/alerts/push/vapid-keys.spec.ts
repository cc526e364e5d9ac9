import { describe, expect, it } from 'vitest';
import { checkVapidKeys, generateVapidKeys, vapidSubject } from './vapid-keys.js';

describe('generateVapidKeys', () => {
  it('makes a pair that passes the check, with a mailto: subject from an address', () => {
    const keys = generateVapidKeys('ops@example.com');
    expect(keys.subject).toBe('mailto:ops@example.com');
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(checkVapidKeys(keys)).toEqual({ ok: true, keys });
  });

  it('makes a new pair each time', () => {
    expect(generateVapidKeys('ops@example.com').privateKey).not.toBe(
      generateVapidKeys('ops@example.com').privateKey,
    );
  });
});

describe('vapidSubject', () => {
  it('keeps mailto: and https: contacts', () => {
    expect(vapidSubject('mailto:ops@example.com')).toBe('mailto:ops@example.com');
    expect(vapidSubject(' https://switchboard.example.com/contact ')).toBe(
      'https://switchboard.example.com/contact',
    );
  });

  it('refuses what push services refuse', () => {
    expect(() => vapidSubject('http://switchboard.example.com')).toThrow(/https/);
    expect(() => vapidSubject('https://localhost')).toThrow(/localhost/);
    expect(() => vapidSubject('mailto:nobody')).toThrow(/e-mail/);
    expect(() => vapidSubject('operations team')).toThrow(/e-mail/);
  });
});

describe('checkVapidKeys', () => {
  const keys = generateVapidKeys('https://switchboard.example.com');
  const other = generateVapidKeys('ops@example.com');
  const reason = (value: unknown) => {
    const check = checkVapidKeys(value);
    return check.ok ? 'ok' : check.reason;
  };

  it('refuses a private key of another pair', () => {
    expect(reason({ ...keys, privateKey: other.privateKey })).toMatch(/does not belong/);
  });

  it('refuses keys of the wrong length or alphabet', () => {
    expect(reason({ ...keys, publicKey: keys.publicKey.slice(1) })).toMatch(/publicKey/);
    expect(reason({ ...keys, publicKey: `${keys.publicKey}=` })).toMatch(/publicKey/);
    expect(reason({ ...keys, privateKey: Buffer.alloc(31, 7).toString('base64url') })).toMatch(/privateKey/);
    expect(reason({ ...keys, privateKey: keys.privateKey.replace(/^./, '+') })).toMatch(/privateKey/);
    expect(reason({ ...keys, publicKey: 42 })).toMatch(/publicKey/);
  });

  it('refuses a public key that is not an uncompressed point on P-256', () => {
    const point = Buffer.from(keys.publicKey, 'base64url');
    const compressed = Buffer.from(point);
    compressed[0] = 0x02;
    expect(reason({ ...keys, publicKey: compressed.toString('base64url') })).toMatch(/uncompressed/);
    const offCurve = Buffer.from(point);
    offCurve[64] = (offCurve[64] ?? 0) ^ 1;
    expect(reason({ ...keys, publicKey: offCurve.toString('base64url') })).toMatch(/not a point/);
  });

  it('refuses a zero private key', () => {
    expect(reason({ ...keys, privateKey: Buffer.alloc(32).toString('base64url') })).toMatch(
      /does not belong/,
    );
  });

  it('refuses a subject that is neither mailto: nor https:', () => {
    expect(reason({ ...keys, subject: 'http://switchboard.example.com' })).toMatch(/^subject/);
    expect(reason({ ...keys, subject: 'ops@example.com' })).toMatch(/^subject/);
    expect(reason({ ...keys, subject: undefined })).toMatch(/^subject/);
  });

  it('refuses what is not an object', () => {
    expect(reason(null)).toMatch(/not an object/);
    expect(reason('keys')).toMatch(/not an object/);
  });
});
