/**
 * An IVR's key map between the PBX's flat fields and the form's rows (docs/pbx/configuration.md#ivr): per key
 * `pressN_dest`, `_dest_prefix`, `_dest_value` and `allow_out_recordN`; `press_star_…`/`press_hash_…` for * and #,
 * `timeout_…` and `invalid_…` for no input and wrong input.
 */

/** One row of the key map: what the caller does, and the PBX fields it is kept in. */
export interface IvrKeySlot {
  /** `0`-`9`, `*`, `#`, `timeout`, `invalid`. */
  key: string;
  label: string;
  /** Prefix of the destination fields: `press1` -> press1_dest, press1_dest_prefix, press1_dest_value. */
  field: string;
  /** The per-key flag that lets calls going out from this key be recorded. */
  recordField: string;
}

const digit = (n: number): IvrKeySlot => ({
  key: String(n),
  label: `Key ${n}`,
  field: `press${n}`,
  recordField: `allow_out_record${n}`,
});

/** Every row, in the order a caller's keypad reads, then the two fallbacks. */
export const IVR_KEY_SLOTS: readonly IvrKeySlot[] = [
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 0].map(digit),
  { key: '*', label: 'Key *', field: 'press_star', recordField: 'allow_out_record_star' },
  { key: '#', label: 'Key #', field: 'press_hash', recordField: 'allow_out_record_hash' },
  { key: 'timeout', label: 'No input', field: 'timeout', recordField: 'allow_out_record_timeout' },
  { key: 'invalid', label: 'Wrong key', field: 'invalid', recordField: 'allow_out_record_invalid' },
];

/** The sample request's spelling of the wrong-input recording flag, read as well (quirks.ts). */
const INVALID_RECORD_SAMPLE_SPELLING = 'allow_out_record_invaild';

/** A destination type: its words, and where its value comes from. */
export interface DestinationType {
  value: string;
  label: string;
  /** The PBX menu (system/get_menuoptions) its destinations are chosen from; `prompt` = custom and system prompts. */
  menu?: string;
  /** The value is typed: an external number. */
  typed?: boolean;
  /** What `_dest_prefix` means for it, when it has one. */
  prefix?: string;
}

/** Destination types of a key (docs/pbx/configuration.md#ivr), in words. */
export const DESTINATION_TYPES: readonly DestinationType[] = [
  { value: 'extension', label: 'Extension', menu: 'extension' },
  { value: 'ext_vm', label: 'Extension voicemail', menu: 'extension' },
  { value: 'queue', label: 'Queue', menu: 'queue' },
  { value: 'ring_group', label: 'Ring group', menu: 'ring_group' },
  { value: 'ivr', label: 'Another IVR', menu: 'ivr' },
  { value: 'conference', label: 'Conference', menu: 'conference' },
  { value: 'call_flow', label: 'Call flow', menu: 'call_flow' },
  { value: 'group_vm', label: 'Group voicemail', menu: 'group_vm' },
  {
    value: 'play_prompt',
    label: 'Play a prompt, then back to this menu',
    menu: 'prompt',
    prefix: 'Times to play',
  },
  { value: 'play_greeting', label: 'Play a prompt, then hang up', menu: 'prompt', prefix: 'Times to play' },
  { value: 'external_num', label: 'External number', typed: true, prefix: 'Dial prefix' },
  { value: 'dial_by_name', label: 'Dial by name' },
  { value: 'end_call', label: 'Hang up' },
];

const BY_TYPE = new Map(DESTINATION_TYPES.map((type) => [type.value, type]));

/** The destination type `value`, if the PBX documents it. */
export const destinationType = (value: string): DestinationType | undefined => BY_TYPE.get(value);

/** One row of the form. An empty `dest` = the key does nothing (left out of the request). */
export interface IvrKeyRow {
  key: string;
  dest: string;
  value: string;
  prefix: string;
  record: number;
}

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

/** The form's rows from an IVR as the PBX's get answers it. */
export function keyRowsFromIvr(ivr: Record<string, unknown>): IvrKeyRow[] {
  return IVR_KEY_SLOTS.map((slot) => {
    const recordValue =
      ivr[slot.recordField] ?? (slot.key === 'invalid' ? ivr[INVALID_RECORD_SAMPLE_SPELLING] : undefined);
    return {
      key: slot.key,
      dest: text(ivr[`${slot.field}_dest`]),
      value: text(ivr[`${slot.field}_dest_value`]),
      prefix: text(ivr[`${slot.field}_dest_prefix`]),
      record: Number(recordValue) === 1 ? 1 : 0,
    };
  });
}

export const blankKeyRows = (): IvrKeyRow[] => keyRowsFromIvr({});

/**
 * The PBX's flat key fields from the rows. A row without a destination sends nothing on create; on an update
 * (`clearUnset`) it sends an empty destination so a key taken away stops working.
 */
export function keyFields(rows: readonly IvrKeyRow[], clearUnset = false): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const row of rows) {
    const slot = IVR_KEY_SLOTS.find((candidate) => candidate.key === row.key);
    if (!slot) continue;
    if (row.dest === '') {
      if (clearUnset) fields[`${slot.field}_dest`] = '';
      continue;
    }
    const type = destinationType(row.dest);
    fields[`${slot.field}_dest`] = row.dest;
    if (type?.menu || type?.typed) fields[`${slot.field}_dest_value`] = row.value.trim();
    if (type?.prefix && row.prefix.trim() !== '') fields[`${slot.field}_dest_prefix`] = row.prefix.trim();
    fields[slot.recordField] = row.record === 1 ? 1 : 0;
  }
  return fields;
}

/**
 * What is wrong with the rows before sending, by the PBX field that holds it: a destination that needs a
 * choice and has none (the PBX's rules only see text, so they cannot tell).
 */
export function keyRowProblems(rows: readonly IvrKeyRow[]): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  for (const row of rows) {
    const slot = IVR_KEY_SLOTS.find((candidate) => candidate.key === row.key);
    const type = destinationType(row.dest);
    if (!slot || !type || row.value.trim() !== '') continue;
    if (type.menu || type.typed)
      problems.push({
        field: `${slot.field}_dest_value`,
        message: type.typed ? 'needs the number to call' : 'needs a destination: choose one from the list',
      });
  }
  return problems;
}
