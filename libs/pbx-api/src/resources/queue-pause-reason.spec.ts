import { describe, expect, it } from 'vitest';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('QueuePauseReasonResource', () => {
  it('update sends POST v1.0 queue_pause_reason/update with the whole list', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    const list = [
      { code: '*801', reason: 'Lunch' },
      { code: '#802', reason: 'Training' },
    ];
    const result = await clientOn(fake).queuePauseReason.update({ pause_reason_list: list });
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/queue_pause_reason/update',
      query: { access_token: 'test-token' },
      body: { pause_reason_list: list },
    });
    expect(result.errcode).toBe(0);
  });

  it('list sends GET v1.0 queue_pause_reason/list and returns the reasons', async () => {
    const reasons = [
      { code: '*01', reason: 'Lunch' },
      { code: '*02', reason: 'Break' },
    ];
    const fake = new FakePbx().reply({ body: ok({ data: reasons }) });
    const result = await clientOn(fake).queuePauseReason.list();
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/queue_pause_reason/list',
      query: { access_token: 'test-token' },
    });
    expect(result.data).toEqual(reasons);
  });

  it('update sends an empty list, which clears every reason', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await clientOn(fake).queuePauseReason.update({ pause_reason_list: [] });
    expect(fake.last.body).toEqual({ pause_reason_list: [] });
  });

  it('update rejects a reason without text before sending', async () => {
    const fake = new FakePbx();
    await expect(
      clientOn(fake).queuePauseReason.update({ pause_reason_list: [{ code: '*801', reason: ' ' }] }),
    ).rejects.toMatchObject({ violations: [{ field: 'pause_reason_list[0].reason', rule: 'required' }] });
    expect(fake.requests).toHaveLength(0);
  });
});
