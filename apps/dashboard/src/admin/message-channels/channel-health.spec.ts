import { describe, expect, it } from 'vitest';
import {
  channelHealth,
  channelSettings,
  credentialNames,
  healthBoard,
  looksSecret,
  reasonWords,
  routeWords,
} from './channel-health.js';

const channel = (over: Partial<Parameters<typeof channelHealth>[0]> = {}) => ({
  id: 1,
  name: 'Support SMS',
  status: 'status_connect_succ',
  reason: '',
  channel: 'general',
  type: 'sms',
  number: ['5551000', '5551001'],
  sent: 40,
  delivered: 37,
  failed: 3,
  received: 12,
  ...over,
});

describe('channelHealth', () => {
  it('reads a working channel with its delivered share', () => {
    expect(channelHealth(channel())).toMatchObject({
      level: 'ok',
      status: 'Connected',
      problem: '',
      kind: 'SMS',
      numbers: '5551000, 5551001',
      deliveredPercent: 93,
    });
  });

  it('says why a channel fails', () => {
    const row = channelHealth(
      channel({ status: 'status_connect_fail', reason: 'reason_unauthorized', type: 'whatsapp' }),
    );
    expect(row).toMatchObject({ level: 'failed', status: 'Connection failed', kind: 'WhatsApp' });
    expect(row.problem).toContain('unauthorized');
    expect(channelHealth(channel({ status: 'status_sub_invalid' })).problem).toContain('subscription');
    expect(channelHealth(channel({ status: 'status_connect_fail' })).problem).toBe('The PBX gave no reason.');
  });

  it('counts missing or broken counters as 0 and has no share without sends', () => {
    const row = channelHealth(
      channel({ sent: undefined, delivered: -1, failed: Number.NaN, received: undefined }),
    );
    expect([row.sent, row.delivered, row.failed, row.received, row.deliveredPercent]).toEqual([
      0,
      0,
      0,
      0,
      null,
    ]);
  });

  it('shows an unknown status and reason rather than hiding them', () => {
    const row = channelHealth(channel({ status: 'status_new_thing', reason: 'reason_rate_limited' }));
    expect(row).toMatchObject({ level: 'warning', status: 'status_new_thing', problem: 'rate limited.' });
    expect(reasonWords(undefined)).toBe('');
  });
});

describe('healthBoard', () => {
  it('puts failing channels first and counts them', () => {
    const board = healthBoard([
      channel({ id: 1 }),
      channel({ id: 2, status: 'status_sub_invalid' }),
      channel({ id: 3, status: 'status_connect_fail' }),
    ]);
    expect(board.rows.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(board.failing).toBe(2);
  });
});

describe('secrets', () => {
  it.each([
    'verify_token',
    'api_key',
    'client_secret',
    'password',
    'auth_token',
    'webhook_url',
    'webhook_gid',
    'account_data',
  ])('%s looks secret', (name) => expect(looksSecret(name)).toBe(true));
  it.each(['send_rate', 'domain_type', 'phone_number_id', 'channel'])('%s does not', (name) =>
    expect(looksSecret(name)).toBe(false),
  );

  it('lists settings without secrets, nested data or the header fields, flags in words', () => {
    const settings = channelSettings({
      id: 1,
      name: 'Support SMS',
      type: 'sms',
      channel: 'twilio',
      verify_token: 'sekrit-token',
      webhook_url: 'https://pbx/api/omnichannel/webhook/abc',
      account_data: [{ k: 'auth_token', v: 'sekrit' }],
      send_rate: 1,
      auto_close_session: 1,
      enb_duplicate_active_session: 0,
      provider_password: 'x',
      dids: [],
    });
    expect(settings).toEqual([
      { label: 'Provider', value: 'twilio' },
      { label: 'Messages per second', value: '1' },
      { label: 'Close inactive sessions', value: 'Yes' },
      { label: 'Duplicate active sessions', value: 'No' },
    ]);
    expect(JSON.stringify(settings)).not.toContain('sekrit');
  });

  it('names credentials without their values', () => {
    expect(
      credentialNames({
        account_data: [{ k: 'account_sid', v: 'AC1' }, { k: 'auth_token', v: 'tok' }, null],
      }),
    ).toEqual(['account_sid', 'auth_token']);
    expect(credentialNames({})).toEqual([]);
  });
});

describe('routeWords', () => {
  it('says where a DID leads', () => {
    expect(
      routeWords({ destination_type: 'extension', destination_number: '1001', destination_name: 'Ana' }),
    ).toBe('extension 1001 (Ana)');
    expect(routeWords({ destination_type: 'queue', destination_name: 'Sales' })).toBe(
      'message queue (Sales)',
    );
    expect(routeWords({ destination_type: 'api' })).toBe('the third-party platform (API)');
    expect(routeWords({})).toBe('nowhere set');
  });
});
