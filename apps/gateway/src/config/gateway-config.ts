import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

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

/** A user from configuration. `passwordHash` is `scrypt$<salt b64>$<hash b64>` (see `npm run hash-password`). */
export interface UserConfig {
  username: string;
  passwordHash: string;
  role: 'viewer' | 'supervisor' | 'admin';
  /** Queue ids the user may see and act on; 'all' for every queue. */
  queues: number[] | 'all';
  /** The user's own extension (for listen/whisper/barge), if any. */
  extension?: string;
}

/** Every setting of the gateway, validated once at start-up. */
export interface GatewayConfig {
  port: number;
  host: string;
  pbx: {
    baseUrl: string;
    clientId: string;
    clientSecret: string;
    timeoutMs: number;
    /** The PBX's hold window for inbound decisions. */
    holdWindowMs: number;
    /** Most requests per second polling may send to the PBX. */
    maxRequestsPerSecond: number;
    /** Whether this PBX supports call/listen and agent/login (real firmware may not). */
    features: { listen: boolean; agentLogin: boolean; uacsta: boolean };
    /** Certificate trust for an https PBX: an extra CA (PEM text) and whether to verify at all. */
    tls: { ca: string | null; rejectUnauthorized: boolean };
  };
  polling: {
    queueIntervalMs: number;
    conferenceIntervalMs: number;
    /** Queue ids to watch; empty = every queue from queue/list. */
    queueIds: number[];
    queueListRefreshMs: number;
    /** Random spread added to each interval, as a fraction (0.1 = up to 10 %). */
    jitter: number;
    /** Longest wait between attempts while the PBX fails. */
    maxBackoffMs: number;
  };
  stats: {
    timeZone: string;
    serviceLevelSec: number;
    shortAbandonSec: number;
    /** Today's figures are recounted from the PBX's call records this often (and after every event gap). */
    recountIntervalMs: number;
    thresholds: Record<string, QueueThresholdConfig>;
    defaultThresholds: QueueThresholdConfig;
  };
  auth: {
    /** Key that signs session and display tokens. */
    secret: string;
    /** True when no secret was configured and a random one is used (sessions end on restart). */
    secretGenerated: boolean;
    sessionTtlSec: number;
    users: UserConfig[];
    trustedProxies: string[];
    proxyUserHeader: string;
    proxyGroupsHeader: string;
    /** Group name -> role and queues, for users that come through the trusted proxy. */
    proxyGroups: Record<string, { role: UserConfig['role']; queues: number[] | 'all' }>;
  };
  http: {
    allowedOrigins: string[];
    frameAncestors: string[];
    commandsPerSecond: number;
  };
  redisUrl: string | null;
  /**
   * Absolute directory of the state a restart must not lose (see src/state): without REDIS_URL, display
   * links, logouts, the audit trail, queue and held-call state; in any case the generated signing key
   * when AUTH_SECRET is not set.
   */
  dataDir: string;
  dashboardDir: string | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

/** Thrown when settings are wrong; `problems` has one line per wrong setting. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Source = Record<string, string | undefined>;

/** Reads settings from env-style keys, collecting every problem before failing. */
class SettingsReader {
  readonly problems: string[] = [];
  constructor(private readonly source: Source) {}

  text(key: string, fallback: string): string {
    const value = this.source[key];
    return value === undefined || value.trim() === '' ? fallback : value.trim();
  }

  int(key: string, fallback: number, min: number, max: number): number {
    const raw = this.source[key];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${key} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
      return fallback;
    }
    return value;
  }

  number(key: string, fallback: number, min: number, max: number): number {
    const raw = this.source[key];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || value > max) {
      this.problems.push(`${key} must be a number from ${min} to ${max}, got ${JSON.stringify(raw)}`);
      return fallback;
    }
    return value;
  }

  bool(key: string, fallback: boolean): boolean {
    const raw = this.source[key]?.trim().toLowerCase();
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${key} must be true or false, got ${JSON.stringify(this.source[key])}`);
    return fallback;
  }

  list(key: string): string[] {
    return this.text(key, '')
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }

  intList(key: string): number[] {
    const items = this.list(key);
    const values = items.map(Number);
    if (values.some((v) => !Number.isInteger(v) || v <= 0)) {
      this.problems.push(
        `${key} must be positive whole numbers separated by commas, got ${JSON.stringify(this.source[key])}`,
      );
      return [];
    }
    return values;
  }

  json<T>(key: string, fallback: T, check: (value: unknown) => string | undefined): T {
    const raw = this.source[key];
    if (raw === undefined || raw.trim() === '') return fallback;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      this.problems.push(`${key} must be valid JSON`);
      return fallback;
    }
    const problem = check(value);
    if (problem) {
      this.problems.push(`${key} ${problem}`);
      return fallback;
    }
    return value as T;
  }
}

export const DEMO_PBX = {
  baseUrl: 'http://127.0.0.1:8088',
  clientId: 'switchboard-demo',
  clientSecret: 'switchboard-demo-secret',
} as const;

function checkUsers(value: unknown): string | undefined {
  if (!Array.isArray(value)) return 'must be a JSON array of users';
  for (const [i, user] of value.entries()) {
    const u = user as Partial<UserConfig>;
    if (typeof u.username !== 'string' || !u.username) return `[${i}].username is required`;
    if (typeof u.passwordHash !== 'string' || !u.passwordHash.startsWith('scrypt$'))
      return `[${i}].passwordHash must be an scrypt hash (npm run hash-password)`;
    if (!['viewer', 'supervisor', 'admin'].includes(String(u.role)))
      return `[${i}].role must be viewer, supervisor or admin`;
    if (
      u.queues !== 'all' &&
      !(Array.isArray(u.queues) && u.queues.every((q) => Number.isInteger(q) && q > 0))
    )
      return `[${i}].queues must be "all" or a list of queue ids`;
  }
  return undefined;
}

/** Reads the PEM file PBX_CA_FILE names (self-signed PBX certificates); null when unset. */
function readCaFile(r: SettingsReader, path: string): string | null {
  if (!path) return null;
  try {
    const pem = readFileSync(path, 'utf8');
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      r.problems.push(`PBX_CA_FILE ${path} does not contain a PEM certificate`);
      return null;
    }
    return pem;
  } catch (error) {
    r.problems.push(
      `PBX_CA_FILE ${path} could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
    return null;
  }
}

/** DATA_DIR as an absolute path; it need not exist yet (it is created at start), but must not be a file. */
function readDataDir(r: SettingsReader): string {
  const dir = resolve(r.text('DATA_DIR', 'data'));
  try {
    if (!statSync(dir).isDirectory()) r.problems.push(`DATA_DIR ${dir} is not a directory`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') r.problems.push(`DATA_DIR ${dir} could not be read (${code ?? 'error'})`);
  }
  return dir;
}

function checkIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the configuration from environment variables and, when `CONFIG_FILE` names one, a JSON file whose
 * keys are the same names (the environment wins). Throws {@link ConfigError} listing every wrong setting.
 */
export function loadGatewayConfig(env: Source = process.env, randomSecret: () => string): GatewayConfig {
  let source: Source = env;
  const problems: string[] = [];
  if (env['CONFIG_FILE']) {
    try {
      const file = JSON.parse(readFileSync(env['CONFIG_FILE'], 'utf8')) as Record<string, unknown>;
      const fromFile: Source = {};
      for (const [key, value] of Object.entries(file)) {
        fromFile[key] = typeof value === 'string' ? value : JSON.stringify(value);
      }
      source = { ...fromFile, ...env };
    } catch (error) {
      problems.push(
        `CONFIG_FILE ${env['CONFIG_FILE']} could not be read as JSON (${(error as Error).message})`,
      );
    }
  }
  const r = new SettingsReader(source);
  r.problems.push(...problems);

  const baseUrl = r.text('PBX_BASE_URL', DEMO_PBX.baseUrl).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/.test(baseUrl))
    r.problems.push(`PBX_BASE_URL must be http(s)://host[:port], got ${JSON.stringify(baseUrl)}`);
  const usingDemo = baseUrl === DEMO_PBX.baseUrl;
  const clientId = r.text('PBX_CLIENT_ID', usingDemo ? DEMO_PBX.clientId : '');
  const clientSecret = r.text('PBX_CLIENT_SECRET', usingDemo ? DEMO_PBX.clientSecret : '');
  if (!clientId) r.problems.push('PBX_CLIENT_ID is required when PBX_BASE_URL points at a real PBX');
  if (!clientSecret) r.problems.push('PBX_CLIENT_SECRET is required when PBX_BASE_URL points at a real PBX');

  const timeZone = r.text('SITE_TIME_ZONE', Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  if (!checkIanaZone(timeZone))
    r.problems.push(
      `SITE_TIME_ZONE must be an IANA time zone like Europe/Berlin, got ${JSON.stringify(timeZone)}`,
    );

  const serviceLevelSec = r.int('SERVICE_LEVEL_SEC', 20, 1, 3600);
  const defaultThresholds: QueueThresholdConfig = {
    waitingWarn: 3,
    waitingCritical: 6,
    longestWaitWarnSec: 60,
    longestWaitCriticalSec: 120,
    serviceLevelWarn: 80,
    serviceLevelCritical: 60,
    serviceLevelSec,
    maxPauseSec: 900,
  };
  const thresholds = r.json<Record<string, Partial<QueueThresholdConfig>>>('QUEUE_THRESHOLDS', {}, (v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? undefined
      : 'must be a JSON object keyed by queue id',
  );

  const secretRaw = r.text('AUTH_SECRET', '');
  if (secretRaw && secretRaw.length < 32) r.problems.push('AUTH_SECRET must be at least 32 characters');
  const logLevel = r.text('LOG_LEVEL', 'info');
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel))
    r.problems.push(`LOG_LEVEL must be debug, info, warn or error, got ${JSON.stringify(logLevel)}`);
  const redisUrl = r.text('REDIS_URL', '');
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    r.problems.push(`REDIS_URL must start with redis:// or rediss://`);

  const config: GatewayConfig = {
    port: r.int('PORT', 3000, 0, 65535),
    host: r.text('HOST', '0.0.0.0'),
    pbx: {
      baseUrl,
      clientId,
      clientSecret,
      timeoutMs: r.int('PBX_TIMEOUT_MS', 10_000, 100, 120_000),
      holdWindowMs: r.int('PBX_HOLD_WINDOW_MS', 10_000, 1_000, 60_000),
      maxRequestsPerSecond: r.number('PBX_MAX_REQUESTS_PER_SECOND', 20, 0.1, 1000),
      tls: {
        ca: readCaFile(r, r.text('PBX_CA_FILE', '')),
        rejectUnauthorized: r.bool('PBX_TLS_VERIFY', true),
      },
      features: {
        listen: r.bool('PBX_FEATURE_LISTEN', true),
        agentLogin: r.bool('PBX_FEATURE_AGENT_LOGIN', true),
        uacsta: r.bool('PBX_FEATURE_UACSTA', true),
      },
    },
    polling: {
      queueIntervalMs: r.int('POLL_QUEUES_MS', 2_000, 200, 600_000),
      conferenceIntervalMs: r.int('POLL_CONFERENCES_MS', 5_000, 200, 600_000),
      queueIds: r.intList('QUEUES'),
      queueListRefreshMs: r.int('QUEUE_LIST_REFRESH_MS', 60_000, 1_000, 86_400_000),
      jitter: r.number('POLL_JITTER', 0.1, 0, 0.5),
      maxBackoffMs: r.int('POLL_MAX_BACKOFF_MS', 30_000, 1_000, 600_000),
    },
    stats: {
      timeZone,
      serviceLevelSec,
      shortAbandonSec: r.int('SHORT_ABANDON_SEC', 5, 0, 600),
      recountIntervalMs: r.int('STATS_RECOUNT_MS', 600_000, 10_000, 86_400_000),
      thresholds: Object.fromEntries(
        Object.entries(thresholds).map(([queue, partial]) => [queue, { ...defaultThresholds, ...partial }]),
      ),
      defaultThresholds,
    },
    auth: {
      secret: secretRaw || randomSecret(),
      secretGenerated: !secretRaw,
      sessionTtlSec: r.int('SESSION_TTL_SEC', 8 * 3600, 60, 30 * 86_400),
      users: r.json<UserConfig[]>('USERS', [], checkUsers),
      trustedProxies: r.list('TRUSTED_PROXIES'),
      proxyUserHeader: r.text('PROXY_USER_HEADER', 'x-forwarded-user').toLowerCase(),
      proxyGroupsHeader: r.text('PROXY_GROUPS_HEADER', 'x-forwarded-groups').toLowerCase(),
      proxyGroups: r.json('PROXY_GROUPS', {}, (v) =>
        typeof v === 'object' && v !== null && !Array.isArray(v)
          ? undefined
          : 'must be a JSON object keyed by group name',
      ),
    },
    http: {
      allowedOrigins: r.list('ALLOWED_ORIGINS'),
      frameAncestors: r.list('FRAME_ANCESTORS'),
      commandsPerSecond: r.number('COMMANDS_PER_SECOND', 5, 0.1, 1000),
    },
    redisUrl: redisUrl || null,
    dataDir: readDataDir(r),
    dashboardDir: r.text('DASHBOARD_DIR', '') || null,
    logLevel: logLevel as GatewayConfig['logLevel'],
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/** Injection token of the {@link GatewayConfig}. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
