import { afterEach, describe, expect, it, vi } from 'vitest';
import { callPbx, loadInboundRoutes } from './admin-pbx.js';

/** Answers every fetch with `status` and `body`, recording the requests. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callPbx', () => {
  it('posts the body to the operation’s path with the session token and returns the typed answer', async () => {
    const fetch = answer(200, { ok: true, data: { errcode: 0, errmsg: 'SUCCESS', id: 7 } });
    const body = { name: 'VIP', limit_type: 'inbound', number_list: '5551234' } as const;
    const result = await callPbx('allow_numbers/create', body, { token: 't1' });
    expect(result).toEqual({ ok: true, data: { errcode: 0, errmsg: 'SUCCESS', id: 7 } });
    // The answer is typed by the operation: allow_numbers/create answers the new id.
    expect(result.ok && result.data.id).toBe(7);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/pbx/allow_numbers/create');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify(body));
    expect((init?.headers as Record<string, string>)['Authorization']).toBe('Bearer t1');
  });

  it('maps the PBX’s invalid_param_list onto fields, with its errcode', async () => {
    answer(502, {
      ok: false,
      error: {
        code: 'pbx_error',
        message: 'The PBX refused allow_numbers/create: PARAMETER ERROR (errcode 40002).',
        errcode: 40002,
        invalidParams: [{ field: 'number_list', validation_type: 'format' }],
      },
    });
    const result = await callPbx(
      'allow_numbers/create',
      { name: 'VIP', limit_type: 'inbound', number_list: '55#1' },
      { token: 't' },
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'pbx_error',
        message: 'The PBX refused allow_numbers/create: PARAMETER ERROR (errcode 40002).',
        errcode: 40002,
        fields: [{ field: 'number_list', message: 'is not in the format the PBX expects (the PBX said so)' }],
      },
    });
  });

  it('keeps the gateway’s own field errors and the retry delay', async () => {
    answer(400, {
      ok: false,
      error: {
        code: 'invalid_payload',
        message: 'Invalid request',
        fields: [{ field: 'name', message: 'is required' }],
      },
    });
    expect(await callPbx('pin_list/create', { name: '', pin_list: '1234' }, { token: 't' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_payload', fields: [{ field: 'name', message: 'is required' }] },
    });
    answer(429, { ok: false, error: { code: 'rate_limited', message: 'retry in 2 s', retryAfterSec: 2 } });
    expect(await callPbx('pin_list/list', {}, { token: 't' })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', retryAfterSec: 2, fields: [] },
    });
  });

  it('takes only admin operations, each with its own parameters (the typecheck of this file is the test)', () => {
    const token = { token: 't' };
    const calls = [
      // @ts-expect-error: not an operation, so no path under /api/pbx can be built from it
      () => callPbx('../auth/logout', {}, token),
      // @ts-expect-error: the gateway keeps its own tokens; no admin operation hands them out
      () => callPbx('get_token', { username: 'u', password: 'p' }, token),
      // @ts-expect-error: pin_list/create needs the list's name
      () => callPbx('pin_list/create', { pin_list: '1234' }, token),
      () => callPbx('pin_list/create', { name: 'Sales', pin_list: '1234' }, token),
    ];
    expect(calls).toHaveLength(4);
  });

  it('turns a gateway that cannot be reached into the one error shape', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await callPbx('ivr/list', {}, { token: 't' })).toMatchObject({
      ok: false,
      error: { code: 'offline', fields: [] },
    });
  });
});

describe('inbound routes', () => {
  it('reads them from their route', async () => {
    const fetch = answer(200, { ok: true, data: { operations: [] } });
    await loadInboundRoutes('t');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/pbx-config/inbound-routes']);
  });
});
