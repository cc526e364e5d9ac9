import { createECDH, createPublicKey } from 'node:crypto';
import webPush from 'web-push';

/**
 * The gateway's VAPID identity (RFC 8292): the key pair that signs every push request, and the contact
 * (`sub`) a push service may use to reach the operator. Generated once, stored, and reused, because every
 * browser subscription is bound to the public key it was created with: a new pair orphans them all.
 */
export interface VapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes, 0x04 || x || y), as browsers take it. */
  publicKey: string;
  /** base64url of the 32-byte P-256 private scalar. */
  privateKey: string;
  /** `mailto:` address or `https:` URL of whoever runs this gateway. */
  subject: string;
}

/** Why a stored VAPID identity is unusable, or the identity itself. */
export type VapidKeysCheck = { ok: true; keys: VapidKeys } | { ok: false; reason: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const EMAIL = /^[^\s@<>()",;:]{1,64}@[A-Za-z0-9.-]{1,253}$/;
const PUBLIC_KEY_BYTES = 65;
const PRIVATE_KEY_BYTES = 32;

/**
 * The VAPID subject for a contact: an e-mail address becomes `mailto:<address>`; a `mailto:` or `https:` URL
 * is kept. Throws on anything else, because push services refuse a request whose `sub` is neither.
 */
export function vapidSubject(contact: string): string {
  const trimmed = contact.trim();
  if (EMAIL.test(trimmed)) return `mailto:${trimmed}`;
  const reason = subjectProblem(trimmed);
  if (reason !== null) throw new Error(`The VAPID contact ${reason}`);
  return trimmed;
}

/** A fresh VAPID key pair (web-push's generator) with the subject made from `contact` (see {@link vapidSubject}). */
export function generateVapidKeys(contact: string): VapidKeys {
  const subject = vapidSubject(contact);
  const { publicKey, privateKey } = webPush.generateVAPIDKeys();
  return { publicKey, privateKey, subject };
}

/**
 * Checks a stored VAPID identity before use: both keys base64url of the right length, the public key a point
 * on P-256, the private key the one that belongs to it (a mismatched pair signs requests every push service
 * refuses, which would only show up as failed deliveries), and a `mailto:` or `https:` subject.
 */
export function checkVapidKeys(value: unknown): VapidKeysCheck {
  if (typeof value !== 'object' || value === null) return { ok: false, reason: 'is not an object' };
  const { publicKey, privateKey, subject } = value as Record<string, unknown>;
  const pub = decodeKey(publicKey, PUBLIC_KEY_BYTES);
  if (pub === null || pub[0] !== 0x04)
    return { ok: false, reason: 'publicKey must be base64url of a 65-byte uncompressed P-256 point' };
  if (!onCurve(pub)) return { ok: false, reason: 'publicKey is not a point on P-256' };
  const priv = decodeKey(privateKey, PRIVATE_KEY_BYTES);
  if (priv === null) return { ok: false, reason: 'privateKey must be base64url of 32 bytes' };
  if (!derivesPublic(priv, pub)) return { ok: false, reason: 'privateKey does not belong to publicKey' };
  if (typeof subject !== 'string') return { ok: false, reason: 'subject must be a mailto: or https: URL' };
  const problem = subjectProblem(subject);
  if (problem !== null) return { ok: false, reason: `subject ${problem}` };
  return { ok: true, keys: { publicKey: publicKey as string, privateKey: privateKey as string, subject } };
}

function decodeKey(value: unknown, bytes: number): Buffer | null {
  // Unpadded base64url of n bytes has exactly ceil(4n/3) characters; a strict length refuses stray padding.
  if (typeof value !== 'string' || value.length !== Math.ceil((bytes * 4) / 3) || !BASE64URL.test(value))
    return null;
  const decoded = Buffer.from(value, 'base64url');
  return decoded.length === bytes ? decoded : null;
}

function onCurve(point: Buffer): boolean {
  try {
    // Importing as a JWK makes node:crypto validate the point.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

function derivesPublic(priv: Buffer, pub: Buffer): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(priv); // throws for 0 or a scalar not below the group order
    return ecdh.getPublicKey().equals(pub);
  } catch {
    return false;
  }
}

/** Null when `subject` is a usable VAPID `sub`; otherwise what is wrong with it, in words. */
function subjectProblem(subject: string): string | null {
  if (subject.startsWith('mailto:'))
    return EMAIL.test(subject.slice('mailto:'.length))
      ? null
      : 'must be mailto: followed by one e-mail address';
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return 'must be an e-mail address, a mailto: URL or an https: URL';
  }
  if (url.protocol !== 'https:') return 'must be an e-mail address, a mailto: URL or an https: URL';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password';
  // Apple's push service refuses a JWT whose subject is a localhost URL.
  if (url.hostname === 'localhost') return 'must not be a localhost URL';
  return null;
}
