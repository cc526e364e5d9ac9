import { describe, expect, it } from 'vitest';
import type { MessageQueueCreateParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

describe('MessageQueueResource', () => {
  it('create sends POST v1.0 message_queue/create and returns the new id', async () => {
    const fake = new FakePbx().reply({ body: ok({ id: 7 }) });
    const params: MessageQueueCreateParams = {
      name: 'Chat support',
      assignment_mode: 'manual',
      members: [{ extension_id: 12 }, { extension_id: 13 }],
    };
    const result = await clientOn(fake).messageQueue.create(params);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/message_queue/create',
      body: params,
    });
    expect(result.id).toBe(7);
  });

  it('create rejects an unknown assignment mode and an empty member list', async () => {
    const fake = new FakePbx();
    const bad = {
      name: 'x',
      assignment_mode: 'round_robin',
      members: [],
    } as unknown as MessageQueueCreateParams;
    await expect(clientOn(fake).messageQueue.create(bad)).rejects.toMatchObject({
      violations: [
        { field: 'assignment_mode', rule: 'enum' },
        { field: 'members', rule: 'required' },
      ],
    });
    expect(fake.requests).toHaveLength(0);
  });
});
