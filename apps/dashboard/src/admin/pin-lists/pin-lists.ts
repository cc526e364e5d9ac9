/**
 * PIN lists between the PBX's shape and the form's (docs/pbx/configuration.md#pin-lists): the PBX keeps the codes
 * as one comma-separated text; the form takes them separated by commas, spaces or lines.
 */

import type { PbxFlag, PinList, PinListCreateParams, PinListUpdateParams } from '@switchboard/pbx-api/rules';

/** The form's values. */
export interface PinListForm {
  name: string;
  pin_list: string;
  enb_record_cdr: PbxFlag;
}

/** Codes separated by commas, spaces or lines -> the PBX's comma-separated text. */
export function pinsToPbx(text: string): string {
  return text
    .split(/[\s,]+/)
    .filter((item) => item !== '')
    .join(',');
}

export const blankPinList = (): PinListForm => ({ name: '', pin_list: '', enb_record_cdr: 0 });

export const pinListForm = (list: PinList): PinListForm => ({
  name: list.name,
  pin_list: list.pin_list.split(',').join(', '),
  enb_record_cdr: list.enb_record_cdr === 1 ? 1 : 0,
});

export function pinListBody(
  form: PinListForm,
  id: number | null = null,
): PinListCreateParams | PinListUpdateParams {
  const fields: PinListCreateParams = {
    name: form.name.trim(),
    pin_list: pinsToPbx(form.pin_list),
    enb_record_cdr: form.enb_record_cdr === 1 ? 1 : 0,
  };
  return id === null ? fields : { id, ...fields };
}
