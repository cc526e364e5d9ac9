import { describe, expect, expectTypeOf, it } from 'vitest';
import { PbxValidationError, type ConferenceKickMemberParams } from '../index.js';
import { clientOn, FakePbx, ok } from '../../test/support/fake-pbx.js';

// What each conference method sends and refuses as given: live-requests.spec.ts and refusals.spec.ts.
describe.each([
  ['kickMembers', 'kick', 'conference/kick_member'],
  ['muteMembers', 'mute', 'conference/mute_member'],
] as const)('ConferenceResource.%s', (method, verb, operation) => {
  it('joins channel ids with commas, or sends all', async () => {
    const fake = new FakePbx().otherwise({ body: ok({}) });
    const pbx = clientOn(fake);
    await pbx.conference[method]('6901', ['PJSIP/1003-00000021', 'PJSIP/1004-00000022']);
    expect(fake.last.body).toEqual({
      member_channel_id: 'PJSIP/1003-00000021,PJSIP/1004-00000022',
      number: '6901',
    });
    await pbx.conference[method]('6901', 'all');
    expect(fake.last.body).toEqual({ member_channel_id: 'all', number: '6901' });
  });

  it(`refuses lists that would ${verb} someone else, before sending`, async () => {
    const fake = new FakePbx().otherwise({ body: ok({}) });
    const pbx = clientOn(fake);
    const cases: Array<[string[], string, string]> = [
      [[], 'member_channel_id', 'required'],
      [['PJSIP/1', ''], 'member_channel_id[1]', 'required'],
      [['PJSIP/1,PJSIP/2'], 'member_channel_id[0]', 'format'],
      [['all'], 'member_channel_id[0]', 'format'],
    ];
    for (const [ids, field, rule] of cases) {
      const error = await pbx.conference[method]('6901', ids).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PbxValidationError);
      expect(error).toMatchObject({ operation, violations: [{ field, rule }] });
    }
    const notAList = await pbx.conference[method]('6901', 'PJSIP/1' as unknown as string[]).catch(
      (e: unknown) => e,
    );
    expect(notAList).toMatchObject({ violations: [{ field: 'member_channel_id', rule: 'type' }] });
    const allInList = await pbx.conference[method]('6901', ['all']).catch((e: Error) => e.message);
    expect(allInList).toContain(`to ${verb} everyone`);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('ConferenceResource', () => {
  it('types: both kick_member fields are required text', () => {
    expectTypeOf<ConferenceKickMemberParams>().toEqualTypeOf<{ member_channel_id: string; number: string }>();
    // @ts-expect-error number is required
    const noNumber: ConferenceKickMemberParams = { member_channel_id: 'all' };
    // @ts-expect-error member_channel_id is text, not an array (use kickMembers for arrays)
    const array: ConferenceKickMemberParams = { member_channel_id: ['a'], number: '6901' };
    expect([noNumber, array]).toHaveLength(2);
  });
});
