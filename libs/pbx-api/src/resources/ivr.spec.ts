import { describe, expect, expectTypeOf, it } from 'vitest';
import type { IvrCreateParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';
import { IVR_MENU } from '../../test/support/samples.js';

// What create sends and refuses: config-requests.spec.ts and refusals.spec.ts.
describe('IvrResource', () => {
  it('sends the invalid-input flag under both spellings, whichever the caller used', async () => {
    const fake = new FakePbx().otherwise({ body: ok({ id: 1 }) });
    const pbx = clientOn(fake);
    await pbx.ivr.create({ ...IVR_MENU, invalid_dest: 'extension', allow_out_record_invalid: 1 });
    expect(fake.last.body).toMatchObject({ allow_out_record_invalid: 1, allow_out_record_invaild: 1 });
    await pbx.ivr.create({ ...IVR_MENU, allow_out_record_invaild: 0 });
    expect(fake.last.body).toMatchObject({ allow_out_record_invalid: 0, allow_out_record_invaild: 0 });
    // The table's spelling wins when both are given and disagree.
    await pbx.ivr.create({ ...IVR_MENU, allow_out_record_invalid: 1, allow_out_record_invaild: 0 });
    expect(fake.last.body).toMatchObject({ allow_out_record_invalid: 1, allow_out_record_invaild: 1 });
  });

  it('maps a PBX refusal to PbxApiError with the invalid parameters', async () => {
    const fake = new FakePbx().reply({
      body: {
        errcode: 40003,
        errmsg: 'DUPLICATE KEY VALUE',
        invalid_param_list: [{ field: 'number', value: '6200' }],
      },
    });
    await expect(clientOn(fake).ivr.create(IVR_MENU)).rejects.toMatchObject({
      code: 'pbx',
      errcode: 40003,
      invalidParamList: [{ field: 'number' }],
    });
  });

  it('types: core fields required, lists required by their switches, keys typed', () => {
    expectTypeOf<IvrCreateParams>().toHaveProperty('press9_dest_value');
    expectTypeOf<IvrCreateParams['allow_out_record_star']>().toEqualTypeOf<0 | 1 | undefined>();
    const { number: _number, ...withoutNumber } = IVR_MENU;
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
    const noRoutes: IvrCreateParams = { ...IVR_MENU, enb_dial_outb_routes: 1 };
    // @ts-expect-error prompt_manger_password is required when prompt_manger_enb is 1
    const noPassword: IvrCreateParams = { ...IVR_MENU, prompt_manger_enb: 1 };
    // @ts-expect-error there is no key 10
    const noKey10: IvrCreateParams = { ...IVR_MENU, press10_dest: 'extension' };
    // @ts-expect-error prompt_repeat is a number
    const textRepeat: IvrCreateParams = { ...IVR_MENU, prompt_repeat: '3' };
    expect([noNumber, noAllowList, restrict, noRoutes, noPassword, noKey10, textRepeat]).toHaveLength(7);
  });
});
