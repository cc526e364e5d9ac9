import { readFileSync } from 'node:fs';
import {
  DEMO_PBX,
  gatewaySettingsSchema,
  problemLine,
  SETTING_NAMES,
  type GatewaySettings,
} from './config-schema.js';
import { THRESHOLD_DEFAULTS, type QueueThresholdConfig } from './threshold-settings.js';

export { DEMO_PBX } from './config-schema.js';

/**
 * A user from configuration. `passwordHash` as `npm run hash-password` makes it: the PHC string
 * `$scrypt$ln=17,r=8,p=1$<salt>$<key>`, or the older `scrypt$<salt>$<key>`.
 */
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
    /** Today is counted in intervals of this many minutes (they divide the hour). */
    intervalMin: number;
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
    /** Header with the user's own extension (for listen/whisper/barge), read only from trusted proxies. */
    proxyExtensionHeader: string;
    /** Group name -> role and queues, for users that come through the trusted proxy. */
    proxyGroups: Record<string, { role: UserConfig['role']; queues: number[] | 'all' }>;
    /** Who sees and kicks conferences: sessions that see the whole PBX, or every signed-in person. */
    conferenceAccess: 'whole-pbx' | 'signed-in';
  };
  http: {
    allowedOrigins: string[];
    frameAncestors: string[];
    commandsPerSecond: number;
  };
  /** Outgoing alerts (docs/alerting.md). */
  alerts: {
    /** ALERT_TARGETS_ALLOWED: host names, addresses and CIDR networks alerts may reach besides public ones. */
    targetsAllowed: string[];
    /** The SMTP relay of email contact points; null when not set (email contact points are refused). */
    smtp: { url: string; from: string; requireTls: boolean; ca: string | null } | null;
    /** Where people reach the console, for acknowledge links; null: messages carry no link. */
    publicUrl: string | null;
  };
  redisUrl: string | null;
  /** Socket worker processes of cluster mode on one machine: a count, or 'auto' (workers/worker-count.ts). */
  socketWorkers: number | 'auto';
  /**
   * Absolute directory of the state a restart must not lose (see src/state): without REDIS_URL, display
   * links, logouts, the audit trail, queue and held-call state; in any case the generated signing key
   * when AUTH_SECRET is not set.
   */
  dataDir: string;
  dashboardDir: string | null;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

/** Thrown when settings are wrong; `problems` has one line per problem, naming the setting and entry. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Source = Record<string, string | undefined>;

/**
 * The settings of the JSON file CONFIG_FILE names, as environment-style text (a JSON value is kept as JSON
 * text, `null` counts as unset). Problems go to `problems`; the file's content never does.
 */
function readConfigFile(path: string, problems: string[]): Source {
  let file: unknown;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Only the position of a syntax error: newer V8 quotes the text around it, which may be a secret.
    const at = /position \d+/.exec((error as Error).message)?.[0];
    problems.push(
      `CONFIG_FILE ${path} could not be read as JSON (${code ?? (at ? `error at ${at}` : 'error')})`,
    );
    return {};
  }
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    problems.push(`CONFIG_FILE ${path} must hold a JSON object of settings`);
    return {};
  }
  const known: readonly string[] = SETTING_NAMES;
  const source: Source = {};
  for (const [key, value] of Object.entries(file)) {
    // A misspelt key would otherwise be ignored without a word.
    if (!known.includes(key))
      problems.push(`CONFIG_FILE ${path} has an unknown setting ${JSON.stringify(key)}`);
    else if (value !== null) source[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return source;
}

/** Arranges settings that passed the schema into the configuration the services get. */
function arrange(s: GatewaySettings, randomSecret: () => string): GatewayConfig {
  const usingDemo = s.PBX_BASE_URL === DEMO_PBX.baseUrl;
  const defaultThresholds: QueueThresholdConfig = {
    ...THRESHOLD_DEFAULTS,
    serviceLevelSec: s.SERVICE_LEVEL_SEC,
  };
  return {
    port: s.PORT,
    host: s.HOST,
    pbx: {
      baseUrl: s.PBX_BASE_URL,
      clientId: s.PBX_CLIENT_ID ?? (usingDemo ? DEMO_PBX.clientId : ''),
      clientSecret: s.PBX_CLIENT_SECRET ?? (usingDemo ? DEMO_PBX.clientSecret : ''),
      timeoutMs: s.PBX_TIMEOUT_MS,
      holdWindowMs: s.PBX_HOLD_WINDOW_MS,
      maxRequestsPerSecond: s.PBX_MAX_REQUESTS_PER_SECOND,
      tls: { ca: s.PBX_CA_FILE, rejectUnauthorized: s.PBX_TLS_VERIFY },
      features: {
        listen: s.PBX_FEATURE_LISTEN,
        agentLogin: s.PBX_FEATURE_AGENT_LOGIN,
        uacsta: s.PBX_FEATURE_UACSTA,
      },
    },
    polling: {
      queueIntervalMs: s.POLL_QUEUES_MS,
      conferenceIntervalMs: s.POLL_CONFERENCES_MS,
      queueIds: s.QUEUES,
      queueListRefreshMs: s.QUEUE_LIST_REFRESH_MS,
      jitter: s.POLL_JITTER,
      maxBackoffMs: s.POLL_MAX_BACKOFF_MS,
    },
    stats: {
      timeZone: s.SITE_TIME_ZONE,
      serviceLevelSec: s.SERVICE_LEVEL_SEC,
      shortAbandonSec: s.SHORT_ABANDON_SEC,
      recountIntervalMs: s.STATS_RECOUNT_MS,
      intervalMin: s.STATS_INTERVAL_MIN,
      thresholds: Object.fromEntries(
        Object.entries(s.QUEUE_THRESHOLDS ?? {}).map(([queue, own]) => [
          queue,
          { ...defaultThresholds, ...own },
        ]),
      ),
      defaultThresholds,
    },
    auth: {
      secret: s.AUTH_SECRET ?? randomSecret(),
      secretGenerated: s.AUTH_SECRET === undefined,
      sessionTtlSec: s.SESSION_TTL_SEC,
      users: s.USERS ?? [],
      trustedProxies: s.TRUSTED_PROXIES,
      proxyUserHeader: s.PROXY_USER_HEADER,
      proxyGroupsHeader: s.PROXY_GROUPS_HEADER,
      proxyExtensionHeader: s.PROXY_EXTENSION_HEADER,
      proxyGroups: s.PROXY_GROUPS ?? {},
      conferenceAccess: s.CONFERENCE_ACCESS,
    },
    http: {
      allowedOrigins: s.ALLOWED_ORIGINS,
      frameAncestors: s.FRAME_ANCESTORS,
      commandsPerSecond: s.COMMANDS_PER_SECOND,
    },
    alerts: {
      targetsAllowed: s.ALERT_TARGETS_ALLOWED,
      smtp:
        s.ALERT_SMTP_URL && s.ALERT_EMAIL_FROM
          ? {
              url: s.ALERT_SMTP_URL,
              from: s.ALERT_EMAIL_FROM,
              requireTls: s.ALERT_SMTP_REQUIRE_TLS,
              ca: s.ALERT_SMTP_CA_FILE,
            }
          : null,
      publicUrl: s.PUBLIC_URL,
    },
    redisUrl: s.REDIS_URL ?? null,
    socketWorkers: s.SOCKET_WORKERS,
    dataDir: s.DATA_DIR,
    dashboardDir: s.DASHBOARD_DIR ?? null,
    logLevel: s.LOG_LEVEL,
  };
}

/**
 * Builds the configuration from environment variables and, when `CONFIG_FILE` names one, a JSON file whose
 * keys are the same names (the environment wins). Every setting, down to each entry of USERS, PROXY_GROUPS
 * and QUEUE_THRESHOLDS, is checked by one schema (config-schema.ts); throws {@link ConfigError} listing every
 * problem, one line each.
 */
export function loadGatewayConfig(env: Source = process.env, randomSecret: () => string): GatewayConfig {
  const problems: string[] = [];
  const configFile = env['CONFIG_FILE']?.trim();
  const fromFile = configFile ? readConfigFile(configFile, problems) : {};
  const result = gatewaySettingsSchema.safeParse({ ...fromFile, ...env });
  if (!result.success) problems.push(...result.error.issues.map(problemLine));
  if (problems.length > 0 || !result.success) throw new ConfigError(problems);
  return arrange(result.data, randomSecret);
}

/** Injection token of the {@link GatewayConfig}. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
