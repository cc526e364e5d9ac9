import { PBX_ERRCODE } from '@switchboard/pbx-api';
import { afterEach, describe, expect, it } from 'vitest';
import { api, get, post, startHarness, token, type Harness } from './support/sim-harness.js';

let h: Harness;
afterEach(async () => h?.close());

const getToken = (username: string, password: string) =>
  post(h.sim.url, '/openapi/v1.0/get_token', { username, password });

describe('tokens over HTTP', () => {
  it('get_token answers the documented six fields with the configured lifetimes', async () => {
    h = await startHarness({ accessTtlS: 900, refreshTtlS: 3600 });
    const { status, body } = await getToken('switchboard-demo', 'switchboard-demo-secret');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      errcode: 0,
      errmsg: 'SUCCESS',
      access_token_expire_time: 900,
      refresh_token_expire_time: 3600,
    });
    expect(body['access_token']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body['refresh_token']).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body['access_token']).not.toBe(body['refresh_token']);
  });

  it('wrong credentials answer -1 FAILURE with the documented invalid_param_list, never echoing the secret', async () => {
    h = await startHarness();
    const { body } = await getToken('switchboard-demo', 'wrong-secret-value');
    expect(body).toEqual({
      errcode: -1,
      errmsg: 'FAILURE',
      invalid_param_list: [{ field: 'username or password', value: 'error' }],
    });
    const missing = await post(h.sim.url, '/openapi/v1.0/get_token', { username: 'x', password: 42 });
    expect(missing.body['errcode']).toBe(40002);
    expect(JSON.stringify(missing.body)).not.toContain('42');
  });

  it('blocks an IP after 5 failed get_token calls in a row, even for the right secret, until /sim/unblock', async () => {
    h = await startHarness();
    for (let i = 0; i < 5; i++)
      expect((await getToken('switchboard-demo', 'nope-nope')).body['errcode']).toBe(-1);
    const blocked = await getToken('switchboard-demo', 'switchboard-demo-secret');
    expect(blocked.body).toMatchObject({ errcode: PBX_ERRCODE.IP_BLOCKED, errmsg: 'IP BLOCKED' });
    // Every API request from that address is refused, not just get_token.
    expect(
      (await get(h.sim.url, '/openapi/v1.0/system/information', { access_token: 'x' })).body['errcode'],
    ).toBe(PBX_ERRCODE.IP_BLOCKED);
    const unblocked = await post(h.sim.url, '/sim/unblock', {});
    expect(unblocked.body).toEqual({ unblocked: ['127.0.0.1'] });
    expect((await getToken('switchboard-demo', 'switchboard-demo-secret')).body['errcode']).toBe(0);
  });

  it('a success resets the failure count: only failures in a row block', async () => {
    h = await startHarness();
    for (let i = 0; i < 4; i++) await getToken('switchboard-demo', 'nope-nope');
    expect((await getToken('switchboard-demo', 'switchboard-demo-secret')).body['errcode']).toBe(0);
    for (let i = 0; i < 4; i++) await getToken('switchboard-demo', 'nope-nope');
    expect((await getToken('switchboard-demo', 'switchboard-demo-secret')).body['errcode']).toBe(0);
  });

  it('allows at most 8 live tokens per client id; the 9th gets TOKEN_LIMIT with MAX LIMITATION; del_token frees a slot', async () => {
    h = await startHarness();
    const tokens: string[] = [];
    for (let i = 0; i < 8; i++) tokens.push(await token(h.sim));
    const ninth = await getToken('switchboard-demo', 'switchboard-demo-secret');
    expect(ninth.body['errcode']).toBe(PBX_ERRCODE.TOKEN_LIMIT);
    expect(ninth.body['errmsg']).toContain('MAX LIMITATION');
    const deleted = await get(h.sim.url, '/openapi/v1.0/del_token', { access_token: tokens[0] as string });
    expect(deleted.body).toEqual({ errcode: 0, errmsg: 'SUCCESS' });
    expect((await api(h.sim, tokens[0] as string, 'system/information')).body['errcode']).toBe(
      PBX_ERRCODE.TOKEN_INVALID,
    );
    expect((await getToken('switchboard-demo', 'switchboard-demo-secret')).body['errcode']).toBe(0);
  });

  it('refresh_token rotates both tokens and revokes the old access and refresh tokens', async () => {
    h = await startHarness();
    const first = (await getToken('switchboard-demo', 'switchboard-demo-secret')).body;
    const refreshed = (
      await post(h.sim.url, '/openapi/v1.0/refresh_token', { refresh_token: first['refresh_token'] })
    ).body;
    expect(refreshed).toMatchObject({
      errcode: 0,
      access_token_expire_time: 1800,
      refresh_token_expire_time: 86400,
    });
    expect(refreshed['access_token']).not.toBe(first['access_token']);
    expect(refreshed['refresh_token']).not.toBe(first['refresh_token']);
    expect((await api(h.sim, first['access_token'] as string, 'system/information')).body['errcode']).toBe(
      PBX_ERRCODE.TOKEN_INVALID,
    );
    expect(
      (await api(h.sim, refreshed['access_token'] as string, 'system/information')).body['errcode'],
    ).toBe(0);
    const reused = await post(h.sim.url, '/openapi/v1.0/refresh_token', {
      refresh_token: first['refresh_token'],
    });
    expect(reused.body['errcode']).toBe(PBX_ERRCODE.TOKEN_INVALID);
  });

  it('an expired access token gets TOKEN_INVALID on every authenticated endpoint, and refresh still works', async () => {
    h = await startHarness({ accessTtlS: 1 });
    const pair = (await getToken('switchboard-demo', 'switchboard-demo-secret')).body;
    const access = pair['access_token'] as string;
    expect((await api(h.sim, access, 'queue/agent_status', { id: 1 })).body['errcode']).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const [op, params] of [
      ['queue/agent_status', { id: 1 }],
      ['cdr/search', {}],
      ['ivr/create', {}],
      ['del_token', {}],
    ] as const) {
      expect((await api(h.sim, access, op, params)).body).toMatchObject({
        errcode: 10004,
        errmsg: 'INVALID ACCESS TOKEN',
      });
    }
    const download = await get(h.sim.url, '/api/download/x.json', { access_token: access });
    expect(download.body['errcode']).toBe(10004);
    const refreshed = await post(h.sim.url, '/openapi/v1.0/refresh_token', {
      refresh_token: pair['refresh_token'],
    });
    expect(refreshed.body['errcode']).toBe(0);
  });

  it('a missing or unknown token is TOKEN_INVALID', async () => {
    h = await startHarness();
    expect((await get(h.sim.url, '/openapi/v1.0/system/information')).body['errcode']).toBe(10004);
    expect((await api(h.sim, 'A'.repeat(32), 'system/information')).body['errcode']).toBe(10004);
  });
});
