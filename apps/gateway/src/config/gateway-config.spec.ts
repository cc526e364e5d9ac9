import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PBX, loadGatewayConfig } from './gateway-config.js';

const secret = () => 'generated-secret-generated-secret-0000';

describe('loadGatewayConfig', () => {
  it('runs against the built-in simulator with no settings at all', () => {
    const config = loadGatewayConfig({}, secret);
    expect(config.port).toBe(3000);
    expect(config.pbx).toMatchObject({ baseUrl: DEMO_PBX.baseUrl, clientId: DEMO_PBX.clientId });
    expect(config.polling.queueIntervalMs).toBe(2000);
    expect(config.auth.secretGenerated).toBe(true);
  });

  it('lists every wrong setting at once, naming each', () => {
    let error: unknown;
    try {
      loadGatewayConfig(
        {
          PORT: 'abc',
          PBX_BASE_URL: 'ftp://x',
          SITE_TIME_ZONE: 'Mars/Base',
          POLL_QUEUES_MS: '5',
          QUEUES: '1,x',
          LOG_LEVEL: 'loud',
        },
        secret,
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of [
      'PORT',
      'PBX_BASE_URL',
      'SITE_TIME_ZONE',
      'POLL_QUEUES_MS',
      'QUEUES',
      'LOG_LEVEL',
      'PBX_CLIENT_ID',
    ]) {
      expect(problems).toContain(key);
    }
  });

  it('requires credentials for a real PBX and never prints the secret in problems', () => {
    expect(() => loadGatewayConfig({ PBX_BASE_URL: 'https://pbx.example.com:8088' }, secret)).toThrow(
      /PBX_CLIENT_SECRET/,
    );
    const config = loadGatewayConfig(
      {
        PBX_BASE_URL: 'https://pbx.example.com:8088',
        PBX_CLIENT_ID: 'id',
        PBX_CLIENT_SECRET: 's3cret-value',
      },
      secret,
    );
    expect(config.pbx.clientSecret).toBe('s3cret-value');
    try {
      loadGatewayConfig({ PBX_CLIENT_SECRET: 's3cret-value', PORT: '-1' }, secret);
    } catch (e) {
      expect(String(e)).not.toContain('s3cret-value');
    }
  });

  it('merges per-queue thresholds over the defaults', () => {
    const config = loadGatewayConfig({ QUEUE_THRESHOLDS: '{"3":{"waitingWarn":1}}' }, secret);
    expect(config.stats.thresholds['3']).toMatchObject({ waitingWarn: 1, waitingCritical: 6 });
    expect(() => loadGatewayConfig({ QUEUE_THRESHOLDS: '[1]' }, secret)).toThrow(/QUEUE_THRESHOLDS/);
    expect(() => loadGatewayConfig({ USERS: '[{"username":"a"}]' }, secret)).toThrow(
      /USERS\[0\]\.passwordHash: is required/,
    );
  });
});

describe('PBX certificate trust', () => {
  it('reads a CA file, verifies by default, and names a bad file', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'ca-'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    writeFileSync(join(dir, 'ca.pem'), pem);
    writeFileSync(join(dir, 'bad.pem'), 'not a certificate');
    expect(loadGatewayConfig({}, secret).pbx.tls).toEqual({ ca: null, rejectUnauthorized: true });
    expect(
      loadGatewayConfig({ PBX_CA_FILE: join(dir, 'ca.pem'), PBX_TLS_VERIFY: 'false' }, secret).pbx.tls,
    ).toEqual({
      ca: pem,
      rejectUnauthorized: false,
    });
    expect(() => loadGatewayConfig({ PBX_CA_FILE: join(dir, 'bad.pem') }, secret)).toThrow(
      /PBX_CA_FILE .* PEM/,
    );
    expect(() => loadGatewayConfig({ PBX_CA_FILE: join(dir, 'missing.pem') }, secret)).toThrow(
      /PBX_CA_FILE .*could not be read \(ENOENT\)/,
    );
  });

  it('takes DATA_DIR as an absolute path, `data` under the working directory by default, never a file', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'data-dir-'));
    writeFileSync(join(dir, 'a-file'), '');
    expect(loadGatewayConfig({}, secret).dataDir).toBe(resolve('data'));
    // Created at start when missing.
    expect(loadGatewayConfig({ DATA_DIR: join(dir, 'new') }, secret).dataDir).toBe(join(dir, 'new'));
    expect(() => loadGatewayConfig({ DATA_DIR: join(dir, 'a-file') }, secret)).toThrow(
      /DATA_DIR .*a-file is not a directory/,
    );
  });
});
