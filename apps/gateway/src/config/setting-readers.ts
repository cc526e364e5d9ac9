// Why zod: nested settings (USERS, PROXY_GROUPS, QUEUE_THRESHOLDS) need per-entry checks that report every
// problem with its path at once, which hand-written checks did only for flat settings; zod is the most used
// and best kept TypeScript schema library, and its messages are ours to word (no input is echoed unless we
// choose to, which keeps secrets out of them).
import { z } from 'zod';

/** The readers every setting is built from: one problem wording, blank counts as unset, JSON entry by entry. */

/** What the README's configuration table states about a setting; the tests hold the two in step. */
export interface SettingMeta {
  /** The value an unset setting takes, as it would be written. */
  default?: string;
  /** Range of a numeric setting. */
  min?: number;
  max?: number;
}

/** A value as a problem line shows it: JSON, cut short. Never called with a secret. */
export function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** A plain environment value; blank counts as unset (docker-compose passes an unset variable as ''). */
export const envValue = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

export type Ctx = z.RefinementCtx;
export const problem = (ctx: Ctx, message: string, path: PropertyKey[] = []) =>
  ctx.addIssue({ code: 'custom', message, path });

/** A setting read by `read`, which reports problems through `ctx` (the value is then unused). */
export function setting<T>(meta: SettingMeta, read: (value: string | undefined, ctx: Ctx) => T) {
  return envValue.transform(read).meta({ ...meta });
}

export const optionalText = (meta: SettingMeta = {}) => setting(meta, (value) => value);

export function wholeNumber(fallback: number, min: number, max: number) {
  return setting({ default: String(fallback), min, max }, (value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (Number.isInteger(number) && number >= min && number <= max) return number;
    problem(ctx, `must be a whole number from ${min} to ${max}, got ${shown(value)}`);
    return fallback;
  });
}

export function decimal(fallback: number, min: number, max: number) {
  return setting({ default: String(fallback), min, max }, (value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (Number.isFinite(number) && number >= min && number <= max) return number;
    problem(ctx, `must be a number from ${min} to ${max}, got ${shown(value)}`);
    return fallback;
  });
}

export function flag(fallback: boolean) {
  return setting({ default: String(fallback) }, (value, ctx) => {
    if (value === undefined) return fallback;
    const lower = value.toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
    if (['0', 'false', 'no', 'off'].includes(lower)) return false;
    problem(ctx, `must be true or false, got ${shown(value)}`);
    return fallback;
  });
}

/** A comma-separated list; `check` names what is wrong with one entry. */
export function list(check: (entry: string) => string | undefined = () => undefined) {
  return setting({}, (value, ctx) => {
    const entries = (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    for (const entry of entries) {
      const wrong = check(entry);
      if (wrong) problem(ctx, `entry ${shown(entry)} ${wrong}`);
    }
    return entries;
  });
}

/** A JSON setting: parsed, then checked entry by entry by `schema`; undefined when unset. */
export function json<T extends z.ZodType>(schema: T) {
  return envValue
    .transform((value, ctx): unknown => {
      if (value === undefined) return undefined;
      try {
        return JSON.parse(value) as unknown;
      } catch (error) {
        // Only the position: newer V8 quotes the text around it, which may be a password hash.
        const at = /position \d+/.exec((error as Error).message)?.[0];
        problem(ctx, `must be valid JSON${at ? ` (error at ${at})` : ''}`);
        return z.NEVER;
      }
    })
    .pipe(schema.optional());
}

/** The message of an object whose keys are fixed: unknown keys are typos that would be ignored silently. */
export function objectError(what: string, known: readonly string[]) {
  return (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `has unknown ${issue.keys.length > 1 ? 'keys' : 'key'} ${issue.keys.map((key) => shown(key)).join(', ')} (known: ${known.join(', ')})`
      : `must be ${what}, got ${shown(issue.input)}`;
}

/** Keys of a JSON object setting; `what` says what a key names. */
export function keyOf(what: string, pattern: RegExp, rule: string) {
  return z.string().regex(pattern, { error: () => `is not ${what} (${rule})` });
}

/** A JSON object keyed by `key`; the record's own problems (not an object, a bad key) worded here. */
export function keyedObject<K extends z.ZodType<string>, V extends z.ZodType>(
  key: K,
  value: V,
  what: string,
) {
  return z.record(key, value, {
    error: (issue) =>
      issue.code === 'invalid_key'
        ? (issue.issues[0]?.message ?? `is not ${what}`)
        : `must be a JSON object keyed by ${what}, got ${shown(issue.input)}`,
  });
}
