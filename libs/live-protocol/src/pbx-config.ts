/**
 * PBX configuration through the gateway: the parameter rules of every admin operation as plain JSON (GET
 * /api/pbx/schema), what forms need to check values as the PBX client would, the readable before/after of
 * configuration changes in the audit log, and the inbound routes for the admin screen.
 */

/** Named string formats of the PBX's parameters; the schema answer carries each one's message. */
export type PbxFormatName =
  | 'ip_port'
  | 'mac'
  | 'amp_list'
  | 'comma_id_list'
  | 'comma_digit_list'
  | 'member_channel_ids'
  | 'did_filter_list'
  | 'unix_seconds';

/** Every {@link PbxFormatName}; a record so that a name missing here fails to compile. */
export const PBX_FORMAT_NAMES = Object.keys({
  ip_port: true,
  mac: true,
  amp_list: true,
  comma_id_list: true,
  comma_digit_list: true,
  member_channel_ids: true,
  did_filter_list: true,
  unix_seconds: true,
} satisfies Record<PbxFormatName, true>) as readonly PbxFormatName[];

interface PbxSchemaBase {
  /** Must be given (strings: non-empty; lists: at least `minItems`). */
  required: boolean;
}

/** A text parameter. */
export interface PbxStringSchema extends PbxSchemaBase {
  type: 'string';
  enum?: string[];
  format?: PbxFormatName;
  /** Longest text accepted. */
  maxLength: number;
}

/** A whole number; `alsoAllow` values are accepted outside min..max (0 = "never"). */
export interface PbxIntegerSchema extends PbxSchemaBase {
  type: 'integer';
  min?: number;
  max?: number;
  enum?: number[];
  alsoAllow?: number[];
  /** Empty text is accepted and means the documented default (cdr/search `page`, `page_size`). */
  blankIsDefault?: boolean;
}

/** An ID the PBX hands out as a number or as text: either is accepted. */
export interface PbxIdSchema extends PbxSchemaBase {
  type: 'id';
  /** Longest text accepted. */
  maxLength: number;
}

/** A list whose items each follow one schema. */
export interface PbxArraySchema extends PbxSchemaBase {
  type: 'array';
  items: PbxFieldSchema;
  minItems: number;
  maxItems: number;
}

/** When `field` is (`in`) or is not (`notIn`) one of the values, `require` fields must be given, `forbid` must not. */
export interface PbxCondition {
  field: string;
  in?: (string | number)[];
  notIn?: (string | number)[];
  require: string[];
  forbid: string[];
}

/** An object: its fields, cross-field conditions, groups of which exactly one is given, other spellings. */
export interface PbxObjectSchema extends PbxSchemaBase {
  type: 'object';
  fields: Record<string, PbxFieldSchema>;
  conditions: PbxCondition[];
  exactlyOneOf: string[][];
  /** Other spelling -> field, where the PBX's documents name one parameter twice. */
  aliases: Record<string, string>;
}

/** The rule of one parameter. */
export type PbxFieldSchema =
  PbxStringSchema | PbxIntegerSchema | PbxIdSchema | PbxArraySchema | PbxObjectSchema;

/**
 * What an operation does: create / update / delete by its action's name (`batchcreate` is a create), read for
 * the PBX's safe reads, control for the rest (call control, log-ins). Forms and the audit treat each differently.
 */
export type PbxOperationKind = 'create' | 'update' | 'delete' | 'read' | 'control';

/** One admin operation's parameters (POST /api/pbx/<name>). */
export interface PbxOperationSchema {
  /** `resource/action`. */
  name: string;
  /** How the gateway calls the PBX; the admin REST is always POST with a JSON body. */
  method: 'GET' | 'POST';
  kind: PbxOperationKind;
  params: PbxObjectSchema;
}

/** How many violations a check reports at most, and the other limits every check applies. */
export interface PbxValidationLimits {
  maxViolations: number;
  maxDepth: number;
}

/** Answer of GET /api/pbx/schema (admins only). */
export interface PbxSchemaAnswer {
  operations: PbxOperationSchema[];
  /** The sentence shown when a value breaks a format, e.g. "must be a MAC address, e.g. 00:1A:2B:3C:4D:5E". */
  formats: Record<PbxFormatName, string>;
  limits: PbxValidationLimits;
}

/** A form field and what is wrong with it: the `fields` items of an `invalid_payload` error. */
export interface PbxFieldError {
  /** The parameter's path as the operation names it: `name`, `phone_list[2].mac`. */
  field: string;
  message: string;
}

/** One field of a configuration item before and after a change, in the audit log. */
export interface AuditChange {
  field: string;
  /** The value before (absent for a create or a field that was not set). */
  before?: string;
  /** The value after (absent for a delete or a field that was cleared). */
  after?: string;
  /** A PIN, password, secret or token: no value is ever recorded, only that it changed. */
  secret?: boolean;
}

/** One inbound route, in words, for the admin screen (GET /api/pbx-config/inbound-routes). */
export interface InboundRouteView {
  id: number;
  /** Its place in the PBX's route table (inbound_route/list `pos`), 1 first; the gateway tries routes in this order. */
  position: number;
  name: string;
  /** DIDs and DID patterns (`_X.`), or a range `5550100-5550199`; empty = every DID of its trunks. */
  didPatterns: string[];
  /** Caller-ID patterns; empty = every caller (unless `callerIdPhonebooks` selects them). */
  callerIdPatterns: string[];
  /** Phonebook ids whose contacts the route takes, when it selects callers by phonebook. */
  callerIdPhonebooks: number[];
  /** Trunk names; empty = the PBX did not say. */
  trunks: string[];
  /**
   * The route's default destination in words: "queue 2 (Support)", "an IVR menu", "extension 1001 (Ana)". A
   * time condition of the route (office hours, holidays) may send calls elsewhere; the interface does not say.
   */
  defaultDestination: string;
}

/** Answer of GET /api/pbx-config/inbound-routes. */
export interface InboundRoutesAnswer {
  /** In the PBX's table order (`position`). */
  routes: InboundRouteView[];
  /** When the gateway last read the routes (epoch ms); null before the first read. */
  readAt: number | null;
}

/** One entry of the PBX's `invalid_param_list`, as the admin REST passes it on (`invalidParams`). */
export interface PbxInvalidParamView {
  field?: string;
  value?: string;
  validation_type?: string;
}

/** What the PBX's `validation_type` means, as the end of a sentence about the field. */
const INVALID_PARAM_TEXT: Readonly<Record<string, string>> = {
  required: 'is required',
  type: 'has the wrong type',
  format: 'is not in the format the PBX expects',
  range: 'is out of the range the PBX accepts',
  enum: 'is not one of the values the PBX accepts',
  unknown: 'is not a parameter the PBX knows',
  duplicate: 'is already in use',
  exist: 'is already in use',
  not_exist: 'names something the PBX does not have',
};

/**
 * The PBX's `invalid_param_list` as form-field errors: each named field with what the PBX said about it, in
 * words. The value is never quoted (it may be a password). Entries without a field are left out.
 */
export function pbxInvalidParamFields(list: readonly PbxInvalidParamView[] | undefined): PbxFieldError[] {
  return (list ?? [])
    .filter((param) => typeof param.field === 'string' && param.field !== '')
    .map((param) => {
      const kind = param.validation_type ?? '';
      const text = INVALID_PARAM_TEXT[kind] ?? `was refused by the PBX${kind ? ` (${kind})` : ''}`;
      return { field: param.field as string, message: `${text} (the PBX said so)` };
    });
}
