import { describe, expect, expectTypeOf, it } from 'vitest';
import { PbxValidationError, type IvrCreateParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

const menu = {
  number: '6200',
  name: 'Main menu',
  prompt: 'welcome',
  prompt_repeat: 3,
  resp_timeout: 5,
  digit_timeout: 3,
  dial_ext_option: 'allow',
  dial_ext_list: [{ value: '12', type: 'extension' }],
} satisfies IvrCreateParams;

describe('IvrResource', () => {
  it('create sends POST v1.0 ivr/create with the JSON body and returns the new id', async () => {
    const fake = new FakePbx().reply({ body: ok({ id: 41 }) });
    const params: IvrCreateParams = {
      ...menu,
      enb_dial_outb_routes: 1,
      dial_outb_route_list: [{ text: 'Local', value: '3' }],
      press1_dest: 'extension',
      press1_dest_prefix: '',
      press1_dest_value: '2001',
      allow_out_record1: 1,
      press_hash_dest: 'play_prompt',
      press_hash_dest_prefix: '2',
      press_hash_dest_value: 'closed.wav',
      allow_out_record_hash: 0,
      timeout_dest: 'external_num',
      timeout_dest_prefix: '9',
      timeout_dest_value: '5551234',
    };
    const result = await clientOn(fake).ivr.create(params);
    expect(fake.last).toMatchObject({
      method: 'POST',
      path: '/openapi/v1.0/ivr/create',
      query: { access_token: 'test-token' },
    });
    expect(fake.last.headers['content-type']).toMatch(/application\/json/);
    expect(fake.last.body).toEqual(params);
    expect(result).toEqual({ errcode: 0, errmsg: 'SUCCESS', id: 41 });
  });

  it('sends the invalid-input flag under both spellings, whichever the caller used', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ id: 1 }) });
    const pbx = clientOn(fake);
    await pbx.ivr.create({ ...menu, invalid_dest: 'extension', allow_out_record_invalid: 1 });
    expect(fake.last.body).toMatchObject({ allow_out_record_invalid: 1, allow_out_record_invaild: 1 });
    await pbx.ivr.create({ ...menu, allow_out_record_invaild: 0 });
    expect(fake.last.body).toMatchObject({ allow_out_record_invalid: 0, allow_out_record_invaild: 0 });
    // The table's spelling wins when both are given and disagree.
    await pbx.ivr.create({ ...menu, allow_out_record_invalid: 1, allow_out_record_invaild: 0 });
    expect(fake.last.body).toMatchObject({ allow_out_record_invalid: 1, allow_out_record_invaild: 1 });
  });

  it('validates the deprecated spelling like the table spelling', async () => {
    const fake = new FakePbx();
    const bad = { ...menu, allow_out_record_invaild: 2 } as unknown as IvrCreateParams;
    await expect(clientOn(fake).ivr.create(bad)).rejects.toMatchObject({
      violations: [{ field: 'allow_out_record_invalid', rule: 'enum' }],
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('rejects a broken menu before sending and names every bad field', async () => {
    const fake = new FakePbx();
    const bad = {
      ...menu,
      prompt_repeat: 6,
      dial_ext_list: undefined,
      prompt_manger_enb: 1,
    } as unknown as IvrCreateParams;
    const error = await clientOn(fake)
      .ivr.create(bad)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PbxValidationError);
    expect((error as PbxValidationError).violations.map((v) => [v.field, v.rule])).toEqual([
      ['prompt_repeat', 'range'],
      ['dial_ext_list', 'required'],
      ['prompt_manger_password', 'required'],
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('maps a PBX refusal to PbxApiError with the invalid parameters', async () => {
    const fake = new FakePbx().reply({
      body: {
        errcode: 40003,
        errmsg: 'DUPLICATE KEY VALUE',
        invalid_param_list: [{ field: 'number', value: '6200' }],
      },
    });
    await expect(clientOn(fake).ivr.create(menu)).rejects.toMatchObject({
      code: 'pbx',
      errcode: 40003,
      invalidParamList: [{ field: 'number' }],
    });
  });

  it('types: core fields required, lists required by their switches, keys typed', () => {
    expectTypeOf<IvrCreateParams>().toHaveProperty('press9_dest_value');
    expectTypeOf<IvrCreateParams['allow_out_record_star']>().toEqualTypeOf<0 | 1 | undefined>();
    const { number: _number, ...withoutNumber } = menu;
    // @ts-expect-error number is required
    const noNumber: IvrCreateParams = withoutNumber;
    // @ts-expect-error dial_ext_list is required when dial_ext_option is allow
    const noAllowList: IvrCreateParams = { ...withoutNumber, number: '1', dial_ext_list: undefined };
    const restrict: IvrCreateParams = {
      ...withoutNumber,
      number: '1',
      dial_ext_option: 'restrict',
      restrict_dial_ext_list: [{ value: '3', type: 'ext_group' }],
    };
    // @ts-expect-error dial_outb_route_list is required when enb_dial_outb_routes is 1
    const noRoutes: IvrCreateParams = { ...menu, enb_dial_outb_routes: 1 };
    // @ts-expect-error prompt_manger_password is required when prompt_manger_enb is 1
    const noPassword: IvrCreateParams = { ...menu, prompt_manger_enb: 1 };
    // @ts-expect-error there is no key 10
    const noKey10: IvrCreateParams = { ...menu, press10_dest: 'extension' };
    // @ts-expect-error prompt_repeat is a number
    const textRepeat: IvrCreateParams = { ...menu, prompt_repeat: '3' };
    expect([noNumber, noAllowList, restrict, noRoutes, noPassword, noKey10, textRepeat]).toHaveLength(7);
  });
});
