import { describe, expect, it } from 'vitest';
import type { MessageSession } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const session: MessageSession = {
  id: 23,
  channel_type: 'livechat',
  channel_name: 'Website',
  did_number: '',
  to_number: 'visitor-9',
  origin: '',
  website_domain: 'example.com',
  pre_chat_form: { name: 'Ann', email: 'ann@example.com' },
  user_info: { user_id: 0, user_no: 'visitor-9', user_type: 2, avatar: '', username: 'Ann' },
  participants: [{ user_id: 12, user_no: '2001', user_type: 1, avatar: 'a1', username: 'Bob' }],
};

describe('MessageSessionResource', () => {
  it('get sends GET v1.0 message_session/get and returns the session under list', async () => {
    const fake = new FakePbx().reply({ body: ok({ list: session }) });
    const result = await clientOn(fake).messageSession.get({ id: 23 });
    expect(fake.last).toMatchObject({
      method: 'GET',
      path: '/openapi/v1.0/message_session/get',
      query: { id: '23', access_token: 'test-token' },
    });
    expect(result.list).toEqual(session);
  });

  it('get rejects a non-positive id before sending', async () => {
    const fake = new FakePbx();
    await expect(clientOn(fake).messageSession.get({ id: 0 })).rejects.toMatchObject({
      violations: [{ field: 'id', rule: 'range' }],
    });
    expect(fake.requests).toHaveLength(0);
  });
});
