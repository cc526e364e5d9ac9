import { AxiosError } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_USER_AGENT, PBX_ERRCODE, PbxClient, PbxError, type TokenProvider } from './index.js';
import { FakePbx, ok } from '../test/support/fake-pbx.js';
import { IVR_MENU } from '../test/support/samples.js';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  errorTexts,
  RecordingLogger,
  TokenPbx,
} from '../test/support/token-pbx.js';

const T0 = new Date('2026-03-02T09:00:00Z').getTime();
const RENEW_AT = T0 + 1_740_000;

describe('PbxClient', () => {
  it('rejects a base URL that is not http(s), naming the option', () => {
    expect(() => new PbxClient({ baseUrl: 'pbx.local:8088', auth: { accessToken: 't' } })).toThrow(
      /baseUrl must be an http\(s\) URL/,
    );
  });

  it('rejects bad transport options with a TypeError naming the field', () => {
    expect(
      () => new PbxClient({ baseUrl: 'http://pbx:80', auth: { accessToken: 't' }, retries: -1 }),
    ).toThrow(/retries must be a whole number >= 0/);
    expect(
      () => new PbxClient({ baseUrl: 'http://pbx:80', auth: { accessToken: 't' }, timeoutMs: 0 }),
    ).toThrow(/timeoutMs must be a positive number/);
  });

  it('sends the default or the configured User-Agent and drops a trailing slash from the base URL', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ queue_list: [] }) });
    const base = {
      baseUrl: 'http://pbx.test:8088/',
      auth: { accessToken: 'fixed-1' },
      adapter: fake.adapter,
    };
    const client = new PbxClient(base);
    expect(client.baseUrl).toBe('http://pbx.test:8088');
    await client.queue.list();
    expect(fake.last.headers['user-agent']).toBe(DEFAULT_USER_AGENT);
    expect(fake.last.path).toBe('/openapi/v1.0/queue/list');
    await new PbxClient({ ...base, userAgent: 'OpenAPI' }).queue.list();
    expect(fake.last.headers['user-agent']).toBe('OpenAPI');
  });

  it('uses a provider it is given and closes it on close()', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ queue_list: [] }) });
    let closed = 0;
    const provider: TokenProvider = {
      getAccessToken: () => Promise.resolve('own-token-1'),
      invalidate: () => undefined,
      onChange: () => () => undefined,
      close: () => Promise.resolve(void (closed += 1)),
    };
    const client = new PbxClient({
      baseUrl: 'http://pbx.test:8088',
      auth: { provider },
      adapter: fake.adapter,
    });
    expect(client.tokens).toBe(provider);
    await client.queue.list();
    expect(fake.last.query['access_token']).toBe('own-token-1');
    await client.close();
    expect(closed).toBe(1);
  });
});

describe('PbxClient never retries an action that changes state', () => {
  const client = (fake: FakePbx) =>
    new PbxClient({
      baseUrl: 'http://pbx.test:8088',
      auth: { accessToken: 'fixed-1' },
      adapter: fake.adapter,
      retries: 4,
      retryBackoff: { initialMs: 1, maxMs: 2 },
    });
  const actions: [string, (pbx: PbxClient) => Promise<unknown>][] = [
    ['call.acceptInbound', (pbx) => pbx.call.acceptInbound({ channel_id: 'PJSIP/t-1' })],
    [
      'conference.kickMember',
      (pbx) => pbx.conference.kickMember({ member_channel_id: 'all', number: '6900' }),
    ],
    ['ivr.create', (pbx) => pbx.ivr.create(IVR_MENU)],
    ['agent.login', (pbx) => pbx.agent.login({ ext_id: 12 })],
    ['call.refuseInbound', (pbx) => pbx.call.refuseInbound({ channel_id: 'PJSIP/t-1' })],
    [
      'uacstaCall.hangup (the call may already be over)',
      (pbx) =>
        pbx.uacstaCall.hangup({ extension: '2000', call_id: '32786', ip_address: '192.168.28.2:5060' }),
    ],
    ['queue.agentLogin', (pbx) => pbx.queue.agentLogin({ ext_ids: '21', queue_id: 1, operation: 'login' })],
    [
      'blockNumbers.create',
      (pbx) => pbx.blockNumbers.create({ name: 'x', limit_type: 'inbound', number_list: '1' }),
    ],
    ['allowNumbers.update', (pbx) => pbx.allowNumbers.update({ id: 2, name: 'x' })],
    ['allowNumbers.delete (a second delete would fail)', (pbx) => pbx.allowNumbers.delete({ id: 2 })],
    ['phone.batchDelete', (pbx) => pbx.phone.batchDelete({ batch_id_list: [75] })],
    [
      'callNote.update',
      (pbx) =>
        pbx.callNote.update({ id: 'n1', group_id: 'g1', remark: 'called back', update_entry: 'queue_agent' }),
    ],
  ];

  it.each(actions)('%s: one request on HTTP 503, one on a connection failure', async (_name, act) => {
    const busy = new FakePbx().otherwise({ status: 503, body: '' });
    await expect(act(client(busy))).rejects.toMatchObject({ code: 'transport', status: 503 });
    expect(busy.requests).toHaveLength(1);
    const down = new FakePbx().otherwise(() => {
      throw new AxiosError('connect ECONNREFUSED', 'ECONNREFUSED');
    });
    await expect(act(client(down))).rejects.toMatchObject({ code: 'transport' });
    expect(down.requests).toHaveLength(1);
  });

  it('while a read on the same client is retried', async () => {
    const busy = new FakePbx().otherwise({ status: 503, body: '' });
    await expect(client(busy).queue.list()).rejects.toMatchObject({ status: 503 });
    expect(busy.requests).toHaveLength(5);
  });
});

describe('secrets never leak', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs `scenario`, returning the error it ends with (or undefined). */
  const failure = (scenario: () => Promise<unknown>) =>
    scenario().then(
      () => undefined,
      (error: unknown) => error,
    );

  it('from the client secret and any access or refresh token, across every failure path', async () => {
    const logger = new RecordingLogger();
    const errors: unknown[] = [];
    const pbx = new TokenPbx();
    const echoSecret = `password=${CLIENT_SECRET} ${CLIENT_SECRET}`;

    // 1. Wrong credentials, with a PBX that echoes the submitted secret back.
    pbx.script('get_token', {
      body: {
        errcode: PBX_ERRCODE.FAILURE,
        errmsg: 'FAILURE',
        invalid_param_list: [{ field: 'username or password', value: CLIENT_SECRET }],
      },
    });
    const client = pbx.client({ logger, retries: 0 });
    errors.push(await failure(() => client.queue.list()));
    // 2. The cool-down error that follows.
    errors.push(await failure(() => client.queue.list()));
    // 3. Token cap and blocked address, with errmsg echoing the secret.
    for (const errcode of [PBX_ERRCODE.TOKEN_LIMIT, PBX_ERRCODE.IP_BLOCKED, 99_003]) {
      pbx.script('get_token', { body: { errcode, errmsg: `REFUSED ${echoSecret}` } });
      errors.push(await failure(() => pbx.client({ logger, retries: 0 }).queue.list()));
    }

    // 4. A working client whose refresh is refused with the refresh token echoed, then whose get_token
    //    fallback cannot connect (the error quotes the body).
    const live = pbx.client({ logger, retries: 0 });
    await live.queue.list();
    const firstRefresh = pbx.issued[pbx.issued.length - 1] ?? '';
    pbx.script(
      'refresh_token',
      { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: `bad refresh_token ${firstRefresh}` } },
      () => {
        throw new Error(`socket hang up {"refresh_token":"${firstRefresh}"}`);
      },
    );
    pbx.script('get_token', () => {
      throw new AxiosError(
        `connect ECONNREFUSED while sending {"password":"${CLIENT_SECRET}"}`,
        'ECONNREFUSED',
      );
    });
    vi.setSystemTime(RENEW_AT);
    errors.push(await failure(() => live.queue.list()));
    // ...then recovers through the fallback, revoking the old token.
    await live.queue.list();
    await vi.waitFor(() => expect(pbx.requestsTo('del_token').length).toBeGreaterThan(0), { timeout: 2_000 });

    // 5. A request refused twice, a request whose errmsg echoes the token, and a network error quoting the URL.
    const refused = { body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: 'INVALID ACCESS TOKEN' } };
    pbx.script('queue/list', refused, refused);
    errors.push(await failure(() => live.queue.list()));
    await live.queue.list();
    const current = pbx.fake.last.query['access_token'] ?? '';
    pbx.script('queue/list', { body: { errcode: 40002, errmsg: `bad access_token ${current}` } });
    errors.push(await failure(() => live.queue.list()));
    pbx.script('queue/list', (seen) => {
      throw new AxiosError(
        `getaddrinfo EAI_AGAIN ${seen.path}?access_token=${current} (${current})`,
        'EAI_AGAIN',
      );
    });
    errors.push(await failure(() => live.queue.list()));

    // 6. del_token refused on close, echoing the token it revokes.
    pbx.script('del_token', (seen) => ({
      body: { errcode: 50001, errmsg: `busy, could not revoke ${seen.query['access_token'] ?? ''}` },
    }));
    await live.close();
    errors.push(await failure(() => live.queue.list()));

    // 7. A fixed token the PBX refuses.
    const fixed = 'FIXED-TOKEN-77c0b5e2aa';
    const staticFake = new FakePbx().otherwise({
      body: { errcode: PBX_ERRCODE.TOKEN_INVALID, errmsg: `no ${fixed}` },
    });
    errors.push(
      await failure(() =>
        new PbxClient({
          baseUrl: 'http://pbx.test:8088',
          auth: { accessToken: fixed },
          adapter: staticFake.adapter,
          logger,
        }).queue.list(),
      ),
    );

    // Every scenario failed the way it should, so the sweep below looks at real errors.
    expect(errors).toHaveLength(11);
    for (const error of errors) expect(error).toBeInstanceOf(PbxError);
    expect(errors.map((e) => (e as PbxError).code)).toEqual([
      'auth',
      'auth',
      'auth',
      'auth',
      'auth',
      'transport',
      'auth',
      'pbx',
      'transport',
      'auth',
      'auth',
    ]);
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/refresh_token failed/),
        expect.stringMatching(/del_token failed/),
      ]),
    );

    const secrets = [CLIENT_SECRET, fixed, ...pbx.issued];
    expect(pbx.issued.length).toBeGreaterThanOrEqual(6);
    const texts = [...errors.flatMap(errorTexts), logger.text];
    for (const secret of secrets) {
      for (const text of texts) expect(text, `a text leaks ${secret}`).not.toContain(secret);
    }
    // The client id is not a secret: it stays visible for diagnosis.
    expect(CLIENT_ID).toBeTruthy();
  });
});
