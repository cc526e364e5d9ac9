import { z } from 'zod';
import { parsePasswordHash } from './password-hash-format.js';
import { shown, objectError } from './setting-readers.js';

/** USERS and PROXY_GROUPS entries: who signs in with which role and which queues. */

export const ROLES = ['viewer', 'supervisor', 'admin'] as const;
export const role = z.enum(ROLES, {
  error: (issue) =>
    issue.input === undefined
      ? 'is required'
      : `must be viewer, supervisor or admin, got ${shown(issue.input)}`,
});

// One check for the whole value, so that its problem is one line whatever is wrong inside the list.
export const queueIds = z.custom<number[] | 'all'>(
  (value) => value === 'all' || (Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0)),
  {
    error: (issue) =>
      issue.input === undefined
        ? 'is required: "all" or a list of queue ids'
        : `must be "all" or a list of queue ids, got ${shown(issue.input)}`,
  },
);

export function isPasswordHash(value: unknown): boolean {
  try {
    return typeof value === 'string' && parsePasswordHash(value) !== undefined;
  } catch {
    return false;
  }
}

export const USER_KEYS = ['username', 'passwordHash', 'role', 'queues', 'extension'] as const;
export const user = z.strictObject(
  {
    // The proxy's user names are cut at 128 characters too; a space at either end could never be typed in.
    username: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'is required' : `must be text, got ${shown(issue.input)}`,
      })
      .regex(/^(?!\s)[^\p{Cc}]{1,128}(?<!\s)$/u, {
        error: (issue) =>
          `must be 1 to 128 characters without control characters or spaces at either end, got ${shown(issue.input)}`,
      }),
    // A hash is a secret: never echoed.
    passwordHash: z.custom<string>(isPasswordHash, {
      error: (issue) =>
        issue.input === undefined
          ? 'is required (make one with npm run hash-password)'
          : 'is not a valid hash (make one with npm run hash-password)',
    }),
    role,
    queues: queueIds,
    // Compared as text with the extension a listen command names.
    extension: z
      .string({ error: (issue) => `must be the extension as text, like "2001", got ${shown(issue.input)}` })
      .regex(/^[^\s\p{Cc}]{1,32}$/u, {
        error: (issue) =>
          `must be an extension of 1 to 32 characters without spaces, got ${shown(issue.input)}`,
      })
      .optional(),
  },
  { error: objectError('a user {username, passwordHash, role, queues, extension?}', USER_KEYS) },
);

export const GROUP_KEYS = ['role', 'queues'] as const;
export const proxyGroup = z.strictObject(
  { role, queues: queueIds },
  { error: objectError('{"role", "queues"}', GROUP_KEYS) },
);
