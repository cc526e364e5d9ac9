import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SETTING_NAMES, settingMeta, type SettingName } from '../src/config/config-schema.js';
import { QUEUE_THRESHOLD_KEYS, THRESHOLD_DEFAULTS } from '../src/config/threshold-settings.js';
import { REPO_ROOT } from './support/fresh-clone.js';

/** Every setting the gateway reads: the keys of its configuration schema. */
function gatewaySettings(): string[] {
  return [...SETTING_NAMES].sort();
}

/** Settings the images fix themselves: the port and address inside the container, the bundled dashboard. */
const FIXED_BY_IMAGE = ['DASHBOARD_DIR', 'HOST', 'PORT'];

const composeInstalled = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;

interface ComposeService {
  image?: string;
  build?: { context: string; target?: string };
  container_name?: string;
  profiles?: string[];
  restart?: string;
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

describe('docker-compose.yml', () => {
  const envDir = mkdtempSync(join(tmpdir(), 'switchboard-compose-'));
  // An empty env file: a developer's .env must not change what is checked.
  const envFile = join(envDir, 'empty.env');
  writeFileSync(envFile, '');
  afterAll(() => rmSync(envDir, { recursive: true, force: true }));

  const compose = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(
      'docker-compose',
      ['--env-file', envFile, '-f', join(REPO_ROOT, 'docker-compose.yml'), ...args],
      {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...env },
        timeout: 20_000,
      },
    );

  /** The resolved file, as docker-compose reads it (YAML turned to JSON by the YAML library it runs on). */
  const resolved = (env: Record<string, string>): { services: Record<string, ComposeService> } => {
    const yaml = compose(['config'], env);
    expect(yaml.status, yaml.stderr).toBe(0);
    const json = execFileSync(
      'python3',
      ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin)))'],
      { input: yaml.stdout, encoding: 'utf8' },
    );
    return JSON.parse(json) as { services: Record<string, ComposeService> };
  };

  it('needs docker-compose in CI (.ci/apt-packages installs it)', () => {
    if (!composeInstalled && process.env['CI'])
      throw new Error('docker-compose is not installed: .ci/run installs it from .ci/apt-packages');
    expect(readFileSync(join(REPO_ROOT, '.ci/apt-packages'), 'utf8').split('\n')).toContain('docker-compose');
  });

  it.skipIf(!composeInstalled)('passes `docker-compose config -q`', () => {
    const check = compose(['config', '-q'], { SITE_TIME_ZONE: 'Europe/Berlin' });
    expect(check.status, check.stderr).toBe(0);
  });

  it.skipIf(!composeInstalled)('refuses to start without the site time zone, saying so', () => {
    const check = compose(['config', '-q']);
    expect(check.status).not.toBe(0);
    expect(check.stderr).toContain("set SITE_TIME_ZONE to the site's IANA time zone");
  });

  it.skipIf(!composeInstalled)(
    'has a scalable gateway, Redis and the simulator under the demo profile',
    () => {
      const profiles = compose(['config', '--profiles'], { SITE_TIME_ZONE: 'UTC' });
      expect(profiles.stdout.trim().split('\n')).toEqual(['demo']);
      const { services } = resolved({ SITE_TIME_ZONE: 'UTC' });
      expect(Object.keys(services).sort()).toEqual(['gateway', 'redis', 'simulator']);

      const { gateway, redis, simulator } = services as Record<string, ComposeService>;
      expect(gateway?.build?.target).toBe('gateway');
      expect(gateway?.container_name).toBeUndefined();
      expect(gateway?.profiles).toBeUndefined();
      expect(gateway?.restart).toBe('unless-stopped');
      expect(gateway?.healthcheck?.test.join(' ')).toContain('/healthz');
      expect(gateway?.depends_on?.['redis']).toEqual({ condition: 'service_healthy' });
      expect(gateway?.environment).toMatchObject({
        REDIS_URL: 'redis://redis:6379',
        PBX_BASE_URL: 'http://simulator:8088',
        SITE_TIME_ZONE: 'UTC',
      });

      expect(redis?.image).toBe('redis:7-alpine');
      expect(redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);

      expect(simulator?.profiles).toEqual(['demo']);
      expect(simulator?.build?.target).toBe('simulator');
      expect(simulator?.container_name).toBeUndefined();
    },
  );

  it.skipIf(!composeInstalled)('passes every gateway setting through from the environment', () => {
    const environment = resolved({ SITE_TIME_ZONE: 'UTC' }).services['gateway']?.environment ?? {};
    const passed = Object.keys(environment).sort();
    // A variable the schema does not know would be ignored by the gateway: a typo or a removed setting.
    expect(passed.filter((key) => !gatewaySettings().includes(key))).toEqual([]);
    expect(FIXED_BY_IMAGE.filter((key) => !gatewaySettings().includes(key))).toEqual([]);
    const expected = gatewaySettings().filter((key) => !FIXED_BY_IMAGE.includes(key));
    expect(expected.length).toBeGreaterThan(25);
    expect(passed).toEqual(expected);
    const real = resolved({
      SITE_TIME_ZONE: 'UTC',
      PBX_BASE_URL: 'https://pbx.example.com:8088',
      ALLOWED_ORIGINS: 'https://intranet.example',
    }).services['gateway']?.environment;
    expect(real).toMatchObject({
      PBX_BASE_URL: 'https://pbx.example.com:8088',
      ALLOWED_ORIGINS: 'https://intranet.example',
    });
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
  /** The instructions of one stage, by its name. */
  const stage = (name: string): string => {
    const start = dockerfile.search(new RegExp(`^FROM \\S+ AS ${name}$`, 'm'));
    expect(start, `stage ${name}`).toBeGreaterThanOrEqual(0);
    const next = dockerfile.slice(start + 1).search(/^FROM /m);
    return next < 0 ? dockerfile.slice(start) : dockerfile.slice(start, start + 1 + next);
  };

  it('builds on node:20-bookworm-slim and ends with the gateway as the default target', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)$/gm)].map((match) => match[1]);
    expect(stages).toEqual(['build', 'prod-deps', 'simulator', 'gateway']);
  });

  it('installs with the manifest of every workspace, so a new one cannot be forgotten', () => {
    const { workspaces: patterns } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const workspaces = patterns
      .flatMap((pattern) =>
        pattern.endsWith('/*')
          ? readdirSync(join(REPO_ROOT, pattern.slice(0, -2))).map(
              (name) => `${pattern.slice(0, -2)}/${name}`,
            )
          : [pattern],
      )
      .filter((dir) => existsSync(join(REPO_ROOT, dir, 'package.json')))
      .map((dir) => `${dir}/package.json`);
    expect(workspaces).toEqual(
      expect.arrayContaining(['apps/gateway/package.json', 'libs/pbx-api/package.json']),
    );
    for (const manifest of workspaces) {
      expect(stage('build'), manifest).toContain(`COPY ${manifest}`);
      expect(stage('prod-deps'), manifest).toContain(`/repo/${manifest}`);
    }
  });

  it('runs the gateway as a non-root user with a health check on /healthz', () => {
    const gateway = stage('gateway');
    expect(gateway).toMatch(/^USER node$/m);
    expect(gateway).toMatch(/^EXPOSE 3000$/m);
    expect(gateway).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(gateway).toContain('CMD ["node", "apps/gateway/dist/main.js"]');
    expect(gateway).toContain('apps/dashboard/dist');
    expect(gateway).not.toMatch(/npm ci(?! --omit=dev)/);
  });

  it('runs the simulator as a non-root user on all interfaces of its container', () => {
    const simulator = stage('simulator');
    expect(simulator).toMatch(/^USER node$/m);
    expect(simulator).toContain('PBX_SIM_HOST=0.0.0.0');
    expect(simulator).toContain('CMD ["node", "apps/pbx-simulator/dist/main.js"]');
  });

  it('keeps host state out of the build context', () => {
    const ignored = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.nx', '.git', '.env']));
  });
});

describe('README configuration reference', () => {
  /** The rows of the configuration table: setting -> its default and meaning cells. */
  const table = (() => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Configuration');
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end < 0 ? undefined : end);
    const rows = new Map<string, { byDefault: string; meaning: string }>();
    for (const match of section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| (.*) \| (.*) \|$/gm))
      rows.set(String(match[1]), { byDefault: String(match[2]), meaning: String(match[3]) });
    return rows;
  })();
  const row = (name: string) => table.get(name) ?? { byDefault: '', meaning: '' };

  it('lists every gateway setting, and nothing else', () => {
    expect([...table.keys()].sort()).toEqual(gatewaySettings());
  });

  it.each(SETTING_NAMES.map((name): [SettingName] => [name]))('states the default of %s', (name) => {
    const { default: byDefault } = settingMeta(name);
    const stated = row(name).byDefault;
    expect(stated, name).not.toBe('');
    // A setting with a literal default shows it first; the others say in words what applies (none, computed).
    if (byDefault !== undefined) expect(/^`([^`]*)`/.exec(stated)?.[1], name).toBe(byDefault);
  });

  it.each(SETTING_NAMES.filter((name) => settingMeta(name).min !== undefined))(
    'states the range of %s',
    (name) => {
      const { min, max } = settingMeta(name);
      expect(row(name).meaning).toContain(`(${min} to ${max}`);
    },
  );

  it('lists every QUEUE_THRESHOLDS key with its default', () => {
    const { meaning } = row('QUEUE_THRESHOLDS');
    const stated = [...meaning.matchAll(/`([a-z][A-Za-z]*)` \(([^)]*)\)/g)].map((match) => [
      match[1],
      match[2],
    ]);
    const defaults: Record<string, number | null | string> = {
      ...THRESHOLD_DEFAULTS,
      serviceLevelSec: '`SERVICE_LEVEL_SEC`',
    };
    expect(stated.map(([key]) => key)).toEqual(QUEUE_THRESHOLD_KEYS);
    for (const [key, value] of stated) expect(value, key).toBe(String(defaults[String(key)]));
  });
});
