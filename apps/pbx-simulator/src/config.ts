/**
 * Simulator settings from command-line flags and environment variables, checked once at start-up.
 * Every wrong setting gets its own message naming the flag, the value and what is expected.
 */
import type { ScenarioName } from './contracts.js';
import { CDR_SEARCH_FIRMWARES, type CdrSearchFirmware } from './records/cdr-filter.js';
import {
  DATE_FORMATS,
  TIME_FORMATS,
  isKnownTimeZone,
  type DateFormat,
  type TimeFormat,
} from './support/display-time.js';

/** Every setting of the simulator. */
export interface SimulatorConfig {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  host: string;
  seed: number;
  scenario: ScenarioName;
  /** Simulated seconds per real second. */
  speed: number;
  /** The simulated clock at start, unix seconds; undefined = the wall time. Pin it to repeat a run exactly. */
  startTime: number | undefined;
  /** Multiplier on the scenario's call arrival rates (0 = no generated traffic). */
  trafficRate: number;
  /** Share (0..1) of generated inbound calls held on a controlled trunk; undefined = the scenario's own. */
  controlledCallShare: number | undefined;
  /** Queue agents instead of the scenario's own count; undefined = the scenario's. */
  agents: number | undefined;
  clientId: string;
  clientSecret: string;
  /** Access token lifetime in seconds (1800 on a real PBX). */
  accessTtlS: number;
  /** Refresh token lifetime in seconds (86400 on a real PBX). */
  refreshTtlS: number;
  /** How long a held inbound call waits for accept/refuse (10,000 on a real PBX). */
  holdWindowMs: number;
  /** An event socket without client traffic for this long is closed (60,000 on a real PBX). */
  wsIdleMs: number;
  /** URLs that receive every event as a signed POST. */
  webhooks: string[];
  /** Key of the webhooks' X-Signature HMAC; required when webhooks are set. */
  webhookSecret: string | undefined;
  webhookTimeoutMs: number;
  /** Serial number reported by system/information and in event frames. */
  sn: string;
  dateFormat: DateFormat;
  timeFormat: TimeFormat;
  timeZone: string;
  /** Newest call records kept (CDRs, recordings, notes, AI data); older ones are dropped. */
  maxRecords: number;
  /** Finished calls seeded in the day before the simulator's day starts (0 = none). */
  history: number;
  /** Days before today the seeded history is spread over (1 = the day before only). */
  historyDays: number;
  /**
   * The firmware whose cdr/search is answered: `newest` (unix seconds or display times, paging) or `older`
   * (display times only, every match in one answer); docs/pbx/records.md#cdr-search-by-firmware.
   */
  cdrSearch: CdrSearchFirmware;
}

/** Demo credentials, documented in the README; override with flags or environment. */
export const DEMO_CLIENT_ID = 'switchboard-demo';
export const DEMO_CLIENT_SECRET = 'switchboard-demo-secret';

/** Defaults: a real PBX's timings, the contact-center scenario on 127.0.0.1:8088. */
export const DEFAULT_CONFIG: Readonly<SimulatorConfig> = Object.freeze({
  port: 8088,
  host: '127.0.0.1',
  seed: 42,
  scenario: 'contact-center',
  speed: 1,
  startTime: undefined,
  trafficRate: 1,
  controlledCallShare: undefined,
  agents: undefined,
  clientId: DEMO_CLIENT_ID,
  clientSecret: DEMO_CLIENT_SECRET,
  accessTtlS: 1800,
  refreshTtlS: 86_400,
  holdWindowMs: 10_000,
  wsIdleMs: 60_000,
  webhooks: [],
  webhookSecret: undefined,
  webhookTimeoutMs: 5_000,
  sn: '3631A2124SIM',
  dateFormat: 'YYYY/MM/DD',
  timeFormat: '24h',
  timeZone: 'UTC',
  maxRecords: 100_000,
  history: 0,
  historyDays: 1,
  cdrSearch: 'newest',
});

/** One or more settings were wrong; `problems` has one sentence per setting. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid simulator settings:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Kind = 'int' | 'number' | 'string' | 'list' | 'time';

interface FlagSpec {
  key: keyof SimulatorConfig;
  kind: Kind;
  help: string;
}

/** Flags by name; each also reads `PBX_SIM_<NAME>` from the environment (e.g. PBX_SIM_CLIENT_ID). */
const FLAGS: Readonly<Record<string, FlagSpec>> = {
  port: { key: 'port', kind: 'int', help: 'TCP port (0 = any free port)' },
  host: { key: 'host', kind: 'string', help: 'address to listen on' },
  seed: { key: 'seed', kind: 'int', help: 'seed of every random choice' },
  scenario: { key: 'scenario', kind: 'string', help: 'small | contact-center | stress' },
  speed: { key: 'speed', kind: 'number', help: 'simulated seconds per real second' },
  'start-time': {
    key: 'startTime',
    kind: 'time',
    help: 'simulated clock at start: unix seconds or ISO 8601 like 2025-01-06T08:00:00Z (default now)',
  },
  'traffic-rate': { key: 'trafficRate', kind: 'number', help: 'multiplier on call arrival rates' },
  'controlled-share': {
    key: 'controlledCallShare',
    kind: 'number',
    help: 'share (0..1) of generated inbound calls held for a decision',
  },
  agents: { key: 'agents', kind: 'int', help: "queue agents instead of the scenario's count (1-5000)" },
  'client-id': { key: 'clientId', kind: 'string', help: 'API client id' },
  'client-secret': { key: 'clientSecret', kind: 'string', help: 'API client secret' },
  'access-ttl': { key: 'accessTtlS', kind: 'int', help: 'access token lifetime, seconds' },
  'refresh-ttl': { key: 'refreshTtlS', kind: 'int', help: 'refresh token lifetime, seconds' },
  'hold-window-ms': { key: 'holdWindowMs', kind: 'int', help: 'inbound call hold window, ms' },
  'ws-idle-ms': { key: 'wsIdleMs', kind: 'int', help: 'event socket idle timeout, ms' },
  webhook: { key: 'webhooks', kind: 'list', help: 'webhook URL (repeatable)' },
  'webhook-secret': { key: 'webhookSecret', kind: 'string', help: 'webhook signing key' },
  'webhook-timeout-ms': { key: 'webhookTimeoutMs', kind: 'int', help: 'webhook request timeout, ms' },
  sn: { key: 'sn', kind: 'string', help: 'PBX serial number' },
  'date-format': { key: 'dateFormat', kind: 'string', help: DATE_FORMATS.join(' | ') },
  'time-format': { key: 'timeFormat', kind: 'string', help: TIME_FORMATS.join(' | ') },
  'time-zone': { key: 'timeZone', kind: 'string', help: 'IANA time zone of the PBX clock' },
  'max-records': { key: 'maxRecords', kind: 'int', help: 'newest call records kept' },
  history: { key: 'history', kind: 'int', help: 'finished calls seeded in the days before today' },
  'history-days': { key: 'historyDays', kind: 'int', help: 'days before today the history is spread over' },
  'cdr-search': {
    key: 'cdrSearch',
    kind: 'string',
    help: `${CDR_SEARCH_FIRMWARES.join(' | ')}: cdr/search of the newest firmware, or an older one (display times only, no paging)`,
  },
};

const SCENARIOS: readonly ScenarioName[] = ['small', 'contact-center', 'stress'];

/** Usage text for `--help`. */
export function usage(): string {
  const lines = Object.entries(FLAGS).map(([name, spec]) => {
    const fallback = DEFAULT_CONFIG[spec.key];
    const shown = Array.isArray(fallback)
      ? ''
      : fallback === undefined
        ? ''
        : ` (default ${String(fallback)})`;
    return `  --${name.padEnd(20)} ${spec.help}${shown}  [env PBX_SIM_${envName(name)}]`;
  });
  return `Usage: pbx-simulator [options]\n${lines.join('\n')}\n  --help                 this text`;
}

const envName = (flag: string) => flag.toUpperCase().replace(/-/g, '_');

/**
 * Reads flags (`--port 8088` or `--port=8088`) over environment variables over defaults and validates the
 * result. Throws {@link ConfigError} listing every problem.
 */
export function parseConfig(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): SimulatorConfig {
  const problems: string[] = [];
  const raw: Partial<Record<keyof SimulatorConfig, string[]>> = {};
  for (const [name, spec] of Object.entries(FLAGS)) {
    const value = env[`PBX_SIM_${envName(name)}`];
    if (value !== undefined && value !== '')
      raw[spec.key] = spec.kind === 'list' ? value.split(',') : [value];
  }
  const fromFlags = new Set<keyof SimulatorConfig>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      problems.push(`unexpected argument ${JSON.stringify(arg)}; settings are given as --name value`);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const spec = FLAGS[name];
    if (!spec) {
      problems.push(`unknown option --${name}; see --help`);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length && !(argv[i + 1] ?? '').startsWith('--')) value = argv[++i];
    if (value === undefined) {
      problems.push(`--${name} needs a value (${spec.help})`);
      continue;
    }
    // Flags replace what the environment said; a repeated list flag accumulates.
    const previous = fromFlags.has(spec.key) ? (raw[spec.key] ?? []) : [];
    raw[spec.key] = spec.kind === 'list' ? [...previous, value] : [value];
    fromFlags.add(spec.key);
  }
  const config: Record<string, unknown> = { ...DEFAULT_CONFIG, webhooks: [] };
  for (const [name, spec] of Object.entries(FLAGS)) {
    const values = raw[spec.key];
    if (values === undefined) continue;
    const converted = convert(name, spec.kind, values, problems);
    if (converted !== undefined) config[spec.key] = converted;
  }
  problems.push(...checkConfig(config as unknown as SimulatorConfig));
  if (problems.length > 0) throw new ConfigError(problems);
  return config as unknown as SimulatorConfig;
}

/** Defaults plus `overrides`, validated (for tests and benchmarks that start the simulator in-process). */
export function simulatorConfig(overrides: Partial<SimulatorConfig> = {}): SimulatorConfig {
  const config: SimulatorConfig = { ...DEFAULT_CONFIG, webhooks: [], ...overrides };
  const problems = checkConfig(config);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function convert(name: string, kind: Kind, values: string[], problems: string[]): unknown {
  const value = values[values.length - 1] ?? '';
  switch (kind) {
    case 'string':
      return value;
    case 'list':
      return values.map((v) => v.trim()).filter((v) => v !== '');
    case 'int':
      if (!/^-?\d+$/.test(value.trim())) {
        problems.push(`--${name} must be a whole number, got ${JSON.stringify(value)}`);
        return undefined;
      }
      return Number(value);
    case 'time': {
      const text = value.trim();
      if (/^\d+$/.test(text)) return Number(text);
      // Only full ISO 8601 date-times: Date.parse alone also takes loose forms read in the local zone.
      const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)
        ? Date.parse(text)
        : NaN;
      if (Number.isNaN(ms)) {
        problems.push(
          `--${name} must be unix seconds or an ISO 8601 time like 2025-01-06T08:00:00Z, got ${JSON.stringify(value)}`,
        );
        return undefined;
      }
      return Math.floor(ms / 1000);
    }
    case 'number': {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) {
        problems.push(`--${name} must be a number, got ${JSON.stringify(value)}`);
        return undefined;
      }
      return n;
    }
  }
}

function checkConfig(c: SimulatorConfig): string[] {
  const problems: string[] = [];
  const intIn = (flag: string, value: number, min: number, max: number) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`--${flag} must be a whole number from ${min} to ${max}, got ${value}`);
    }
  };
  intIn('port', c.port, 0, 65_535);
  intIn('seed', c.seed, -2_147_483_648, 4_294_967_295);
  intIn('access-ttl', c.accessTtlS, 1, 31_536_000);
  intIn('refresh-ttl', c.refreshTtlS, 1, 31_536_000);
  intIn('hold-window-ms', c.holdWindowMs, 10, 600_000);
  intIn('ws-idle-ms', c.wsIdleMs, 10, 3_600_000);
  intIn('webhook-timeout-ms', c.webhookTimeoutMs, 10, 120_000);
  intIn('max-records', c.maxRecords, 100, 10_000_000);
  intIn('history', c.history, 0, Math.min(1_000_000, c.maxRecords));
  intIn('history-days', c.historyDays, 1, 31);
  // 2000-01-01 .. 2100-01-01: call ids and CDR times are unix seconds of this size.
  if (c.startTime !== undefined) intIn('start-time', c.startTime, 946_684_800, 4_102_444_800);
  if (!(c.speed > 0 && c.speed <= 10_000))
    problems.push(`--speed must be above 0 and at most 10000, got ${c.speed}`);
  if (!(c.trafficRate >= 0 && c.trafficRate <= 1_000)) {
    problems.push(`--traffic-rate must be from 0 to 1000, got ${c.trafficRate}`);
  }
  const share = c.controlledCallShare;
  if (share !== undefined && !(share >= 0 && share <= 1)) {
    problems.push(`--controlled-share must be a number from 0 to 1, got ${share}`);
  }
  if (c.agents !== undefined) intIn('agents', c.agents, 1, 5_000);
  if (c.host.trim() === '') problems.push('--host must not be empty');
  if (!SCENARIOS.includes(c.scenario)) {
    problems.push(`--scenario must be one of ${SCENARIOS.join(', ')}, got ${JSON.stringify(c.scenario)}`);
  }
  if (c.clientId.trim() === '') problems.push('--client-id must not be empty');
  // The secret itself is never echoed.
  if (c.clientSecret.length < 8) problems.push('--client-secret must be at least 8 characters');
  if (!/^[0-9A-Za-z]{4,32}$/.test(c.sn))
    problems.push(`--sn must be 4-32 letters or digits, got ${JSON.stringify(c.sn)}`);
  if (!DATE_FORMATS.includes(c.dateFormat)) {
    problems.push(
      `--date-format must be one of ${DATE_FORMATS.join(', ')}, got ${JSON.stringify(c.dateFormat)}`,
    );
  }
  if (!TIME_FORMATS.includes(c.timeFormat)) {
    problems.push(
      `--time-format must be one of ${TIME_FORMATS.join(', ')}, got ${JSON.stringify(c.timeFormat)}`,
    );
  }
  if (!CDR_SEARCH_FIRMWARES.includes(c.cdrSearch)) {
    problems.push(
      `--cdr-search must be one of ${CDR_SEARCH_FIRMWARES.join(', ')}, got ${JSON.stringify(c.cdrSearch)}`,
    );
  }
  if (!isKnownTimeZone(c.timeZone))
    problems.push(`--time-zone must be an IANA time zone, got ${JSON.stringify(c.timeZone)}`);
  if (c.webhooks.length > 5)
    problems.push(`--webhook may be given at most 5 times (the PBX's limit), got ${c.webhooks.length}`);
  for (const url of c.webhooks) {
    if (!isHttpUrl(url)) problems.push(`--webhook must be an http(s) URL, got ${JSON.stringify(url)}`);
  }
  if (c.webhooks.length > 0 && !c.webhookSecret)
    problems.push('--webhook-secret is required when --webhook is given');
  return problems;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
