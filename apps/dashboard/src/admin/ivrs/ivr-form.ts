import type { IvrCreateParams, IvrDialExtOption, IvrUpdateParams } from '@switchboard/pbx-api/rules';
import { blankKeyRows, keyFields, keyRowsFromIvr, type IvrKeyRow } from './ivr-keys.js';

/**
 * An IVR between the PBX's shape and the form's (docs/pbx/configuration.md#ivr). Outbound-route dialling is
 * left as the PBX has it: there is no documented menu of outbound routes to choose from.
 */

/** The form's values. `dial_extensions` are extension ids (the menu's values). */
export interface IvrForm {
  number: string;
  name: string;
  prompt: string;
  prompt_repeat: number | string;
  resp_timeout: number | string;
  digit_timeout: number | string;
  dial_ext_option: string;
  dial_extensions: string[];
  enb_dial_check_vm: number;
  keys: IvrKeyRow[];
}

/** How callers may dial extensions straight from the menu (`dial_ext_option`, docs/pbx/configuration.md#ivr). */
export type DialExtOption = IvrDialExtOption;

/** What each `dial_ext_option` does, in words; the first two need no list. */
export const DIAL_EXT_WORDS: Record<DialExtOption, string> = {
  disable: 'No: callers cannot dial an extension',
  all: 'Yes: any extension',
  allow: 'Only the extensions ticked below',
  restrict: 'Every extension except those ticked below',
};

/** The list field an option needs, or null when it needs none. */
export function dialExtListField(option: string): 'dial_ext_list' | 'restrict_dial_ext_list' | null {
  if (option === 'allow') return 'dial_ext_list';
  if (option === 'restrict') return 'restrict_dial_ext_list';
  return null;
}

const isDialExtOption = (value: unknown): value is DialExtOption =>
  typeof value === 'string' && Object.hasOwn(DIAL_EXT_WORDS, value);

export const blankIvr = (): IvrForm => ({
  number: '',
  name: '',
  prompt: 'default',
  prompt_repeat: 3,
  resp_timeout: 5,
  digit_timeout: 3,
  dial_ext_option: 'disable',
  dial_extensions: [],
  enb_dial_check_vm: 0,
  keys: blankKeyRows(),
});

interface ExtEntry {
  value?: unknown;
  type?: unknown;
}

const listOf = (value: unknown): ExtEntry[] => (Array.isArray(value) ? (value as ExtEntry[]) : []);

/** The form from an IVR as the PBX's get answers it. */
export function ivrForm(ivr: Record<string, unknown>): IvrForm {
  // An IVR the PBX answers without the option has none of the lists either: no direct dialling.
  const option = isDialExtOption(ivr['dial_ext_option']) ? ivr['dial_ext_option'] : 'disable';
  const listField = dialExtListField(option);
  const list = listField ? listOf(ivr[listField]) : [];
  return {
    number: String(ivr['number'] ?? ''),
    name: String(ivr['name'] ?? ''),
    prompt: String(ivr['prompt'] ?? 'default'),
    prompt_repeat: Number(ivr['prompt_repeat'] ?? 3),
    resp_timeout: Number(ivr['resp_timeout'] ?? 5),
    digit_timeout: Number(ivr['digit_timeout'] ?? 3),
    dial_ext_option: option,
    dial_extensions: list.filter((entry) => entry.type === 'extension').map((entry) => String(entry.value)),
    enb_dial_check_vm: Number(ivr['enb_dial_check_vm']) === 1 ? 1 : 0,
    keys: keyRowsFromIvr(ivr),
  };
}

/**
 * The body of a create, or with `id` an update (keys taken away are cleared then). The values stay as typed
 * (a timeout may still be text): the form checks the body with the PBX client's rules before sending it, so
 * the parameters' type is what a body that passed holds.
 */
export function ivrBody(form: IvrForm, id: number | null = null): IvrCreateParams | IvrUpdateParams {
  const extensions = form.dial_extensions.map((value) => ({ value, type: 'extension' }));
  const listField = dialExtListField(form.dial_ext_option);
  const body: Record<string, unknown> = {
    ...(id === null ? {} : { id }),
    number: form.number.trim(),
    name: form.name.trim(),
    prompt: form.prompt,
    prompt_repeat: form.prompt_repeat,
    resp_timeout: form.resp_timeout,
    digit_timeout: form.digit_timeout,
    dial_ext_option: form.dial_ext_option,
    ...(listField ? { [listField]: extensions } : {}),
    enb_dial_check_vm: form.enb_dial_check_vm,
    ...keyFields(form.keys, id !== null),
  };
  return body as unknown as IvrCreateParams | IvrUpdateParams;
}

/** How many outbound routes callers may dial through, as the PBX has it (this screen does not change them). */
export function outboundRoutes(ivr: Record<string, unknown>): number | null {
  if (Number(ivr['enb_dial_outb_routes']) !== 1) return null;
  return listOf(ivr['dial_outb_route_list']).length;
}
