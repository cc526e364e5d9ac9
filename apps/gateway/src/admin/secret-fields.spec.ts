import { describe, expect, it } from 'vitest';
import { AUDIT_SECRET_FIELDS, isSecretField, secretPaths, withoutSecrets } from './secret-fields.js';

/** message_channel/get as the interface documents it (docs/pbx/configuration.md#message-channels). */
const channel = {
  errcode: 0,
  errmsg: 'SUCCESS',
  data: {
    id: 2,
    name: 'SMS main',
    domain_type: 'fqdn',
    webhook_gid: 'g-1',
    webhook_url: 'https://pbx.example/webhook/g-1',
    type: 'sms',
    channel: 'twilio',
    account_data: [
      { k: 'account_sid', v: 'AC-very-secret' },
      { k: 'auth_token', v: 'tok-very-secret' },
    ],
    verify_token: 'verify-very-secret',
    send_rate: 1,
    dids: [{ id: 1, did_number: '5550100', destination_type: 'queue', members: [] }],
  },
};

describe('secrets of PBX answers', () => {
  it('fails closed: a secret-looking field nobody listed is removed too, ordinary fields are kept', () => {
    const answer = {
      data: { sip_password: 'p', provider_token: 't', Client_Secret_2: 's', smtp_api_key: 'k' },
    };
    expect(withoutSecrets(answer)).toEqual({ data: {} });
    for (const name of [
      'access_token_expire_time',
      'token_count',
      'pin_list',
      'name',
      'webhook_url',
      'keymap',
    ])
      expect(isSecretField(name), name).toBe(false);
  });

  it('removes provider credentials and tokens, keeping key names and everything else', () => {
    const stripped = withoutSecrets(channel);
    expect(JSON.stringify(stripped)).not.toMatch(/very-secret/);
    expect(stripped).toEqual({
      ...channel,
      data: {
        ...channel.data,
        account_data: [{ k: 'account_sid' }, { k: 'auth_token' }],
        verify_token: undefined,
      },
    });
    expect(Object.keys((stripped as typeof channel).data)).not.toContain('verify_token');
    expect(secretPaths(channel)).toEqual([
      'data.account_data[0].v',
      'data.account_data[1].v',
      'data.verify_token',
    ]);
    expect(secretPaths(stripped)).toEqual([]);
  });

  it('finds secrets in lists at any depth, and leaves plain values and PIN lists alone', () => {
    const list = {
      list: [
        { id: 1, password: 'x' },
        { id: 2, nested: { api_key: 'k' } },
      ],
    };
    expect(withoutSecrets(list)).toEqual({ list: [{ id: 1 }, { id: 2, nested: {} }] });
    // Admins may reveal PINs: the answer keeps them; only the audit log never records them.
    const pins = { data: [{ id: 13, name: 'local', pin_list: '2283,3301' }] };
    expect(withoutSecrets(pins)).toEqual(pins);
    expect(AUDIT_SECRET_FIELDS.has('pin_list')).toBe(true);
    expect(withoutSecrets('text')).toBe('text');
    expect(withoutSecrets(null)).toBeNull();
  });
});
