import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AgentLoginParams, AgentLogoutParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('AgentResource', () => {
  it('login sends GET v1.0 agent/login with operation=login and the options', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).agent.login({
      ext_id: 12,
      queue_ids: '1,2',
      is_paused: 1,
      max_threshold_for_pause_time: 0,
    });
    expect(fake.last.method).toBe('GET');
    expect(fake.last.path).toBe('/openapi/v1.0/agent/login');
    expect(fake.last.query).toEqual({
      ext_id: '12',
      queue_ids: '1,2',
      is_paused: '1',
      max_threshold_for_pause_time: '0',
      operation: 'login',
      access_token: 'test-token',
    });
  });

  it('logout sends GET v1.0 agent/login with operation=logout', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const result = await clientOn(fake).agent.logout({ ext_id: 12 });
    expect(fake.last.path).toBe('/openapi/v1.0/agent/login');
    expect(fake.last.query).toEqual({ ext_id: '12', operation: 'logout', access_token: 'test-token' });
    expect(result.errcode).toBe(0);
  });

  it('login rejects a pause threshold between 1 and 9 seconds, and is not retried', async () => {
    const fake = new FakePbx();
    await expect(
      clientOn(fake).agent.login({ ext_id: 12, max_threshold_for_pause_time: 9 }),
    ).rejects.toMatchObject({
      violations: [{ field: 'max_threshold_for_pause_time', rule: 'range' }],
    });
    expect(fake.requests).toHaveLength(0);
    fake.otherwise({ status: 503, body: '' });
    await expect(clientOn(fake, { retries: 2 }).agent.login({ ext_id: 12 })).rejects.toMatchObject({
      status: 503,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it('pause sends GET v1.0 agent/pause with operation=pause, the reason code and the duration', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).agent.pause({
      ext_id: 85,
      queue_ids: '2',
      reason: '*01',
      max_threshold_for_pause_time: 600,
    });
    expect(fake.last.method).toBe('GET');
    expect(fake.last.path).toBe('/openapi/v1.0/agent/pause');
    expect(fake.last.query).toEqual({
      ext_id: '85',
      queue_ids: '2',
      reason: '*01',
      max_threshold_for_pause_time: '600',
      operation: 'pause',
      access_token: 'test-token',
    });
  });

  it('unpause sends operation=unpause; a pause of 1 to 9 seconds is refused before sending', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).agent.unpause({ ext_id: 85 });
    expect(fake.last.query).toEqual({ ext_id: '85', operation: 'unpause', access_token: 'test-token' });
    await expect(
      clientOn(fake).agent.pause({ ext_id: 85, max_threshold_for_pause_time: 5 }),
    ).rejects.toMatchObject({ violations: [{ field: 'max_threshold_for_pause_time', rule: 'range' }] });
    expect(fake.requests).toHaveLength(1);
  });

  it('types: ext_id required; logout takes no pause options', () => {
    expectTypeOf<AgentLogoutParams>().toEqualTypeOf<{
      ext_id: number;
      queue_ids?: string;
      max_threshold_for_logout_time?: number;
    }>();
    // @ts-expect-error ext_id is required
    const noExt: AgentLoginParams = { queue_ids: '1' };
    // @ts-expect-error logout cannot pause
    const pausedLogout: AgentLogoutParams = { ext_id: 1, is_paused: 1 };
    expect([noExt, pausedLogout]).toHaveLength(2);
  });
});
