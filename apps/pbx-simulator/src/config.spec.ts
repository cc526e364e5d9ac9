import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, parseConfig, simulatorConfig, usage } from './config.js';

const problemsOf = (argv: string[], env: Record<string, string> = {}): readonly string[] => {
  try {
    parseConfig(argv, env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('parseConfig', () => {
  it('defaults to a real PBX on 127.0.0.1:8088 with the contact-center scenario', () => {
    expect(parseConfig([], {})).toEqual({ ...DEFAULT_CONFIG, webhooks: [] });
    expect(DEFAULT_CONFIG).toMatchObject({
      port: 8088,
      host: '127.0.0.1',
      seed: 42,
      scenario: 'contact-center',
      accessTtlS: 1800,
      refreshTtlS: 86_400,
      holdWindowMs: 10_000,
      wsIdleMs: 60_000,
    });
  });

  it('reads flags in both forms, environment variables, and lets flags win', () => {
    const config = parseConfig(
      [
        '--port',
        '9000',
        '--seed=7',
        '--scenario',
        'small',
        '--speed',
        '2.5',
        '--webhook',
        'http://a/x',
        '--webhook=https://b/y',
        '--webhook-secret',
        's',
      ],
      {
        PBX_SIM_CLIENT_ID: 'env-id',
        PBX_SIM_CLIENT_SECRET: 'env-secret-1',
        PBX_SIM_PORT: '1234',
        PBX_SIM_WEBHOOK: 'http://env/z',
      },
    );
    expect(config).toMatchObject({
      port: 9000,
      seed: 7,
      scenario: 'small',
      speed: 2.5,
      clientId: 'env-id',
      clientSecret: 'env-secret-1',
      webhooks: ['http://a/x', 'https://b/y'],
      webhookSecret: 's',
    });
    expect(
      parseConfig([], { PBX_SIM_WEBHOOK: 'http://a/1,http://a/2', PBX_SIM_WEBHOOK_SECRET: 'k' }).webhooks,
    ).toEqual(['http://a/1', 'http://a/2']);
  });

  it("reads --agents, the scenario's agent count overridden, within 1-5000", () => {
    expect(parseConfig(['--agents', '500']).agents).toBe(500);
    expect(parseConfig([]).agents).toBeUndefined();
    expect(problemsOf(['--agents', '0'])).toEqual(['--agents must be a whole number from 1 to 5000, got 0']);
  });

  it('reads --history, at most --max-records seeded calls', () => {
    expect(parseConfig([]).history).toBe(0);
    expect(parseConfig(['--history', '10000']).history).toBe(10_000);
    expect(problemsOf(['--history', '5000', '--max-records', '1000'])).toEqual([
      '--history must be a whole number from 0 to 1000, got 5000',
    ]);
  });

  it('gives one clear message per wrong setting', () => {
    expect(
      problemsOf([
        '--port',
        '70000',
        '--scenario',
        'huge',
        '--speed',
        'fast',
        '--access-ttl',
        '0',
        '--bogus',
        '1',
        'stray',
        '--ws-idle-ms',
      ]),
    ).toEqual([
      'unknown option --bogus; see --help',
      'unexpected argument "1"; settings are given as --name value',
      'unexpected argument "stray"; settings are given as --name value',
      '--ws-idle-ms needs a value (event socket idle timeout, ms)',
      '--speed must be a number, got "fast"',
      '--port must be a whole number from 0 to 65535, got 70000',
      '--access-ttl must be a whole number from 1 to 31536000, got 0',
      '--scenario must be one of small, contact-center, stress, got "huge"',
    ]);
  });

  it('never echoes the client secret, and requires a webhook secret with webhooks', () => {
    const problems = problemsOf(['--client-secret', 'short', '--webhook', 'ftp://x']);
    expect(problems).toEqual([
      '--client-secret must be at least 8 characters',
      '--webhook must be an http(s) URL, got "ftp://x"',
      '--webhook-secret is required when --webhook is given',
    ]);
    expect(problems.join(' ')).not.toContain('short');
  });

  it('checks display formats, the time zone and the controlled share', () => {
    expect(
      problemsOf([
        '--date-format',
        'DD.MM.YYYY',
        '--time-format',
        '36h',
        '--time-zone',
        'Mars/Olympus',
        '--controlled-share',
        '1.5',
      ]),
    ).toEqual([
      '--controlled-share must be a number from 0 to 1, got 1.5',
      '--date-format must be one of YYYY/MM/DD, MM/DD/YYYY, DD/MM/YYYY, got "DD.MM.YYYY"',
      '--time-format must be one of 24h, 12h, got "36h"',
      '--time-zone must be an IANA time zone, got "Mars/Olympus"',
    ]);
  });

  it('reads --start-time as unix seconds or an ISO 8601 time, and refuses anything else', () => {
    expect(parseConfig([], {}).startTime).toBeUndefined();
    expect(parseConfig(['--start-time', '1736150400'], {}).startTime).toBe(1_736_150_400);
    expect(parseConfig(['--start-time=2025-01-06T08:00:00Z'], {}).startTime).toBe(1_736_150_400);
    expect(parseConfig([], { PBX_SIM_START_TIME: '2025-01-06T09:00:00+01:00' }).startTime).toBe(
      1_736_150_400,
    );
    expect(problemsOf(['--start-time', 'yesterday', '--seed', '1'])).toEqual([
      '--start-time must be unix seconds or an ISO 8601 time like 2025-01-06T08:00:00Z, got "yesterday"',
    ]);
    expect(problemsOf(['--start-time', '2025-01-06 08:00'])).toHaveLength(1);
    expect(problemsOf(['--start-time', '12'])).toEqual([
      '--start-time must be a whole number from 946684800 to 4102444800, got 12',
    ]);
  });

  it('simulatorConfig validates overrides too, and usage lists every flag with its env name', () => {
    expect(() => simulatorConfig({ port: -1 })).toThrow(ConfigError);
    expect(simulatorConfig({ port: 0 }).port).toBe(0);
    expect(usage()).toContain('--client-secret');
    expect(usage()).toContain('PBX_SIM_CLIENT_SECRET');
  });
});
