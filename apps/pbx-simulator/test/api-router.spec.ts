import { PBX_OPERATIONS } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { api, get, post, rawRequest, harnessPerFile, UA } from './support/sim-harness.js';

const h = harnessPerFile();

describe('request pipeline', () => {
  it('has a handler for every operation of the catalogue', () => {
    const missing = Object.keys(PBX_OPERATIONS).filter((op) => !(op in h.sim.handlers));
    expect(missing).toEqual([]);
  });

  it('answers an unknown operation with HTTP 404 and a NOT FOUND envelope', async () => {
    const { status, body } = await get(h.sim.url, '/openapi/v1.0/queue/nothing', { access_token: h.access });
    expect(status).toBe(404);
    expect(body).toMatchObject({ errcode: 40004, errmsg: 'NOT FOUND' });
    expect(String(body['detail'])).toContain('/openapi/v1.0/queue/nothing');
  });

  it('serves cdr/aidownload only under v2.0 and everything else only under v1.0', async () => {
    const wrong = await get(h.sim.url, '/openapi/v1.0/cdr/aidownload', { access_token: h.access });
    expect(wrong.status).toBe(404);
    expect(wrong.body['detail']).toBe('cdr/aidownload is served under /openapi/v2.0');
    const right = await get(h.sim.url, '/openapi/v2.0/cdr/aidownload', { access_token: h.access });
    expect(right.body['errcode']).toBe(0);
    const v2Search = await get(h.sim.url, '/openapi/v2.0/cdr/search', { access_token: h.access });
    expect(v2Search.status).toBe(404);
  });

  it('refuses the wrong HTTP method with 405 naming the right one', async () => {
    const { status, body } = await post(
      h.sim.url,
      '/openapi/v1.0/queue/agent_status',
      {},
      { access_token: h.access },
    );
    expect(status).toBe(405);
    expect(body).toMatchObject({ errcode: -1, detail: 'queue/agent_status takes GET, got POST' });
  });

  it('requires a User-Agent: without one the answer is -1 naming the header', async () => {
    const path = `/openapi/v1.0/system/information?access_token=${h.access}`;
    const without = await rawRequest(h.sim.url, path);
    expect(without.status).toBe(200);
    expect(JSON.parse(without.text)).toEqual({
      errcode: -1,
      errmsg: 'FAILURE',
      invalid_param_list: [{ field: 'User-Agent', validation_type: 'required' }],
    });
    const withUa = await rawRequest(h.sim.url, path, { headers: UA });
    expect(JSON.parse(withUa.text)).toMatchObject({ errcode: 0 });
  });

  it('validates with the shared rules: 40002 with field, validation_type and value for each violation', async () => {
    const { body } = await api(h.sim, h.access, 'ivr/create', {
      number: '6300',
      name: 'Bad',
      prompt: 'welcome',
      prompt_repeat: 9,
      resp_timeout: 3,
      digit_timeout: 'x',
      dial_ext_option: 'maybe',
    });
    expect(body['errcode']).toBe(40002);
    expect(body['errmsg']).toBe('PARAMETER ERROR');
    expect(body['invalid_param_list']).toEqual([
      { field: 'prompt_repeat', validation_type: 'range', value: '9' },
      { field: 'digit_timeout', validation_type: 'type', value: 'x' },
      { field: 'dial_ext_option', validation_type: 'enum', value: 'maybe' },
    ]);
  });

  it('reads GET integers from text but rejects non-numeric text', async () => {
    expect((await api(h.sim, h.access, 'queue/agent_status', { id: '3' })).body['errcode']).toBe(0);
    const bad = await api(h.sim, h.access, 'queue/agent_status', { id: '3x' });
    expect(bad.body['invalid_param_list']).toEqual([{ field: 'id', validation_type: 'type', value: '3x' }]);
    const missing = await api(h.sim, h.access, 'queue/agent_status', {});
    expect(missing.body['invalid_param_list']).toEqual([{ field: 'id', validation_type: 'required' }]);
  });

  it('names the body when it is not JSON or not an object', async () => {
    const path = '/openapi/v1.0/pin_list/create';
    const notJson = await post(h.sim.url, path, '{"name": ', { access_token: h.access });
    expect(notJson.body).toMatchObject({
      errcode: 40002,
      invalid_param_list: [{ field: '(body)', validation_type: 'json' }],
    });
    const array = await post(h.sim.url, path, '[1,2]', { access_token: h.access });
    expect(array.body).toMatchObject({
      errcode: 40002,
      invalid_param_list: [{ field: '(body)', validation_type: 'type' }],
    });
    const empty = await post(h.sim.url, path, '', { access_token: h.access });
    expect(empty.body['invalid_param_list']).toEqual([
      { field: 'name', validation_type: 'required' },
      { field: 'pin_list', validation_type: 'required' },
    ]);
  });

  it('never echoes a password-like value back in invalid_param_list', async () => {
    const { body } = await api(h.sim, h.access, 'ivr/create', {
      number: '6301',
      name: 'Echo',
      prompt: 'p',
      prompt_repeat: 1,
      resp_timeout: 1,
      digit_timeout: 1,
      dial_ext_option: 'restrict',
      restrict_dial_ext_list: [],
      prompt_manger_enb: 1,
      prompt_manger_password: 12345,
    });
    expect(body['errcode']).toBe(40002);
    expect(body['invalid_param_list']).toContainEqual({
      field: 'prompt_manger_password',
      validation_type: 'type',
    });
  });

  it('rejects a body over 1 MiB as a parameter error on the body', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1_100_000), pin_list: '1' });
    const { body } = await post(h.sim.url, '/openapi/v1.0/pin_list/create', big, { access_token: h.access });
    expect(body).toMatchObject({
      errcode: 40002,
      invalid_param_list: [{ field: '(body)', validation_type: 'size' }],
    });
  });

  it('answers anything outside /openapi, /api/download and /sim with a 404 envelope', async () => {
    const { status, body } = await get(h.sim.url, '/', {}, UA);
    expect(status).toBe(404);
    expect(body['errcode']).toBe(40004);
  });
});
