import { describe, expect, it } from 'vitest';
import { extensionOnline, type ExtensionBasicInfo } from '../index.js';

const base = { id: 1, number: '2001', caller_id_name: 'Ann Lee' };
const offline = (ext_dev_type: string) => ({ status: 0, ext_dev_type });

describe('extensionOnline', () => {
  it('reads the SIP phone as online when status_list holds a registration, and lists the online apps', () => {
    const row: ExtensionBasicInfo = {
      ...base,
      online_status: {
        sip_phone: { ext_dev_type: 'sip', status_list: [{ status: 1, ip: '192.168.10.2' }] },
        linkus_desktop: { status: 1, ext_dev_type: 'linkusdesktop' },
        linkus_mobile: offline('linkusmobile'),
        linkus_web: { status: 1, ext_dev_type: 'linkusweb' },
      },
    };
    expect(extensionOnline(row)).toEqual({
      sipPhone: true,
      apps: ['linkus_desktop', 'linkus_web'],
      anyApp: true,
      fxsPhone: false,
    });
  });

  it('reads SIP as offline without status_list or with an empty one, whatever a status field says', () => {
    const without: ExtensionBasicInfo = {
      ...base,
      online_status: {
        sip_phone: { ext_dev_type: 'sip', status: 1 },
        linkus_mobile: offline('linkusmobile'),
      },
    };
    const empty: ExtensionBasicInfo = {
      ...base,
      online_status: { sip_phone: { ext_dev_type: 'sip', status_list: [] } },
    };
    expect(extensionOnline(without)).toEqual({ sipPhone: false, apps: [], anyApp: false, fxsPhone: false });
    expect(extensionOnline(empty).sipPhone).toBe(false);
  });

  it('reads an app online only when its status is 1 (text "1" included), and the FXS phone apart from the apps', () => {
    const row = {
      ...base,
      online_status: {
        linkus_mobile: { status: '1', ext_dev_type: 'linkusmobile' },
        linkus_desktop: { status: 2, ext_dev_type: 'linkusdesktop' },
        fxs_phone: { status: 1, ext_dev_type: 'fxs' },
      },
    } as unknown as ExtensionBasicInfo;
    expect(extensionOnline(row)).toEqual({
      sipPhone: false,
      apps: ['linkus_mobile'],
      anyApp: true,
      fxsPhone: true,
    });
  });

  it('reads a row without online_status (older firmware), or with a malformed status_list, as offline', () => {
    expect(extensionOnline(base)).toEqual({ sipPhone: false, apps: [], anyApp: false, fxsPhone: false });
    const odd = {
      ...base,
      online_status: { sip_phone: { ext_dev_type: 'sip', status_list: 'registered' } },
    } as unknown as ExtensionBasicInfo;
    expect(extensionOnline(odd).sipPhone).toBe(false);
  });
});
