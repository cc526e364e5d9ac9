import { z } from 'zod';
import {
  type SettingMeta,
  shown,
  problem,
  setting,
  optionalText,
  wholeNumber,
  decimal,
  flag,
  list,
  json,
  keyOf,
  keyedObject,
} from './setting-readers.js';
import { user, proxyGroup } from './user-settings.js';
import { queueThresholds } from './threshold-settings.js';
import {
  caFile,
  dataDir,
  isIanaZone,
  proxyEntryProblem,
  originProblem,
  headerName,
  withoutCredentials,
  alertTargetProblem,
} from './setting-checks.js';

/** The simulator's published address and demo credentials: the defaults, so `npm start` needs no setting. */
export const DEMO_PBX = {
  baseUrl: 'http://127.0.0.1:8088',
  clientId: 'switchboard-demo',
  clientSecret: 'switchboard-demo-secret',
} as const;

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
    STATS_INTERVAL_MIN: setting({ default: '15', min: 5, max: 60 }, (value, ctx) => {
      const minutes = value === undefined ? 15 : Number(value);
      if (!Number.isInteger(minutes) || minutes < 5 || minutes > 60)
        problem(ctx, `must be a whole number from 5 to 60, got ${shown(value)}`);
      // Intervals must tile the hour, so every day's intervals start at the same clock times.
      else if (60 % minutes !== 0)
        problem(ctx, `must divide the hour (5, 6, 10, 12, 15, 20, 30 or 60), got ${shown(value)}`);
      else return minutes;
      return 15;
    }),
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
    // Outgoing alerts (src/alerts, docs/alerting.md). Hosts and networks alerts may be sent to besides public
    // addresses; loopback and private networks only when listed here.
    ALERT_TARGETS_ALLOWED: list(alertTargetProblem),
    // Never shown: it may carry the SMTP password.
    ALERT_SMTP_URL: setting({}, (value, ctx) => {
      if (value !== undefined && !/^smtps?:\/\/[^/\s]+\/?$/.test(value))
        problem(ctx, 'must be smtp://[user:password@]host[:port] or smtps://…');
      return value;
    }),
    ALERT_EMAIL_FROM: setting({}, (value, ctx) => {
      // An address, or a name and an address: Switchboard <alerts@example.com>.
      if (value !== undefined && !/^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value.trim()))
        problem(ctx, `must be an email address (or Name <address>), got ${shown(value)}`);
      return value;
    }),
    // smtp:// must upgrade with STARTTLS unless this is off (a relay on the same machine).
    ALERT_SMTP_REQUIRE_TLS: flag(true),
    ALERT_SMTP_CA_FILE: setting({}, caFile),
    // Where people reach the console: the address acknowledge links in messages point to.
    PUBLIC_URL: setting({}, (value, ctx) => {
      if (value === undefined) return null;
      const problemText = originProblem(value.replace(/\/+$/, ''));
      if (problemText) problem(ctx, `${problemText}, got ${shown(value)}`);
      return value.replace(/\/+$/, '');
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
