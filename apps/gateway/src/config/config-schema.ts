import { readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
// Why zod: nested settings (USERS, PROXY_GROUPS, QUEUE_THRESHOLDS) need per-entry checks that report every
// problem with its path at once, which hand-written checks did only for flat settings; zod is the most used
// and best kept TypeScript schema library, and its messages are ours to word (no input is echoed unless we
// choose to, which keeps secrets out of them).
import { z } from 'zod';
import { parsePasswordHash } from '../auth/password-hasher.js';

/** The simulator's published address and demo credentials: the defaults, so `npm start` needs no setting. */
export const DEMO_PBX = {
  baseUrl: 'http://127.0.0.1:8088',
  clientId: 'switchboard-demo',
  clientSecret: 'switchboard-demo-secret',
} as const;

/** What the README's configuration table states about a setting; the tests hold the two in step. */
export interface SettingMeta {
  /** The value an unset setting takes, as it would be written. */
  default?: string;
  /** Range of a numeric setting. */
  min?: number;
  max?: number;
}

/** A value as a problem line shows it: JSON, cut short. Never called with a secret. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** A plain environment value; blank counts as unset (docker-compose passes an unset variable as ''). */
const envValue = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

type Ctx = z.RefinementCtx;
const problem = (ctx: Ctx, message: string, path: PropertyKey[] = []) =>
  ctx.addIssue({ code: 'custom', message, path });

/** A setting read by `read`, which reports problems through `ctx` (the value is then unused). */
function setting<T>(meta: SettingMeta, read: (value: string | undefined, ctx: Ctx) => T) {
  return envValue.transform(read).meta({ ...meta });
}

const optionalText = (meta: SettingMeta = {}) => setting(meta, (value) => value);

function wholeNumber(fallback: number, min: number, max: number) {
  return setting({ default: String(fallback), min, max }, (value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (Number.isInteger(number) && number >= min && number <= max) return number;
    problem(ctx, `must be a whole number from ${min} to ${max}, got ${shown(value)}`);
    return fallback;
  });
}

function decimal(fallback: number, min: number, max: number) {
  return setting({ default: String(fallback), min, max }, (value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (Number.isFinite(number) && number >= min && number <= max) return number;
    problem(ctx, `must be a number from ${min} to ${max}, got ${shown(value)}`);
    return fallback;
  });
}

function flag(fallback: boolean) {
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
function list(check: (entry: string) => string | undefined = () => undefined) {
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
function json<T extends z.ZodType>(schema: T) {
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
function objectError(what: string, known: readonly string[]) {
  return (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `has unknown ${issue.keys.length > 1 ? 'keys' : 'key'} ${issue.keys.map((key) => shown(key)).join(', ')} (known: ${known.join(', ')})`
      : `must be ${what}, got ${shown(issue.input)}`;
}

const ROLES = ['viewer', 'supervisor', 'admin'] as const;
const role = z.enum(ROLES, {
  error: (issue) =>
    issue.input === undefined
      ? 'is required'
      : `must be viewer, supervisor or admin, got ${shown(issue.input)}`,
});

// One check for the whole value, so that its problem is one line whatever is wrong inside the list.
const queueIds = z.custom<number[] | 'all'>(
  (value) => value === 'all' || (Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0)),
  {
    error: (issue) =>
      issue.input === undefined
        ? 'is required: "all" or a list of queue ids'
        : `must be "all" or a list of queue ids, got ${shown(issue.input)}`,
  },
);

function isPasswordHash(value: unknown): boolean {
  try {
    return typeof value === 'string' && parsePasswordHash(value) !== undefined;
  } catch {
    return false;
  }
}

const USER_KEYS = ['username', 'passwordHash', 'role', 'queues', 'extension'] as const;
const user = z.strictObject(
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

const GROUP_KEYS = ['role', 'queues'] as const;
const proxyGroup = z.strictObject(
  { role, queues: queueIds },
  { error: objectError('{"role", "queues"}', GROUP_KEYS) },
);

/** Thresholds of one queue as configured (see live-protocol QueueThresholds). */
export interface QueueThresholdConfig {
  waitingWarn: number | null;
  waitingCritical: number | null;
  longestWaitWarnSec: number | null;
  longestWaitCriticalSec: number | null;
  serviceLevelWarn: number | null;
  serviceLevelCritical: number | null;
  serviceLevelSec: number;
  maxPauseSec: number | null;
}

/** The default thresholds of every queue (`serviceLevelSec` defaults to SERVICE_LEVEL_SEC). */
export const THRESHOLD_DEFAULTS: Readonly<Omit<QueueThresholdConfig, 'serviceLevelSec'>> = {
  waitingWarn: 3,
  waitingCritical: 6,
  longestWaitWarnSec: 60,
  longestWaitCriticalSec: 120,
  serviceLevelWarn: 80,
  serviceLevelCritical: 60,
  maxPauseSec: 900,
};

/** A number from `min` to `max`, its problem worded once for every way it can be wrong. */
function bounded(min: number, max: number, { whole, orNull }: { whole: boolean; orNull: boolean }) {
  const error = (issue: { input?: unknown }) =>
    `must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}${orNull ? ' or null' : ''}, got ${shown(issue.input)}`;
  return (whole ? z.int({ error }) : z.number({ error })).min(min, { error }).max(max, { error });
}

/** A threshold; `null` switches it off. */
const level = (min: number, max: number, whole: boolean) =>
  bounded(min, max, { whole, orNull: true }).nullable().optional();
const count = level(1, 10_000, true);
const seconds = level(1, 86_400, true);
const percent = level(0, 100, false);
// The same range as SERVICE_LEVEL_SEC, and always applies: no null.
const serviceLevelSec = bounded(1, 3600, { whole: true, orNull: false }).optional();

/** Pairs whose warn level must come before the critical one; `lowerIsWorse` for the service level. */
const ORDERED_LEVELS = [
  { warn: 'waitingWarn', critical: 'waitingCritical', lowerIsWorse: false },
  { warn: 'longestWaitWarnSec', critical: 'longestWaitCriticalSec', lowerIsWorse: false },
  { warn: 'serviceLevelWarn', critical: 'serviceLevelCritical', lowerIsWorse: true },
] as const;

const THRESHOLD_KEYS = [
  'waitingWarn',
  'waitingCritical',
  'longestWaitWarnSec',
  'longestWaitCriticalSec',
  'serviceLevelWarn',
  'serviceLevelCritical',
  'serviceLevelSec',
  'maxPauseSec',
] as const satisfies readonly (keyof QueueThresholdConfig)[];

const thresholdShape = {
  waitingWarn: count,
  waitingCritical: count,
  longestWaitWarnSec: seconds,
  longestWaitCriticalSec: seconds,
  serviceLevelWarn: percent,
  serviceLevelCritical: percent,
  serviceLevelSec,
  maxPauseSec: seconds,
};

const queueThresholds = z
  .strictObject(thresholdShape, {
    error: objectError(`an object with any of ${THRESHOLD_KEYS.join(', ')}`, THRESHOLD_KEYS),
  })
  .superRefine(
    (entry, ctx) => {
      if (typeof entry !== 'object' || entry === null) return;
      // A warn level past the critical one would never show: the critical level trips first. Compared only
      // when both are valid (a wrong one has its own line).
      const valueOf = (key: keyof typeof thresholdShape & keyof typeof THRESHOLD_DEFAULTS) =>
        entry[key] === undefined
          ? THRESHOLD_DEFAULTS[key]
          : thresholdShape[key].safeParse(entry[key]).success
            ? entry[key]
            : null;
      for (const { warn, critical, lowerIsWorse } of ORDERED_LEVELS) {
        const [w, c] = [valueOf(warn), valueOf(critical)];
        if (typeof w !== 'number' || typeof c !== 'number' || (lowerIsWorse ? w >= c : w <= c)) continue;
        const defaulted = entry[critical] === undefined ? ', the default' : '';
        problem(
          ctx,
          `must not be ${lowerIsWorse ? 'below' : 'above'} ${critical} (${c}${defaulted}), got ${w}`,
          [warn],
        );
      }
    },
    // Also when another key of the entry is wrong: every problem at once.
    { when: () => true },
  );

/** Keys of a JSON object setting; `what` says what a key names. */
function keyOf(what: string, pattern: RegExp, rule: string) {
  return z.string().regex(pattern, { error: () => `is not ${what} (${rule})` });
}

/** A JSON object keyed by `key`; the record's own problems (not an object, a bad key) worded here. */
function keyedObject<K extends z.ZodType<string>, V extends z.ZodType>(key: K, value: V, what: string) {
  return z.record(key, value, {
    error: (issue) =>
      issue.code === 'invalid_key'
        ? (issue.issues[0]?.message ?? `is not ${what}`)
        : `must be a JSON object keyed by ${what}, got ${shown(issue.input)}`,
  });
}

/** PBX_CA_FILE: the PEM text of the file it names. */
function caFile(path: string | undefined, ctx: Ctx): string | null {
  if (path === undefined) return null;
  try {
    const pem = readFileSync(path, 'utf8');
    if (pem.includes('-----BEGIN CERTIFICATE-----')) return pem;
    problem(ctx, `${path} does not contain a PEM certificate`);
  } catch (error) {
    problem(ctx, `${path} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return null;
}

/** DATA_DIR as an absolute path; it need not exist yet (it is created at start), but must not be a file. */
function dataDir(value: string | undefined, ctx: Ctx): string {
  const dir = resolve(value ?? 'data');
  try {
    if (!statSync(dir).isDirectory()) problem(ctx, `${dir} is not a directory`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') problem(ctx, `${dir} could not be read (${code ?? 'error'})`);
  }
  return dir;
}

function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** `10.0.0.5`, `::1` or a network `10.0.0.0/24`, as TrustedProxies reads them. */
function proxyEntryProblem(entry: string): string | undefined {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return 'is not an IP address or network';
  if (prefix !== undefined && (!/^\d+$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)))
    return 'has an invalid prefix length';
  return undefined;
}

/** What origin-policy can compare: an http(s) URL's origin. */
function originProblem(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '')
      return undefined;
  } catch {
    // reported below
  }
  return 'is not an origin like https://intranet.example';
}

/** An HTTP header name (RFC 9110 token); Node gives header names in lower case. */
const headerName = (fallback: string) =>
  setting({ default: fallback }, (value, ctx) => {
    if (value === undefined) return fallback;
    if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) return value.toLowerCase();
    problem(ctx, `must be an HTTP header name, got ${shown(value)}`);
    return fallback;
  });

/** A URL, shown without any user:password in it. */
function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
}

/**
 * Every setting of the gateway, keyed by its environment variable. Each reads the text of the environment
 * (or of CONFIG_FILE) and yields its typed value; problems carry the setting's name as the first path
 * element, then the entry (`USERS[2].role`, `PROXY_GROUPS["ops"].queues`).
 */
export const gatewaySettingsSchema = z
  .object({
    PORT: wholeNumber(3000, 0, 65535),
    HOST: setting({ default: '0.0.0.0' }, (value, ctx) => {
      if (value !== undefined && !/^[A-Za-z0-9.:%-]+$/.test(value))
        problem(ctx, `must be an IP address or host name, got ${shown(value)}`);
      return value ?? '0.0.0.0';
    }),
    PBX_BASE_URL: setting({ default: DEMO_PBX.baseUrl }, (value, ctx) => {
      const url = (value ?? DEMO_PBX.baseUrl).replace(/\/+$/, '');
      // No user:password@: the PBX is reached with the client id and secret, and the URL is shown in problems.
      if (!/^https?:\/\/[^/\s@]+$/.test(url))
        problem(ctx, `must be http(s)://host[:port], got ${shown(withoutCredentials(url))}`);
      return url;
    }),
    // Their defaults hold only with the default PBX_BASE_URL; see the check below.
    PBX_CLIENT_ID: optionalText({ default: DEMO_PBX.clientId }),
    // Never shown, as AUTH_SECRET and REDIS_URL (which may hold a password) are not.
    PBX_CLIENT_SECRET: optionalText({ default: DEMO_PBX.clientSecret }),
    PBX_TIMEOUT_MS: wholeNumber(10_000, 100, 120_000),
    PBX_HOLD_WINDOW_MS: wholeNumber(10_000, 1_000, 60_000),
    PBX_MAX_REQUESTS_PER_SECOND: decimal(20, 0.1, 1000),
    PBX_FEATURE_LISTEN: flag(true),
    PBX_FEATURE_AGENT_LOGIN: flag(true),
    PBX_FEATURE_UACSTA: flag(true),
    PBX_CA_FILE: setting({}, caFile),
    PBX_TLS_VERIFY: flag(true),
    POLL_QUEUES_MS: wholeNumber(2_000, 200, 600_000),
    POLL_CONFERENCES_MS: wholeNumber(5_000, 200, 600_000),
    QUEUES: setting({}, (value, ctx) => {
      const ids = (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .map(Number);
      if (ids.every((id) => Number.isInteger(id) && id > 0)) return ids;
      problem(ctx, `must be positive whole numbers separated by commas, got ${shown(value)}`);
      return [];
    }),
    QUEUE_LIST_REFRESH_MS: wholeNumber(60_000, 1_000, 86_400_000),
    POLL_JITTER: decimal(0.1, 0, 0.5),
    POLL_MAX_BACKOFF_MS: wholeNumber(30_000, 1_000, 600_000),
    SITE_TIME_ZONE: setting({}, (value, ctx) => {
      const zone = value ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
      if (!isIanaZone(zone)) problem(ctx, `must be an IANA time zone like Europe/Berlin, got ${shown(zone)}`);
      return zone;
    }),
    SERVICE_LEVEL_SEC: wholeNumber(20, 1, 3600),
    SHORT_ABANDON_SEC: wholeNumber(5, 0, 600),
    STATS_RECOUNT_MS: wholeNumber(600_000, 10_000, 86_400_000),
    QUEUE_THRESHOLDS: json(
      keyedObject(
        keyOf('a queue id', /^[1-9]\d*$/, 'a positive whole number, as queue/list gives it'),
        queueThresholds,
        'queue id',
      ),
    ),
    AUTH_SECRET: setting({}, (value, ctx) => {
      if (value !== undefined && value.length < 32) problem(ctx, 'must be at least 32 characters');
      return value;
    }),
    SESSION_TTL_SEC: wholeNumber(8 * 3600, 60, 30 * 86_400),
    USERS: json(
      z.array(user, { error: (issue) => `must be a JSON array of users, got ${shown(issue.input)}` }),
    ),
    TRUSTED_PROXIES: list(proxyEntryProblem),
    PROXY_USER_HEADER: headerName('x-forwarded-user'),
    PROXY_GROUPS_HEADER: headerName('x-forwarded-groups'),
    // A group is shared by many people: a person's own extension comes in a header of its own.
    PROXY_EXTENSION_HEADER: headerName('x-forwarded-extension'),
    PROXY_GROUPS: json(
      keyedObject(
        // The groups header is split at , and ; and trimmed: such a name could never match.
        keyOf('a group name', /^(?!\s)[^,;\p{Cc}]+(?<!\s)$/u, 'no , or ; and no spaces at either end'),
        proxyGroup,
        'group name',
      ),
    ),
    ALLOWED_ORIGINS: list(originProblem),
    // The CSP header leaves out such a source (it could inject directives): refuse it rather than drop it.
    FRAME_ANCESTORS: list((entry) =>
      /^[^\s;,]+$/.test(entry) ? undefined : 'is not a CSP source like https://intranet.example',
    ),
    COMMANDS_PER_SECOND: decimal(5, 0.1, 1000),
    // Conferences belong to no queue: by default only sessions that see the whole PBX see and kick them.
    CONFERENCE_ACCESS: setting({ default: 'whole-pbx' }, (value, ctx) => {
      const found = (['whole-pbx', 'signed-in'] as const).find((known) => known === (value ?? 'whole-pbx'));
      if (found) return found;
      problem(ctx, `must be whole-pbx or signed-in, got ${shown(value)}`);
      return 'whole-pbx';
    }),
    REDIS_URL: setting({}, (value, ctx) => {
      if (value !== undefined && !/^rediss?:\/\//.test(value))
        problem(ctx, 'must start with redis:// or rediss://');
      return value;
    }),
    // Cluster mode on one machine (src/workers): 'auto' = one worker per core beyond the first, when that is
    // at least two (see workers/worker-count.ts); 0 = one process.
    SOCKET_WORKERS: setting({ default: 'auto' }, (value, ctx): number | 'auto' => {
      if (value === undefined || value.toLowerCase() === 'auto') return 'auto';
      const number = Number(value);
      if (Number.isInteger(number) && number >= 0 && number <= 64) return number;
      problem(ctx, `must be auto or a whole number from 0 to 64, got ${shown(value)}`);
      return 'auto';
    }),
    DATA_DIR: setting({ default: 'data' }, dataDir),
    DASHBOARD_DIR: optionalText(),
    LOG_LEVEL: setting({ default: 'info' }, (value, ctx) => {
      const levels = ['debug', 'info', 'warn', 'error'] as const;
      const found = levels.find((known) => known === (value ?? 'info'));
      if (found) return found;
      problem(ctx, `must be debug, info, warn or error, got ${shown(value)}`);
      return 'info';
    }),
    // Read by the loader before the rest; listed so that it is a known key.
    CONFIG_FILE: optionalText(),
  })
  .superRefine(
    (settings, ctx) => {
      // A real PBX has its own credentials: the demo ones apply only to the default PBX_BASE_URL.
      if (settings.PBX_BASE_URL === DEMO_PBX.baseUrl) return;
      for (const key of ['PBX_CLIENT_ID', 'PBX_CLIENT_SECRET'] as const) {
        if (settings[key] === undefined)
          problem(ctx, 'is required when PBX_BASE_URL points at a real PBX', [key]);
      }
    },
    // Also when other settings are wrong: every problem at once.
    { when: () => true },
  )
  .superRefine(
    (settings, ctx) => {
      // Socket workers get room broadcasts from their own primary only; the Redis adapter delivers other
      // replicas' broadcasts to the primary's sockets alone. Several machines: one gateway per core instead.
      if (typeof settings.SOCKET_WORKERS === 'number' && settings.SOCKET_WORKERS > 0 && settings.REDIS_URL)
        problem(
          ctx,
          'must be 0 or auto with REDIS_URL: with Redis run one gateway per core instead of socket workers',
          ['SOCKET_WORKERS'],
        );
    },
    // Also when other settings are wrong: every problem at once.
    { when: () => true },
  );

/** The settings as read, before they are arranged into a GatewayConfig. */
export type GatewaySettings = z.output<typeof gatewaySettingsSchema>;

/** The name of every setting. */
export type SettingName = keyof typeof gatewaySettingsSchema.shape;
export const SETTING_NAMES = Object.keys(gatewaySettingsSchema.shape) as SettingName[];

/** What the README states about `name`. */
export function settingMeta(name: SettingName): SettingMeta {
  return (gatewaySettingsSchema.shape[name].meta() ?? {}) as SettingMeta;
}

/** Keys a QUEUE_THRESHOLDS entry may have. */
export const QUEUE_THRESHOLD_KEYS: readonly (keyof QueueThresholdConfig)[] = THRESHOLD_KEYS;

/** One problem line: `PORT must be ...` for a setting, `USERS[0].role: must be ...` for one of its entries. */
export function problemLine(issue: { path: readonly PropertyKey[]; message: string }): string {
  const [name, ...entry] = issue.path;
  if (entry.length === 0) return `${String(name)} ${issue.message}`;
  const where = entry
    .map((part, index) =>
      typeof part === 'number'
        ? `[${part}]`
        : index === 0
          ? `[${JSON.stringify(String(part))}]`
          : `.${String(part)}`,
    )
    .join('');
  return `${String(name)}${where}: ${issue.message}`;
}
