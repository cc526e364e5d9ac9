import type { PbxFieldError } from '@switchboard/live-protocol';
import type { PbxOperationKind } from './operation-kind.js';
import { PBX_ERRCODE, type PbxDuplicateField, type PbxInvalidParam } from '@switchboard/pbx-api';
import { aResource, capitalised, fieldWords, resourceNoun, resourceOf } from './pbx-words.js';
import { AUDIT_SECRET_FIELDS } from './secret-fields.js';

/** A PBX refusal as a person reads it: one summary, and each field the PBX named with its own sentence. */
export interface PbxRefusal {
  message: string;
  fields: PbxFieldError[];
}

/** What the PBX said, as PbxApiError carries it. */
export interface PbxRefusalFacts {
  errcode: number;
  invalidParamList: readonly PbxInvalidParam[];
  duplicateFieldList: readonly PbxDuplicateField[];
}

/** Kinds of object a 40003 may name as the holder of a value (docs/pbx/errors-and-formats.md). */
const HOLDER_WORDS: Readonly<Record<string, string>> = { ivr: 'IVR', phone: 'IP phone' };

/**
 * The last name of a path (`phone_list[2].mac` -> `mac`): the form marks the field itself, and the value
 * quoted says which one, so sentences never count list items (a batch's item 2 is not a CSV's line 2).
 */
const leaf = (path: string) => path.replace(/^.*[.\]]/, '');

/** Longest value quoted in a sentence. */
const QUOTED_MAX = 60;

const quote = (value: string) =>
  `“${value.length > QUOTED_MAX ? `${value.slice(0, QUOTED_MAX - 1)}…` : value}”`;

/** The value at `path` (`phone_list[2].mac`) of the request, as text, unless it is a secret. */
function sentValue(body: Readonly<Record<string, unknown>>, path: string): string | undefined {
  let current: unknown = body;
  for (const part of path.split(/[.[\]]/).filter((p) => p !== '')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return typeof current === 'string' || typeof current === 'number' ? String(current) : undefined;
}

/** The value to quote for a field: the PBX's, else the request's; never a secret's. */
function quotable(path: string, pbxValue: string | undefined, body: Readonly<Record<string, unknown>>) {
  const key = leaf(path);
  if (AUDIT_SECRET_FIELDS.has(key) || /password|secret|token/i.test(key)) return undefined;
  const value = pbxValue ?? sentValue(body, path);
  return value === undefined || value === '' ? undefined : value;
}

/** `named “Partners”`, `with the number “6200”`: how a value of `field` describes an object. */
function describedBy(field: string, value: string | undefined): string {
  const key = leaf(field);
  if (value === undefined) return `with the same ${fieldWords(key)}`;
  if (key === 'name') return `named ${quote(value)}`;
  return `with the ${fieldWords(key)} ${quote(value)}`;
}

/** One 40003 entry: "An allowlist rule named “Partners” already exists." */
function duplicateSentence(
  resource: string,
  entry: PbxDuplicateField,
  body: Readonly<Record<string, unknown>>,
): string {
  const field = entry.field ?? '';
  const value = quotable(field, entry.value, body);
  const holder = entry.external_source ?? resource;
  const sameKind = holder === resource || HOLDER_WORDS[holder] === resourceNoun(resource);
  if (holder === 'request')
    return `The ${fieldWords(leaf(field))}${value ? ` ${quote(value)}` : ''} is given twice in this request.`;
  if (sameKind) return `${aResource(resource)} ${describedBy(field, value)} already exists.`;
  const holderWords = HOLDER_WORDS[holder] ?? resourceNoun(holder);
  const name = entry.external_source_name ? ` ${quote(entry.external_source_name)}` : '';
  return `The ${fieldWords(leaf(field))}${value ? ` ${quote(value)}` : ''} is already used by ${holderWords}${name}.`;
}

/** What the PBX's `validation_type` says of a value, as a sentence next to the field. */
function invalidSentence(kind: string, value: string | undefined): string {
  const it = value === undefined ? 'This value' : quote(value);
  switch (kind) {
    case 'required':
      return 'The PBX needs a value here.';
    case 'type':
      return `${it} is not the kind of value the PBX expects here.`;
    case 'format':
      return `${it} is not written in a form the PBX accepts.`;
    case 'range':
      return `${it} is outside the range the PBX accepts.`;
    case 'enum':
      return `${it} is not one of the choices the PBX offers.`;
    case 'unknown':
      return 'The PBX does not take this setting here.';
    case 'duplicate':
    case 'exist':
      return `${it} is already in use.`;
    case 'not_exist':
      return `The PBX has nothing matching ${value === undefined ? 'this value' : quote(value)}; it may have been deleted.`;
    case 'in_use':
      return 'It is still in use elsewhere on the PBX.';
    case 'not_in_batch':
      return `${it} is not one of the phones being changed.`;
    case 'same_model':
      return 'All the phones of one change must be of the same model.';
    default:
      return `The PBX did not accept ${value === undefined ? 'this value' : quote(value)}.`;
  }
}

const VERBS: Readonly<Record<PbxOperationKind, string>> = {
  create: 'create',
  update: 'save',
  delete: 'delete',
  read: 'read',
  control: 'carry out the request for',
};

/**
 * A PBX refusal (errcode != 0) of an admin call in plain words: each field of `duplicate_field_list` (40003)
 * and `invalid_param_list` (40002 and others) with a sentence of its own, and a summary for the form's top
 * line and the audit log. No errcode, operation name or PBX wording appears; the sent value is quoted only
 * when it is not a secret.
 */
export function pbxRefusal(
  operation: string,
  kind: PbxOperationKind,
  error: PbxRefusalFacts,
  body: Readonly<Record<string, unknown>>,
): PbxRefusal {
  const resource = resourceOf(operation);
  const fields: PbxFieldError[] = [];
  const sentences: string[] = [];
  for (const entry of error.duplicateFieldList) {
    const sentence = duplicateSentence(resource, entry, body);
    sentences.push(sentence);
    if (entry.field) fields.push({ field: entry.field, message: sentence });
  }
  for (const entry of error.invalidParamList) {
    if (!entry.field) continue;
    const sentence = invalidSentence(entry.validation_type ?? '', quotable(entry.field, entry.value, body));
    fields.push({ field: entry.field, message: sentence });
    // `id` is the object itself (a delete of something in use): no label to put before the sentence.
    sentences.push(
      entry.field === 'id' ? sentence : `${capitalised(fieldWords(leaf(entry.field)))}: ${sentence}`,
    );
  }
  const what = `the ${resourceNoun(resource)}`;
  if (error.duplicateFieldList.length > 0 && sentences.length > 0)
    return { message: sentences.join(' '), fields };
  if (sentences.length > 0)
    return { message: `The PBX could not ${VERBS[kind]} ${what}. ${sentences.join(' ')}`, fields };
  return { message: withoutFields(error.errcode, kind, what), fields };
}

/** The summary of a refusal that names no field, by what the errcode means. */
function withoutFields(errcode: number, kind: PbxOperationKind, what: string): string {
  if (errcode === PBX_ERRCODE.DUPLICATE_KEY_VALUE)
    return `The PBX could not ${VERBS[kind]} ${what}: something it names is already in use.`;
  if (errcode === PBX_ERRCODE.NOT_FOUND)
    return `The PBX could not ${VERBS[kind]} ${what}: it does not exist (any more). Reload the list.`;
  if (errcode === PBX_ERRCODE.PARAMETER_ERROR)
    return `The PBX could not ${VERBS[kind]} ${what}: it did not accept the values sent.`;
  if (errcode === PBX_ERRCODE.SERVER_BUSY) return 'The PBX is busy; try again in a moment.';
  return `The PBX could not ${VERBS[kind]} ${what} and gave no reason.`;
}
