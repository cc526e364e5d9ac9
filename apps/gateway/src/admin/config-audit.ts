import type { AuditChange } from '@switchboard/live-protocol';
import type { PbxOperationKind } from './operation-kind.js';
import { AUDIT_SECRET_FIELDS } from './secret-fields.js';

/** A configuration item as the PBX answers it: plain fields. */
export type PbxItem = Readonly<Record<string, unknown>>;

/** Configuration resources in words, for audit sentences; others read as their name with spaces. */
const RESOURCE_WORDS: Readonly<Record<string, string>> = {
  allow_numbers: 'allowlist rule',
  block_numbers: 'blocklist rule',
  pin_list: 'PIN list',
  ivr: 'IVR',
  message_queue: 'message queue',
  message_channel: 'message channel',
  message_session: 'message session',
  phone: 'IP phones',
  queue_pause_reason: 'the pause reasons',
  callnotes: 'call note',
  company_contact: 'company contact',
};

/** Longest value kept per field; the audit service cuts again, this keeps lists readable. */
const VALUE_MAX = 200;

/** An object as words: `extension id 26, type extension`; nested values the same way, secrets left out. */
function objectWords(item: object, depth: number): string {
  return Object.entries(item)
    .filter(([key, value]) => isPresent(value) && !AUDIT_SECRET_FIELDS.has(key))
    .map(([key, value]) => `${key.replace(/_/g, ' ')} ${depth > 2 ? '…' : wordsOf(value, depth + 1)}`)
    .join(', ');
}

function wordsOf(value: unknown, depth: number): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  if (!Array.isArray(value)) return objectWords(value, depth);
  if (value.every((item) => typeof item !== 'object' || item === null))
    return value.map((item) => String(item)).join(', ');
  // Items of objects: each in words, `;` between them, so no JSON reaches the trail.
  return value.map((item) => wordsOf(item, depth + 1)).join('; ');
}

/** A field's value as one line of words: lists of plain values joined, objects as `key value` pairs. */
export function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return wordsOf(value, 0).slice(0, VALUE_MAX);
}

const isPresent = (value: unknown) => value !== undefined && value !== null && value !== '';

/** `allowlist rule “VIP” (id 3)`, from what is known of the item. */
export function itemWords(operation: string, item: PbxItem | undefined, body: PbxItem): string {
  const resource = operation.slice(0, operation.indexOf('/'));
  const words = RESOURCE_WORDS[resource] ?? resource.replace(/_/g, ' ');
  const name = [item?.['name'], body['name'], item?.['number']].find(
    (value) => typeof value === 'string' && value !== '',
  ) as string | undefined;
  const id = body['id'] ?? item?.['id'];
  return [words, name ? `“${name}”` : '', isPresent(id) ? `(id ${String(id)})` : '']
    .filter(Boolean)
    .join(' ');
}

/** What a create's answer says of the new item: its id, when it has one. */
export function createdItem(answer: unknown): PbxItem | undefined {
  const id = typeof answer === 'object' && answer !== null ? (answer as PbxItem)['id'] : undefined;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? { id } : undefined;
}

/** The fields an admin gave for a new item (secrets only as set), in the order given. */
export function createdChanges(body: PbxItem): AuditChange[] {
  return Object.entries(body)
    .filter(([, value]) => isPresent(value))
    .map(([field, value]) =>
      AUDIT_SECRET_FIELDS.has(field) ? { field, secret: true } : { field, after: valueText(value) },
    );
}

/**
 * What a deleted item held (secrets only named); without the item (a bulk delete names only ids), what the
 * admin named to delete.
 */
export function deletedChanges(item: PbxItem | undefined, body: PbxItem = {}): AuditChange[] {
  return Object.entries(item ?? Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'id')))
    .filter(([field, value]) => field !== 'id' && isPresent(value))
    .map(([field, value]) =>
      AUDIT_SECRET_FIELDS.has(field) ? { field, secret: true } : { field, before: valueText(value) },
    );
}

/**
 * Lists an update replaces as a whole, recorded item by item (`pause reason *01 “Lunch” → nothing`) rather than
 * as one long value: the item's key and the field that reads as its value.
 */
const KEYED_LISTS: Readonly<Record<string, { key: string; value: string; words: string }>> = {
  pause_reason_list: { key: 'code', value: 'reason', words: 'pause reason' },
};

/** Each keyed item added, removed or changed between two lists. */
function keyedListChanges(
  list: { key: string; value: string; words: string },
  before: readonly unknown[],
  after: readonly unknown[],
): AuditChange[] {
  const byKey = (items: readonly unknown[]) =>
    new Map(
      items
        .filter((item): item is PbxItem => typeof item === 'object' && item !== null)
        .map((item) => [String(item[list.key]), valueText(item[list.value])] as const),
    );
  const old = byKey(before);
  const next = byKey(after);
  const changes: AuditChange[] = [];
  for (const key of new Set([...old.keys(), ...next.keys()])) {
    const was = old.get(key);
    const now = next.get(key);
    if (was === now) continue;
    changes.push({
      field: `${list.words} ${key}`,
      ...(was !== undefined ? { before: was } : {}),
      ...(now !== undefined ? { after: now } : {}),
    });
  }
  return changes;
}

/**
 * The fields an update changes: each field of the body (the id aside) whose value differs from the item's,
 * before -> after; a secret as changed without values. Without the item (it could not be read), every field
 * given, with its new value.
 */
export function updatedChanges(item: PbxItem | undefined, body: PbxItem): AuditChange[] {
  if (!item) return createdChanges(Object.fromEntries(Object.entries(body).filter(([key]) => key !== 'id')));
  const changes: AuditChange[] = [];
  for (const [field, value] of Object.entries(body)) {
    if (field === 'id' || value === undefined || value === null) continue;
    const keyed = KEYED_LISTS[field];
    if (keyed && Array.isArray(value) && Array.isArray(item[field])) {
      changes.push(...keyedListChanges(keyed, item[field], value));
      continue;
    }
    const before = valueText(item[field]);
    const after = valueText(value);
    if (before === after || JSON.stringify(item[field]) === JSON.stringify(value)) continue;
    if (AUDIT_SECRET_FIELDS.has(field)) changes.push({ field, secret: true });
    else
      changes.push({
        field,
        ...(before !== undefined ? { before } : {}),
        ...(after !== undefined ? { after } : {}),
      });
  }
  return changes;
}

/**
 * The item with `id` in an answer of X/get or X/query, whatever key the PBX put it under (`data`, `list`,
 * `allow_number_info`, ...): an object with that id, or an object in a list with that id. A lone object under
 * a get's key counts even without an id field.
 */
export function findItem(answer: unknown, id: unknown): PbxItem | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const same = (candidate: unknown) =>
    typeof candidate === 'object' &&
    candidate !== null &&
    !Array.isArray(candidate) &&
    String((candidate as PbxItem)['id']) === String(id);
  const values = Object.entries(answer)
    .filter(([key]) => key !== 'errcode' && key !== 'errmsg')
    .map(([, value]) => value);
  for (const value of values) {
    if (Array.isArray(value)) {
      const found = value.find(same);
      if (found) return found as PbxItem;
    } else if (same(value)) return value as PbxItem;
  }
  const objects = values.filter(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  );
  return objects.length === 1 && !('id' in (objects[0] as object)) ? (objects[0] as PbxItem) : undefined;
}

/**
 * Updates that replace a whole list (the PBX has one pause-reason list): the read of the list as it is, and
 * the field the answer's rows stand for in the update's body.
 */
const WHOLE_LIST_READS: Readonly<
  Record<string, { name: string; params: Record<string, unknown>; rows: string; field: string }>
> = {
  'queue_pause_reason/update': {
    name: 'queue_pause_reason/list',
    params: { page: 1, page_size: 1000 },
    rows: 'data',
    field: 'pause_reason_list',
  },
};

/** The current state of a whole-list update, as an item of one field (`{pause_reason_list: [...]}`). */
export function wholeListItem(operation: string, answer: unknown): PbxItem | undefined {
  const whole = WHOLE_LIST_READS[operation];
  if (!whole || typeof answer !== 'object' || answer === null) return undefined;
  const rows = (answer as PbxItem)[whole.rows];
  return Array.isArray(rows) ? { [whole.field]: rows } : undefined;
}

/** How the current item of a change is read first: the operation and its parameters, when there is one. */
export function itemRead(
  operation: string,
  body: PbxItem,
  exists: (name: string) => boolean,
): { name: string; params: Record<string, unknown> } | undefined {
  const whole = WHOLE_LIST_READS[operation];
  if (whole) return exists(whole.name) ? { name: whole.name, params: { ...whole.params } } : undefined;
  const id = body['id'];
  if (!isPresent(id) || (typeof id !== 'number' && typeof id !== 'string')) return undefined;
  const resource = operation.slice(0, operation.indexOf('/'));
  if (exists(`${resource}/get`)) return { name: `${resource}/get`, params: { id } };
  if (exists(`${resource}/query`)) return { name: `${resource}/query`, params: { ids: String(id) } };
  return undefined;
}

/** The kinds of operation that change configuration, and so are audited with what changed. */
export function changesConfiguration(kind: PbxOperationKind): kind is 'create' | 'update' | 'delete' {
  return kind === 'create' || kind === 'update' || kind === 'delete';
}
