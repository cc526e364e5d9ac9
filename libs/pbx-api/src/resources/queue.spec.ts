import { describe, expect, expectTypeOf, it } from 'vitest';
import { PbxValidationError, type PbxClient, type QueueAgentStatusParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const agent = {
  name: 'Ann Lee',
  number: '2001',
  is_login: 1,
  is_pause: 0,
  call_status: 2,
  pause_reason: '',
  agent_type: 'static',
};

describe('QueueResource', () => {
  it('agentStatus sends GET v1.0 queue/agent_status with id and token, and returns the agents', async () => {
    const fake = new FakePbx().reply({ body: ok({ total_number: 1, data: [agent] }) });
    const result = await clientOn(fake).queue.agentStatus({ id: 3 });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/queue/agent_status',
      query: { id: '3', access_token: 'test-token' },
    });
    expect(fake.last.headers['user-agent']).toMatch(/OpenAPI/);
    expect(result.data).toEqual([agent]);
    expect(result.total_number).toBe(1);
  });

  it('agentPause sends GET v1.0 queue/agent_pause for several agents, and refuses a bad operation', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).queue.agentPause({
      ext_ids: '73,85',
      queue_id: 2,
      operation: 'pause',
      reason: '*01',
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/queue/agent_pause',
      query: {
        ext_ids: '73,85',
        queue_id: '2',
        operation: 'pause',
        reason: '*01',
        access_token: 'test-token',
      },
    });
    await expect(
      clientOn(fake).queue.agentPause({
        ext_ids: '73',
        queue_id: 2,
        operation: 'stop' as 'pause',
      }),
    ).rejects.toMatchObject({ violations: [{ field: 'operation', rule: 'enum' }] });
    expect(fake.requests).toHaveLength(1);
  });

  it('agentLogin sends GET v1.0 queue/agent_login as the guide’s example does', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).queue.agentLogin({
      ext_ids: '21,24',
      queue_id: 1,
      operation: 'login',
      is_paused: 1,
      max_threshold_for_pause_time: 300,
    });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/queue/agent_login',
      query: {
        ext_ids: '21,24',
        queue_id: '1',
        operation: 'login',
        is_paused: '1',
        max_threshold_for_pause_time: '300',
        access_token: 'test-token',
      },
    });
  });

  it('agentLogin logs out with a log-back-in time, refuses thresholds between 1 and 9, and is never retried', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const pbx = clientOn(fake, { retries: 2 });
    await pbx.queue.agentLogin({
      ext_ids: '21',
      queue_id: 1,
      operation: 'logout',
      max_threshold_for_logout_time: 600,
    });
    expect(fake.last.query).toMatchObject({ operation: 'logout', max_threshold_for_logout_time: '600' });
    await expect(
      pbx.queue.agentLogin({
        ext_ids: '21',
        queue_id: 1,
        operation: 'logout',
        max_threshold_for_logout_time: 5,
      }),
    ).rejects.toMatchObject({ violations: [{ field: 'max_threshold_for_logout_time', rule: 'range' }] });
    await expect(
      pbx.queue.agentLogin({ ext_ids: '1001', queue_id: 1, operation: 'login', is_paused: 2 as 1 }),
    ).rejects.toMatchObject({ violations: [{ field: 'is_paused', rule: 'enum' }] });
    await expect(
      pbx.queue.agentLogin({ ext_ids: '21;24', queue_id: 1, operation: 'login' }),
    ).rejects.toMatchObject({ violations: [{ field: 'ext_ids', rule: 'format' }] });
    expect(fake.requests).toHaveLength(1);
    fake.otherwise({ status: 503, body: '' });
    await expect(
      pbx.queue.agentLogin({ ext_ids: '21', queue_id: 1, operation: 'login' }),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(fake.requests).toHaveLength(2);
  });

  it('types: agentLogin takes the pause fields only with login, the log-back-in time only with logout', () => {
    type Params = Parameters<PbxClient['queue']['agentLogin']>[0];
    const one = { ext_ids: '1', queue_id: 1 };
    // @ts-expect-error a logout is not paused
    const pausedLogout: Params = { ...one, operation: 'logout', is_paused: 1 };
    // @ts-expect-error a login has no log-back-in time
    const timedLogin: Params = { ...one, operation: 'login', max_threshold_for_logout_time: 60 };
    expect([pausedLogout, timedLogin]).toHaveLength(2);
  });

  it('agentStatus rejects a missing or non-integer id before sending', async () => {
    const fake = new FakePbx();
    const pbx = clientOn(fake);
    // @ts-expect-error id is required
    await expect(pbx.queue.agentStatus({})).rejects.toMatchObject({
      code: 'validation',
      violations: [{ field: 'id', rule: 'required' }],
    });
    // @ts-expect-error id is a number
    await expect(pbx.queue.agentStatus({ id: 'x' })).rejects.toBeInstanceOf(PbxValidationError);
    expect(fake.requests).toHaveLength(0);
  });

  it('callStatus sends GET queue/call_status and returns the three lists', async () => {
    const waiting = {
      call_id: '1.1',
      caller_number: '5551',
      caller_display_name: '',
      callee_number: '6400',
      callee_display_name: 'Sales',
      duration: 12,
    };
    const fake = new FakePbx().reply({
      body: ok({
        waiting_calls: 1,
        active_calls: 0,
        ringing_calls: 0,
        waiting_list: [waiting],
        active_list: [],
        ringing_list: [],
      }),
    });
    const result = await clientOn(fake).queue.callStatus({ id: 7 });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/queue/call_status',
      query: { id: '7' },
    });
    expect(result.waiting_list[0]?.duration).toBe(12);
  });

  it('callStatus treats a non-array list in the answer as a transport error', async () => {
    const fake = new FakePbx().reply({ body: ok({ waiting_list: 'nope' }) });
    await expect(clientOn(fake).queue.callStatus({ id: 7 })).rejects.toMatchObject({ code: 'transport' });
  });

  it('list sends GET queue/list with paging and sorting', async () => {
    const fake = new FakePbx().reply({
      body: ok({ total_number: 1, queue_list: [{ id: 1, number: '6400', name: 'Sales' }] }),
    });
    const result = await clientOn(fake).queue.list({
      page: 1,
      page_size: 50,
      sort_by: 'number',
      order_by: 'asc',
    });
    expect(fake.last.query).toMatchObject({ page: '1', page_size: '50', sort_by: 'number', order_by: 'asc' });
    expect(result.queue_list[0]?.name).toBe('Sales');
    await expect(clientOn(fake).queue.list({ page: 0 })).rejects.toMatchObject({
      violations: [{ field: 'page', rule: 'range' }],
    });
  });

  it('types: id is required on agentStatus, everything optional on list', () => {
    expectTypeOf<QueueAgentStatusParams>().toEqualTypeOf<{ id: number }>();
    expectTypeOf(clientOn(new FakePbx()).queue.list).parameter(0).toEqualTypeOf<
      | {
          page?: number;
          page_size?: number;
          sort_by?: 'id' | 'number' | 'name' | 'ring_strategy';
          order_by?: 'asc' | 'desc';
        }
      | undefined
    >();
  });
});
