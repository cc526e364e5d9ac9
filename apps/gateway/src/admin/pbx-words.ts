/**
 * PBX resources and parameters in words, for what a person reads: audit sentences and refusals. Others read as
 * their name with spaces.
 */

/** A resource's kind of object, singular, with its article: `an allowlist rule`. */
const RESOURCE_NOUNS: Readonly<Record<string, { noun: string; article: 'a' | 'an' }>> = {
  allow_numbers: { noun: 'allowlist rule', article: 'an' },
  block_numbers: { noun: 'blocklist rule', article: 'a' },
  pin_list: { noun: 'PIN list', article: 'a' },
  ivr: { noun: 'IVR', article: 'an' },
  message_queue: { noun: 'message queue', article: 'a' },
  message_channel: { noun: 'message channel', article: 'a' },
  message_session: { noun: 'message session', article: 'a' },
  phone: { noun: 'IP phone', article: 'an' },
  queue_pause_reason: { noun: 'pause reason list', article: 'a' },
  callnotes: { noun: 'call note', article: 'a' },
  company_contact: { noun: 'company contact', article: 'a' },
  extension: { noun: 'extension', article: 'an' },
  queue: { noun: 'queue', article: 'a' },
  conference: { noun: 'conference', article: 'a' },
  inbound_route: { noun: 'inbound route', article: 'an' },
  cdr: { noun: 'call record', article: 'a' },
  recording: { noun: 'recording', article: 'a' },
};

/** The resource of `resource/action`. */
export const resourceOf = (operation: string): string =>
  operation.includes('/') ? operation.slice(0, operation.indexOf('/')) : operation;

/** `allowlist rule`, `IVR`, or the resource's name with spaces. */
export function resourceNoun(resource: string): string {
  return RESOURCE_NOUNS[resource]?.noun ?? resource.replace(/_/g, ' ');
}

/** `An allowlist rule`, `A PIN list`: the start of a sentence about one object of the resource. */
export function aResource(resource: string): string {
  const known = RESOURCE_NOUNS[resource];
  const noun = resourceNoun(resource);
  const article = known?.article ?? (/^[aeiou]/i.test(noun) ? 'an' : 'a');
  return `${article === 'an' ? 'An' : 'A'} ${noun}`;
}

/** Parameter names in words (lower case, to go inside a sentence). */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  number_list: 'numbers',
  limit_type: 'type of calls',
  pin_list: 'PINs',
  mac: 'MAC address',
  ext_id: 'extension',
  dial_ext_option: 'direct dialling',
  dial_ext_list: 'extensions callers may dial',
  restrict_dial_ext_list: 'extensions callers may not dial',
  prompt_repeat: 'prompt repeats',
  resp_timeout: 'wait for a key',
  digit_timeout: 'time between two keys',
  extension_id: 'extension',
  assignment_mode: 'assignment',
  template_name: 'template',
  provisioning_method: 'provisioning',
};

/** A parameter name in words: `number_list` -> `numbers`, `press1_dest_value` -> `press1 dest value`. */
export function fieldWords(name: string): string {
  return FIELD_WORDS[name] ?? name.replace(/_/g, ' ');
}

/** The first letter in upper case. */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
