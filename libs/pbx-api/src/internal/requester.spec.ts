import { describe, expect, it } from 'vitest';
import type { TokenProvider } from '../auth/token.types.js';
import { PBX_ERRCODE } from '../errcodes.js';
import { PbxApiError, PbxAuthError, PbxTransportError, PbxValidationError } from '../errors.js';
import { PBX_OPERATIONS } from '../rules/operations.js';
import { PbxRequester } from './requester.js';
import { Transport } from './transport.js';
import { FakePbx, ok } from '../../test/support/fake-pbx.js';
import { errorTexts } from '../../test/support/token-pbx.js';

/** Hands out tok-1, tok-2, ... : a new one after each invalidation; records what happened. */
class CountingProvider implements TokenProvider {
  readonly invalidated: string[] = [];
  private serial = 1;
  constructor(private readonly renewable = true) {}
  async getAccessToken(): Promise<string> {
    if (!this.renewable && this.invalidated.length > 0) throw new PbxAuthError('cannot renew a fixed token');
    return `tok-${this.serial}-a9c3e1`;
  }
  invalidate(token: string): void {
    this.invalidated.push(token);
    this.serial += 1;
  }
  onChange(): () => void {
    return () => undefined;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** `null` builds a requester without a token provider. */
function requester(fake: FakePbx, tokens: TokenProvider | null = new CountingProvider()) {
  const transport = new Transport({
    baseUrl: 'http://pbx.test:8088',
    userAgent: 'switchboard-test (OpenAPI)',
    timeoutMs: 1_000,
    retries: 1,
    retryBackoff: { initialMs: 1, maxMs: 2 },
    adapter: fake.adapter,
  });
  return new PbxRequester(transport, tokens ?? undefined);
}

const tokenRefused = { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID ACCESS TOKEN' } };

describe('PbxRequester', () => {
  it('validates parameters before anything is sent, reporting every violation', async () => {
    const fake = new FakePbx();
    const error = await requester(fake)
      .call('conference/kick_member', { member_channel_id: '', extra: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxValidationError);
    expect((error as PbxValidationError).violations.map((v) => [v.field, v.rule])).toEqual([
      ['member_channel_id', 'required'],
      ['number', 'required'],
      ['extra', 'unknown'],
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('maps errcode != 0 to PbxApiError with errcode, errmsg, invalid_param_list and operation', async () => {
    const fake = new FakePbx().reply({
      body: {
        errcode: 40002,
        errmsg: 'PARAMETER ERROR',
        invalid_param_list: [{ field: 'id', validation_type: 'required' }, 'junk', { field: 'x', value: 7 }],
      },
    });
    const error = await requester(fake)
      .call('queue/agent_status', { id: 4 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxApiError);
    expect(error).toMatchObject({
      code: 'pbx',
      operation: 'queue/agent_status',
      errcode: 40002,
      errmsg: 'PARAMETER ERROR',
      invalidParamList: [
        { field: 'id', validation_type: 'required' },
        { field: 'x', value: '7' },
      ],
    });
    expect((error as Error).message).toBe('queue/agent_status failed: errcode 40002 PARAMETER ERROR (id, x)');
  });

  it('keeps the fields of a 40003 duplicate_field_list, with the object that already uses each value', async () => {
    const fake = new FakePbx().reply({
      body: {
        errcode: 40003,
        errmsg: 'DUPLICATE KEY VALUE',
        submsg: 'name Partners is already used',
        duplicate_field_list: [
          {
            field: 'name',
            value: 'Partners',
            external_source: 'allow_numbers',
            external_source_name: 'Partners',
          },
          'junk',
        ],
      },
    });
    const error = await requester(fake)
      .call('allow_numbers/create', { name: 'Partners', limit_type: 'both', number_list: '5550100' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      errcode: 40003,
      invalidParamList: [],
      duplicateFieldList: [
        {
          field: 'name',
          value: 'Partners',
          external_source: 'allow_numbers',
          external_source_name: 'Partners',
        },
      ],
    });
    expect((error as Error).message).toBe(
      'allow_numbers/create failed: errcode 40003 DUPLICATE KEY VALUE (name)',
    );
  });

  it('returns the envelope of a successful call and checks that list fields are arrays', async () => {
    const fake = new FakePbx()
      .reply({ body: ok({ total_number: 1, data: [{ number: '2001' }] }) })
      .reply({ body: ok({ data: { not: 'a list' } }) });
    const api = requester(fake);
    await expect(api.call('queue/agent_status', { id: 4 })).resolves.toMatchObject({ total_number: 1 });
    expect(fake.last.query['access_token']).toBe('tok-1-a9c3e1');
    await expect(api.call('queue/agent_status', { id: 4 })).rejects.toMatchObject({
      code: 'transport',
      message: 'queue/agent_status answered with data that is not an array',
    });
  });

  it('on a refused token: invalidates it, takes a new one and resends once, even for call control', async () => {
    const tokens = new CountingProvider();
    const fake = new FakePbx().reply(tokenRefused).reply({ body: ok({ call_id: '1.9' }) });
    const result = await requester(fake, tokens).call<{ call_id: string }>('call/accept_inbound', {
      channel_id: 'PJSIP/t-7',
    });
    expect(result.call_id).toBe('1.9');
    expect(tokens.invalidated).toEqual(['tok-1-a9c3e1']);
    expect(fake.requests.map((r) => r.query['access_token'])).toEqual(['tok-1-a9c3e1', 'tok-2-a9c3e1']);
    expect(fake.requests.map((r) => r.body)).toEqual([
      { channel_id: 'PJSIP/t-7' },
      { channel_id: 'PJSIP/t-7' },
    ]);
  });

  it('gives PbxAuthError when the renewed token is refused as well, after exactly two requests', async () => {
    const tokens = new CountingProvider();
    const fake = new FakePbx().otherwise({ body: { errcode: 10003, errmsg: 'TOKEN EXPIRED' } });
    const error = await requester(fake, tokens)
      .call('queue/list', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxAuthError);
    expect(error).toMatchObject({ code: 'auth', operation: 'queue/list', errcode: 10003 });
    expect(fake.requests).toHaveLength(2);
    expect(tokens.invalidated).toEqual(['tok-1-a9c3e1', 'tok-2-a9c3e1']);
  });

  it('reports a provider that cannot renew against the operation, keeping its reason as the cause', async () => {
    const fake = new FakePbx().otherwise(tokenRefused);
    const error = await requester(fake, new CountingProvider(false))
      .call('queue/list', {})
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'auth',
      operation: 'queue/list',
      errcode: PBX_ERRCODE.TOKEN_INVALID,
      message: /queue\/list was refused: .*\(cannot renew a fixed token\)/,
    });
    expect((error as Error).cause).toBeInstanceOf(PbxAuthError);
    expect(fake.requests).toHaveLength(1);
  });

  it('does not renew on errcodes that are not about the token', async () => {
    const tokens = new CountingProvider();
    const fake = new FakePbx().otherwise({ body: { errcode: PBX_ERRCODE.NOT_FOUND, errmsg: 'NOT FOUND' } });
    await expect(
      requester(fake, tokens).call('call/accept_inbound', { channel_id: 'c' }),
    ).rejects.toBeInstanceOf(PbxApiError);
    expect(fake.requests).toHaveLength(1);
    expect(tokens.invalidated).toEqual([]);
  });

  it('sends unauthenticated operations without a token and without renewal', async () => {
    const tokens = new CountingProvider();
    const fake = new FakePbx().otherwise(tokenRefused);
    await expect(
      requester(fake, tokens).sendAuthenticated(
        PBX_OPERATIONS.get_token,
        { username: 'u', password: 'p' },
        {},
      ),
    ).rejects.toMatchObject({ code: 'pbx', errcode: PBX_ERRCODE.TOKEN_INVALID });
    expect(fake.last.query).not.toHaveProperty('access_token');
    expect(fake.requests).toHaveLength(1);
    expect(tokens.invalidated).toEqual([]);
  });

  it('needs a provider for authenticated operations and says which operation', async () => {
    const fake = new FakePbx();
    await expect(requester(fake, null).call('queue/list', {})).rejects.toMatchObject({
      code: 'auth',
      operation: 'queue/list',
      message: /queue\/list needs an access token/,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('sendWithToken uses exactly the given token (del_token revokes the token it carries)', async () => {
    const fake = new FakePbx().reply({ body: ok({}) });
    await requester(fake).sendWithToken(PBX_OPERATIONS.del_token, {}, 'old-token-55aa');
    expect(fake.last).toMatchObject({
      path: '/openapi/v1.0/del_token',
      query: { access_token: 'old-token-55aa' },
    });
  });

  it('scrubs the token from an error when the PBX echoes it back', async () => {
    const token = 'tok-1-a9c3e1';
    const fake = new FakePbx().reply({
      body: {
        errcode: 40002,
        errmsg: `bad request for token ${token}`,
        invalid_param_list: [{ field: 'access_token', value: token }],
      },
    });
    const error = await requester(fake)
      .call('queue/list', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxApiError);
    for (const text of errorTexts(error)) expect(text).not.toContain(token);
    expect(error).toMatchObject({ invalidParamList: [{ field: 'access_token', value: '[redacted]' }] });
  });

  it('lets transport failures through unchanged', async () => {
    const fake = new FakePbx().otherwise({ status: 500, body: '' });
    await expect(requester(fake).call('queue/list', {})).rejects.toBeInstanceOf(PbxTransportError);
    expect(fake.requests).toHaveLength(2);
  });

  it('download fetches with the current token', async () => {
    const fake = new FakePbx().reply({ body: '[]' });
    await expect(requester(fake).download('/api/download/f.json')).resolves.toEqual([]);
    expect(fake.last.query['access_token']).toBe('tok-1-a9c3e1');
  });
});
