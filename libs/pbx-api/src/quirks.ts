/**
 * Every place where the PBX's documentation contradicts itself or real PBXs differ from it, handled here
 * and nowhere else. Resources and the event parser call these; the simulator uses them to accept both forms.
 *
 * 1. ivr/create: the parameter table says `allow_out_record_invalid`, the sample request
 *    `allow_out_record_invaild`. We accept either from callers and send both spellings, so whichever
 *    one a PBX reads, it gets the value ({@link ivrCreateWire}). The rules know the sample's spelling as an
 *    alias of the field (`aliases` of ivr/create's rule), so validation with unknown fields rejected accepts it.
 * 2. company_contact/query: the table names the query `ids`, the sample `id`. We send both
 *    ({@link companyContactQueryWire}); the rule lists `id` as an alias of `ids`, so either passes validation.
 * 3. inbound_route `cid_to_phonebook`: Array<Integer> in the table, bracketed text such as `"[1,2]"` in the
 *    sample. {@link parsePhonebookIds} reads both into numbers.
 * 4. CDR records carry different field sets by firmware (legacy `id`/`reason`, new `new_id`); absent fields
 *    are omitted. {@link normaliseCdr} keeps what is there and adds `record_id`, the key that always exists.
 * 5. Event `msg` is a JSON string on most event pages and an object on others. {@link parseEventMsg}.
 * 6. Event 30012: the table spells `status` `ANSWERD` (sic), the example sends `ANSWERED`; the table lists `type` in
 *    lower case, the example (and every other call type of the guide) capitalises it. Servers send the example's
 *    forms; readers compare without regard to case ({@link normaliseCdrStatus}, {@link normaliseCallType}).
 * 7. Event 30029: `queue_number` carries a `queue-` prefix in the example, 30025 does not. {@link stripQueuePrefix}.
 * 8. Integers sometimes arrive as numeric text (query strings, some firmware). {@link toInt}.
 * 9. callnotes/update: the URL line says GET, the example POSTs a JSON body, and the example's `update_entry` is
 *    `in-call` where the table says `in_call`. Clients POST JSON with `in_call`; servers take GET (query) or POST
 *    (JSON) and either spelling ({@link callNoteUpdateCanonical}, `alsoAcceptedMethods` in the rules).
 * 10. system/get_menuoptions: the older English guide lists the menu `IVR`, the others `ivr`; both are accepted
 *    and answer the same options ({@link menuOptionsMenu}). The response examples are cut off in every copy:
 *    `value` is the object's ID as text, `text` its name, `type` the trunk type for `trunk`, the channel type
 *    for `message_channel` and empty text elsewhere (docs/pbx/records.md#menu-options).
 * 11. allow_numbers/get and block_numbers/get: the tables say the rule comes under `data`, the examples under
 *    `allow_number_info` / `block_number_info`. The simulator answers the examples' key; the client reads
 *    either and always returns `data` ({@link unwrapObject}).
 * 12. The messaging pages (message_queue list/search/query, message_channel/search, message_session
 *    list/search/query) answer rows under `list` where every other list uses `data`. The simulator answers
 *    `list`; the client reads either and returns `list` ({@link rowsUnder}).
 * 13. phone/get: the table types `data` as Array<Phone_Details>, the example shows one object. The simulator
 *    answers the object; the client returns the object either way ({@link firstIfArray}).
 * 14. pin_list/query: the table names the query `ids`, the example sends `id` (as company_contact/query, 2).
 *    The client sends both ({@link idsQueryWire}); the rule lists `id` as an alias, the simulator reads either.
 * 15. ivr/update takes the create fields, so 1 applies to it too: either spelling accepted, both sent.
 */

/** The spelling of callnotes/update `update_entry` in the guide's example. */
export const CALL_NOTE_IN_CALL_SAMPLE_SPELLING = 'in-call';

/** callnotes/update params with the example's `in-call` read as the table's `in_call`; nothing else changes. */
export function callNoteUpdateCanonical<T extends object>(params: T): T {
  const record = params as Record<string, unknown>;
  return record['update_entry'] === CALL_NOTE_IN_CALL_SAMPLE_SPELLING
    ? ({ ...record, update_entry: 'in_call' } as T)
    : params;
}

/** system/get_menuoptions `menu` with the older guide's `IVR` read as `ivr`. */
export function menuOptionsMenu(menu: string): string {
  return menu === 'IVR' ? 'ivr' : menu;
}

/** The sample's spelling of the "invalid input" recording flag. */
export const IVR_INVALID_FLAG_SAMPLE_SPELLING = 'allow_out_record_invaild';
/** The parameter table's spelling. */
export const IVR_INVALID_FLAG = 'allow_out_record_invalid';

/**
 * Reads the caller's ivr/create params (either spelling) into the table's spelling, for validation.
 * Throws nothing; when both spellings disagree, the table's spelling wins.
 */
export function ivrCreateCanonical<T extends object>(params: T): T {
  const record = params as Record<string, unknown>;
  if (!(IVR_INVALID_FLAG_SAMPLE_SPELLING in record)) return params;
  const { [IVR_INVALID_FLAG_SAMPLE_SPELLING]: sample, ...rest } = record;
  return { ...rest, [IVR_INVALID_FLAG]: rest[IVR_INVALID_FLAG] ?? sample } as T;
}

/** The ivr/create body as sent: the flag under both spellings. */
export function ivrCreateWire<T extends object>(canonical: T): T {
  const record = canonical as Record<string, unknown>;
  const flag = record[IVR_INVALID_FLAG];
  return (flag === undefined ? canonical : { ...record, [IVR_INVALID_FLAG_SAMPLE_SPELLING]: flag }) as T;
}

/** The company_contact/query query as sent: `ids` and the sample's `id`. */
export function companyContactQueryWire(params: { ids: string }): { ids: string; id: string } {
  return { ids: params.ids, id: params.ids };
}

/** A query by `ids` as sent to an operation whose sample spells it `id` (2, 14): both spellings. */
export function idsQueryWire(params: { ids: string }): { ids: string; id: string } {
  return { ids: params.ids, id: params.ids };
}

/**
 * An answer whose object may come under `data` or under one of `alternates` (11) -> the same answer with
 * the object under `data` only. `data` wins when both are present.
 */
export function unwrapObject<T extends object>(answer: T, alternates: readonly string[]): T {
  const record = answer as Record<string, unknown>;
  const key = ['data', ...alternates].find((k) => record[k] !== undefined && record[k] !== null);
  const rest = Object.fromEntries(Object.entries(record).filter(([k]) => !alternates.includes(k)));
  return { ...rest, data: key === undefined ? undefined : record[key] } as T;
}

/** An answer whose rows may come under `list` or `data` (12) -> the rows under `wanted` only. */
export function rowsUnder<T extends object>(answer: T, wanted: 'list' | 'data'): T {
  const record = answer as Record<string, unknown>;
  const other = wanted === 'list' ? 'data' : 'list';
  if (record[wanted] !== undefined || !Array.isArray(record[other])) return answer;
  const { [other]: rows, ...rest } = record;
  return { ...rest, [wanted]: rows } as T;
}

/** An object, or an array holding it (13) -> the object; undefined for an empty array. */
export function firstIfArray<T>(value: T | readonly T[]): T | undefined {
  return Array.isArray(value) ? (value as readonly T[])[0] : (value as T);
}

/** Reads company_contact/query params from either spelling (servers). */
export function companyContactIds(query: Record<string, unknown>): unknown {
  return query['ids'] ?? query['id'];
}

/** `[1,2]`, `"[1,2]"`, `"1,2"`, `""` or absent -> `[1, 2]` / `[]`. Non-numeric entries are dropped. */
export function parsePhonebookIds(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number).filter(Number.isInteger);
  if (typeof value !== 'string') return [];
  return value
    .replace(/[[\]\s"]/g, '')
    .split(',')
    .filter((part) => part !== '')
    .map(Number)
    .filter(Number.isInteger);
}

/** Integers that may arrive as numeric text; anything else is undefined. */
export function toInt(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** Dispositions as this library reports them. */
export type CdrStatus = 'ANSWERED' | 'NO ANSWER' | 'BUSY' | 'FAILED' | 'VOICEMAIL' | 'ABANDONED';

/** `ANSWERD`, `answered`, `Answered` -> `ANSWERED`; unknown values pass through upper-cased. */
export function normaliseCdrStatus(value: unknown): CdrStatus | string {
  const upper = String(value ?? '')
    .trim()
    .toUpperCase()
    .replace(/_/g, ' ');
  return upper === 'ANSWERD' ? 'ANSWERED' : upper === 'NOANSWER' ? 'NO ANSWER' : upper;
}

/** Call types as this library reports them. */
export type CallType = 'inbound' | 'outbound' | 'internal';

/** `Inbound`, `INBOUND`, `inbound` -> `inbound`; unknown values pass through lower-cased. */
export function normaliseCallType(value: unknown): CallType | string {
  return String(value ?? '')
    .trim()
    .toLowerCase();
}

/** `queue-6402` -> `6402`; `6402` stays. */
export function stripQueuePrefix(value: unknown): string {
  return String(value ?? '').replace(/^queue-/i, '');
}

/**
 * Event `msg` as a JSON string or as an object -> the object. Returns undefined when it is neither
 * (invalid JSON, a JSON array or scalar), so the caller can report a malformed frame.
 */
export function parseEventMsg(msg: unknown): Record<string, unknown> | undefined {
  let value = msg;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A CDR record with the key that always exists, whatever the firmware. */
export type NormalisedCdr<T extends { id?: number; new_id?: string; uid?: string }> = T & {
  /** `new_id` on new firmware, else the legacy `id` as text, else `uid`. */
  record_id: string;
};

/** Adds `record_id` to a CDR record, keeping every field the PBX sent and inventing none. */
export function normaliseCdr<T extends { id?: number; new_id?: string; uid?: string }>(
  record: T,
): NormalisedCdr<T> {
  const recordId = record.new_id ?? (record.id !== undefined ? String(record.id) : (record.uid ?? ''));
  return { ...record, record_id: recordId };
}
