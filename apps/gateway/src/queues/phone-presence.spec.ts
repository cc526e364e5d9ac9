import type { ExtensionBasicInfo } from '@switchboard/pbx-api';
import { describe, expect, it } from 'vitest';
import { PhonePresence } from './phone-presence.js';

function row(number: string, online?: ExtensionBasicInfo['online_status']): ExtensionBasicInfo {
  return {
    id: Number(number),
    number,
    caller_id_name: `Ext ${number}`,
    ...(online ? { online_status: online } : {}),
  };
}

const SIP_ON = { sip_phone: { ext_dev_type: 'sip', status_list: [{ status: 1 }] } };
const SIP_OFF = {
  sip_phone: { ext_dev_type: 'sip' },
  linkus_mobile: { status: 0, ext_dev_type: 'linkusmobile' },
};
const APP_ON = {
  sip_phone: { ext_dev_type: 'sip' },
  linkus_desktop: { status: 1, ext_dev_type: 'linkusdesktop' },
};

describe('PhonePresence', () => {
  it('reads extension/list: a SIP registration or an app online is online, none is offline', () => {
    const phones = new PhonePresence();
    expect(phones.applyList([row('1001', SIP_ON), row('1002', SIP_OFF), row('1003', APP_ON)]).sort()).toEqual(
      ['1001', '1002', '1003'],
    );
    expect([phones.online('1001'), phones.online('1002'), phones.online('1003')]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('never calls an extension offline that the PBX did not describe (no online_status: older firmware)', () => {
    const phones = new PhonePresence();
    expect(phones.applyList([row('1001')])).toEqual([]);
    expect(phones.online('1001')).toBeUndefined();
    expect(phones.online('9999')).toBeUndefined();
    // Nor does an event about it make it known: there is no picture of its other endpoints.
    expect(phones.applyRegistration('1001', 'Sip', 'Unregistered')).toBe(false);
    expect(phones.online('1001')).toBeUndefined();
  });

  it('keeps the state current with 30007 between reads, per endpoint', () => {
    const phones = new PhonePresence();
    phones.applyList([row('1001', SIP_ON), row('1002', SIP_OFF)]);
    expect(phones.applyRegistration('1002', 'Mobile', 'Registered')).toBe(true);
    expect(phones.online('1002')).toBe(true);
    // Another endpoint of an extension already online changes nothing shown.
    expect(phones.applyRegistration('1002', 'Sip', 'Registered')).toBe(false);
    expect(phones.applyRegistration('1002', 'Mobile', 'Unregistered')).toBe(false);
    expect(phones.applyRegistration('1002', 'Sip', 'Unregistered')).toBe(true);
    expect(phones.online('1002')).toBe(false);
    expect(phones.applyRegistration('1001', 'Sip', 'Unregistered')).toBe(true);
    expect(phones.online('1001')).toBe(false);
  });

  it('reports only the extensions whose state changed on a new read', () => {
    const phones = new PhonePresence();
    phones.applyList([row('1001', SIP_ON), row('1002', SIP_OFF)]);
    expect(phones.applyList([row('1001', SIP_ON), row('1002', APP_ON)])).toEqual(['1002']);
    // An extension gone from the list is no longer known.
    expect(phones.applyList([row('1002', APP_ON)])).toEqual(['1001']);
    expect(phones.online('1001')).toBeUndefined();
  });
});
