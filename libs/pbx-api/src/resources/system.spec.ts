import { describe, expect, it } from 'vitest';
import type { SystemInformation } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const info: SystemInformation = {
  device_name: 'PBX',
  model_name: 'P570',
  sn: '3631A2124XXX',
  hardware_version: '1.0',
  firmware_version: '37.21.0.117',
  system_time: '2025/08/22 16:44:40',
  up_time: 3600,
  system_date_format: 'YYYY/MM/DD',
  system_time_format: 'hh:mm:ss',
  timestamp: 1755852280,
};

describe('SystemResource', () => {
  it('information sends GET v1.0 system/information with only the token and returns the data', async () => {
    const fake = new FakePbx().reply({ body: ok({ data: info }) });
    const result = await clientOn(fake).system.information();
    expect(fake.last).toMatchObject({ method: 'GET', path: '/openapi/v1.0/system/information' });
    expect(fake.last.query).toEqual({ access_token: 'test-token' });
    expect(result.data).toEqual(info);
  });

  it('information is retried after a transport failure because it is a read', async () => {
    const fake = new FakePbx().reply({ status: 503, body: '' }).reply({ body: ok({ data: info }) });
    const result = await clientOn(fake, { retries: 1 }).system.information();
    expect(fake.requests).toHaveLength(2);
    expect(result.data.firmware_version).toBe('37.21.0.117');
  });
});
