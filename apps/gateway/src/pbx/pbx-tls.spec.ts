import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/test-config.js';
import { pbxTls } from './pbx-connection.service.js';

describe('pbxTls', () => {
  it('passes the configured CA and verification to the PBX client and event stream', () => {
    const config = testConfig({ PBX_TLS_VERIFY: 'false' });
    expect(pbxTls(config)).toEqual({ rejectUnauthorized: false });
    expect(
      pbxTls({ ...config, pbx: { ...config.pbx, tls: { ca: 'PEM', rejectUnauthorized: true } } }),
    ).toEqual({
      rejectUnauthorized: true,
      ca: 'PEM',
    });
  });
});
