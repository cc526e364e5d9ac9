import type { ExtensionChoice } from './phone-csv.js';
import type { PhoneInfo } from './use-phone-directory.js';

/** Test data of the phone specs: three extensions, as the phone screens read them. */
export const EXTENSIONS: ExtensionChoice[] = [
  { id: 11, number: '1001', name: 'Ana' },
  { id: 12, number: '1002', name: 'Bo' },
  { id: 13, number: '1003', name: 'Cy' },
];

/** A registered Yealink phone `id` (a T54W unless `model` says) on extension `ext`; its MAC ends in the id. */
export const testPhone = (
  id: number,
  ext: string,
  model = 'T54W',
  mac = `00:1A:2B:3C:4D:0${id}`,
): PhoneInfo => ({
  id,
  ip: '',
  firmware: '',
  assigned_ext_status: 'Registered',
  assigned_ext_name: '',
  mac,
  vendor: 'Yealink',
  model,
  template_name: 'Default',
  assigned_ext_num: ext,
});
