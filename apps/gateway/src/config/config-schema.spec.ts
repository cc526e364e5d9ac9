import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTING_NAMES, settingMeta } from './config-schema.js';
import { ConfigError, loadGatewayConfig } from './gateway-config.js';

const secret = () => 'generated-secret-generated-secret-0000';

/** The problem lines of `env`; none when it loads. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadGatewayConfig(env, secret);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/** The whole message the gateway prints for `env`. */
function messageOf(env: Record<string, string>): string {
  try {
    loadGatewayConfig(env, secret);
    return '';
  } catch (error) {
    return String(error);
  }
}

const b64 = (bytes: number) => randomBytes(bytes).toString('base64');
/** The hash format made before scrypt's parameters were written down. */
const legacyHash = `scrypt$${b64(16)}$${b64(32)}`;
/** The PHC format, parameters in the string. */
const phcHash = `$scrypt$ln=14,r=8,p=1$${b64(16).replace(/=+$/, '')}$${b64(32).replace(/=+$/, '')}`;

const sue = {
  username: 'sue',
  passwordHash: legacyHash,
  role: 'supervisor',
  queues: [1, 2],
  extension: '2001',
};
const users = (...entries: unknown[]) => ({ USERS: JSON.stringify(entries) });
const groups = (mapping: unknown) => ({ PROXY_GROUPS: JSON.stringify(mapping) });
const thresholds = (mapping: unknown) => ({ QUEUE_THRESHOLDS: JSON.stringify(mapping) });

describe('nested settings: one line per wrong entry, naming the setting and the entry', () => {
  it.each([
    // USERS
    [users({ ...sue, username: undefined }), 'USERS[0].username: is required'],
    [
      users(sue, { ...sue, username: ' sue2' }),
      'USERS[1].username: must be 1 to 128 characters without control characters or spaces at either end, got " sue2"',
    ],
    [
      users({ ...sue, passwordHash: 'scrypt$abc$def' }),
      'USERS[0].passwordHash: is not a valid hash (make one with npm run hash-password)',
    ],
    [
      users({ ...sue, passwordHash: undefined }),
      'USERS[0].passwordHash: is required (make one with npm run hash-password)',
    ],
    [users({ ...sue, role: 'root' }), 'USERS[0].role: must be viewer, supervisor or admin, got "root"'],
    [users({ ...sue, queues: 5 }), 'USERS[0].queues: must be "all" or a list of queue ids, got 5'],
    [users({ ...sue, queues: [1, 0] }), 'USERS[0].queues: must be "all" or a list of queue ids, got [1,0]'],
    [users({ ...sue, queues: undefined }), 'USERS[0].queues: is required: "all" or a list of queue ids'],
    [
      users({ ...sue, extension: 2001 }),
      'USERS[0].extension: must be the extension as text, like "2001", got 2001',
    ],
    [
      users({ ...sue, extension: '20 01' }),
      'USERS[0].extension: must be an extension of 1 to 32 characters without spaces, got "20 01"',
    ],
    [
      users({ ...sue, pasword: 'x' }),
      'USERS[0]: has unknown key "pasword" (known: username, passwordHash, role, queues, extension)',
    ],
    [
      users(sue, 'sue'),
      'USERS[1]: must be a user {username, passwordHash, role, queues, extension?}, got "sue"',
    ],
    [{ USERS: '{"sue":{}}' }, 'USERS must be a JSON array of users, got {"sue":{}}'],
    [{ USERS: '[{"username":"sue",' }, 'USERS must be valid JSON (error at position 19)'],
    // PROXY_GROUPS
    [
      groups({ ops: { role: 'admin', queues: 5 } }),
      'PROXY_GROUPS["ops"].queues: must be "all" or a list of queue ids, got 5',
    ],
    [
      groups({ ops: { role: 'root', queues: 'all' } }),
      'PROXY_GROUPS["ops"].role: must be viewer, supervisor or admin, got "root"',
    ],
    [groups({ ops: { queues: 'all' } }), 'PROXY_GROUPS["ops"].role: is required'],
    [
      groups({ ops: { role: 'admin', queues: 'all', extension: '1' } }),
      'PROXY_GROUPS["ops"]: has unknown key "extension" (known: role, queues)',
    ],
    [groups({ ops: 'admin' }), 'PROXY_GROUPS["ops"]: must be {"role", "queues"}, got "admin"'],
    [
      groups({ 'ops,sales': { role: 'admin', queues: 'all' } }),
      'PROXY_GROUPS["ops,sales"]: is not a group name (no , or ; and no spaces at either end)',
    ],
    [
      groups([{ role: 'admin' }]),
      'PROXY_GROUPS must be a JSON object keyed by group name, got [{"role":"admin"}]',
    ],
    // QUEUE_THRESHOLDS
    [
      thresholds({ '3': { waitingWarn: 0 } }),
      'QUEUE_THRESHOLDS["3"].waitingWarn: must be a whole number from 1 to 10000 or null, got 0',
    ],
    [
      thresholds({ '3': { longestWaitCriticalSec: '120' } }),
      'QUEUE_THRESHOLDS["3"].longestWaitCriticalSec: must be a whole number from 1 to 86400 or null, got "120"',
    ],
    [
      thresholds({ '3': { serviceLevelCritical: 100.5 } }),
      'QUEUE_THRESHOLDS["3"].serviceLevelCritical: must be a number from 0 to 100 or null, got 100.5',
    ],
    [
      thresholds({ '3': { serviceLevelSec: null } }),
      'QUEUE_THRESHOLDS["3"].serviceLevelSec: must be a whole number from 1 to 3600, got null',
    ],
    [
      thresholds({ '3': { maxPauseSec: 1.5 } }),
      'QUEUE_THRESHOLDS["3"].maxPauseSec: must be a whole number from 1 to 86400 or null, got 1.5',
    ],
    [
      thresholds({ '3': { waitingWarm: 2 } }),
      'QUEUE_THRESHOLDS["3"]: has unknown key "waitingWarm" (known: waitingWarn, waitingCritical, longestWaitWarnSec, longestWaitCriticalSec, serviceLevelWarn, serviceLevelCritical, serviceLevelSec, maxPauseSec)',
    ],
    [
      thresholds({ '3': { waitingWarn: 7 } }),
      'QUEUE_THRESHOLDS["3"].waitingWarn: must not be above waitingCritical (6, the default), got 7',
    ],
    [
      thresholds({ '3': { longestWaitWarnSec: 90, longestWaitCriticalSec: 30 } }),
      'QUEUE_THRESHOLDS["3"].longestWaitWarnSec: must not be above longestWaitCriticalSec (30), got 90',
    ],
    [
      thresholds({ '3': { serviceLevelWarn: 70, serviceLevelCritical: 75 } }),
      'QUEUE_THRESHOLDS["3"].serviceLevelWarn: must not be below serviceLevelCritical (75), got 70',
    ],
    [
      thresholds({ sales: { waitingWarn: 1 } }),
      'QUEUE_THRESHOLDS["sales"]: is not a queue id (a positive whole number, as queue/list gives it)',
    ],
    [
      thresholds({ '3': 5 }),
      expect.stringMatching(/^QUEUE_THRESHOLDS\["3"\]: must be an object with any of .*, got 5$/),
    ],
    // Lists
    [
      { TRUSTED_PROXIES: '10.0.0.5, 10.0.0.0/33' },
      'TRUSTED_PROXIES entry "10.0.0.0/33" has an invalid prefix length',
    ],
    [
      { TRUSTED_PROXIES: 'proxy.local' },
      'TRUSTED_PROXIES entry "proxy.local" is not an IP address or network',
    ],
    [
      { ALLOWED_ORIGINS: 'intranet.example' },
      'ALLOWED_ORIGINS entry "intranet.example" is not an origin like https://intranet.example',
    ],
    [{ PROXY_USER_HEADER: 'x user' }, 'PROXY_USER_HEADER must be an HTTP header name, got "x user"'],
  ])('%j', (env: Record<string, string>, line: unknown) => {
    expect(problemsOf(env)).toEqual([line]);
  });

  it('accepts good entries: both hash formats, "all", no extension, null switching a threshold off', () => {
    const config = loadGatewayConfig(
      {
        ...users(sue, { username: 'ann', passwordHash: phcHash, role: 'admin', queues: 'all' }),
        ...groups({ ops: { role: 'admin', queues: 'all' }, 'sb sup': { role: 'supervisor', queues: [3] } }),
        ...thresholds({ '3': { waitingWarn: null, waitingCritical: 10, serviceLevelSec: 30 } }),
        SERVICE_LEVEL_SEC: '15',
      },
      secret,
    );
    expect(config.auth.users).toEqual([
      sue,
      { username: 'ann', passwordHash: phcHash, role: 'admin', queues: 'all' },
    ]);
    expect(config.auth.proxyGroups['sb sup']).toEqual({ role: 'supervisor', queues: [3] });
    expect(config.stats.thresholds['3']).toMatchObject({
      waitingWarn: null,
      waitingCritical: 10,
      serviceLevelSec: 30,
    });
    expect(config.stats.defaultThresholds.serviceLevelSec).toBe(15);
  });

  it('reports every problem at once, one line each', () => {
    const problems = problemsOf({
      PORT: 'x',
      ...users({ ...sue, role: 'root', queues: 'some' }),
      ...groups({ ops: { role: 'admin', queues: 5 } }),
      ...thresholds({ '3': { waitingWarn: 'many' } }),
    });
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535, got "x"',
      'QUEUE_THRESHOLDS["3"].waitingWarn: must be a whole number from 1 to 10000 or null, got "many"',
      'USERS[0].role: must be viewer, supervisor or admin, got "root"',
      'USERS[0].queues: must be "all" or a list of queue ids, got "some"',
      'PROXY_GROUPS["ops"].queues: must be "all" or a list of queue ids, got 5',
    ]);
  });
});

describe('secrets in problems', () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('never shows a secret, a password hash or credentials in a URL', () => {
    const hashLike = `scrypt$${b64(16)}$${b64(31)}`;
    const message = messageOf({
      PBX_BASE_URL: 'https://admin:pbx-password@pbx.example.com/api',
      PBX_CLIENT_ID: 'id',
      PBX_CLIENT_SECRET: 'pbx-client-secret',
      AUTH_SECRET: 'short-auth-secret',
      REDIS_URL: 'http://:redis-password@redis:6379',
      ...users({ ...sue, passwordHash: hashLike }, { ...sue, username: 'bob', passwordHash: 42 }),
      PORT: '-1',
    });
    expect(message).toContain(
      'PBX_BASE_URL must be http(s)://host[:port], got "https://***@pbx.example.com/api"',
    );
    expect(message).toContain('AUTH_SECRET must be at least 32 characters');
    expect(message).toContain('REDIS_URL must start with redis:// or rediss://');
    expect(message).toContain('USERS[0].passwordHash: is not a valid hash');
    expect(message).toContain('USERS[1].passwordHash: is not a valid hash');
    for (const secretText of [
      'pbx-password',
      'pbx-client-secret',
      'short-auth-secret',
      'redis-password',
      hashLike,
    ])
      expect(message).not.toContain(secretText);
  });

  it('never quotes a CONFIG_FILE that is not valid JSON', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"AUTH_SECRET": "file-secret-file-secret-file-secret" oops}');
    const message = messageOf({ CONFIG_FILE: file });
    expect(message).toContain(`CONFIG_FILE ${file} could not be read as JSON (error at position`);
    expect(message).not.toContain('file-secret');
  });
});

describe('CONFIG_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'config-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(content));
    return path;
  };

  it('checks its entries as it checks the environment, and the environment wins', () => {
    const path = file('settings.json', {
      PORT: 4000,
      POLL_JITTER: 0.2,
      PROXY_GROUPS: { ops: { role: 'admin', queues: 5 } },
      USERS: [sue],
      AUTH_SECRET: null,
    });
    expect(problemsOf({ CONFIG_FILE: path })).toEqual([
      'PROXY_GROUPS["ops"].queues: must be "all" or a list of queue ids, got 5',
    ]);
    const config = loadGatewayConfig({ CONFIG_FILE: path, PORT: '5000', PROXY_GROUPS: '{}' }, secret);
    expect(config.port).toBe(5000);
    expect(config.polling.jitter).toBe(0.2);
    expect(config.auth.users).toEqual([sue]);
    expect(config.auth.secretGenerated).toBe(true);
  });

  it('names an unknown key and a file that is not an object of settings', () => {
    expect(problemsOf({ CONFIG_FILE: file('typo.json', { PORTT: 1 }) })).toEqual([
      `CONFIG_FILE ${join(dir, 'typo.json')} has an unknown setting "PORTT"`,
    ]);
    expect(problemsOf({ CONFIG_FILE: file('list.json', [1]) })).toEqual([
      `CONFIG_FILE ${join(dir, 'list.json')} must hold a JSON object of settings`,
    ]);
    expect(problemsOf({ CONFIG_FILE: join(dir, 'missing.json') })).toEqual([
      `CONFIG_FILE ${join(dir, 'missing.json')} could not be read as JSON (ENOENT)`,
    ]);
  });
});

describe('STATS_INTERVAL_MIN', () => {
  it('takes only minutes that divide the hour, so intervals start at the same clock times every day', () => {
    expect(problemsOf({ STATS_INTERVAL_MIN: '20' })).toEqual([]);
    expect(problemsOf({ STATS_INTERVAL_MIN: '7' })).toEqual([
      'STATS_INTERVAL_MIN must divide the hour (5, 6, 10, 12, 15, 20, 30 or 60), got "7"',
    ]);
  });
});

describe('documented defaults and ranges', () => {
  const base = () => loadGatewayConfig({ SITE_TIME_ZONE: 'UTC' }, secret);

  it.each(SETTING_NAMES.filter((name) => settingMeta(name).default !== undefined))(
    '%s: its documented default is what an unset setting gets',
    (name) => {
      const value = settingMeta(name).default ?? '';
      expect(loadGatewayConfig({ SITE_TIME_ZONE: 'UTC', [name]: value }, secret)).toEqual(base());
    },
  );

  it.each(SETTING_NAMES.filter((name) => settingMeta(name).min !== undefined))(
    '%s: takes its range and refuses what is outside it',
    (name) => {
      const { min = 0, max = 0 } = settingMeta(name);
      expect(problemsOf({ [name]: String(min) })).toEqual([]);
      expect(problemsOf({ [name]: String(max) })).toEqual([]);
      for (const wrong of [String(min - 1), String(max + 1), 'many'])
        expect(problemsOf({ [name]: wrong })).toEqual([
          expect.stringMatching(
            new RegExp(`^${name} must be a (whole )?number from ${min} to ${max}, got "${wrong}"$`),
          ),
        ]);
    },
  );
});
