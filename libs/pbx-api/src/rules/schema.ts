/**
 * The interface's rules as plain data. The client checks parameters against them before a request
 * leaves; the simulator checks incoming requests against the same objects, so the two agree by construction.
 */

/** Named string formats; see `formats.ts` for exactly what each accepts. */
export type StringFormat =
  | 'ip_port'
  | 'mac'
  | 'amp_list'
  | 'comma_id_list'
  | 'comma_digit_list'
  | 'member_channel_ids'
  | 'did_filter_list'
  | 'unix_seconds';

interface RuleBase {
  /** The field must be present (and, for strings, non-empty). */
  required?: boolean;
}

/** A string, optionally restricted to values or a format. */
export interface StringRule extends RuleBase {
  type: 'string';
  enum?: readonly string[];
  format?: StringFormat;
}

/** A whole number, optionally ranged or enumerated (flags are `enum: [0, 1]`). */
export interface IntegerRule extends RuleBase {
  type: 'integer';
  min?: number;
  max?: number;
  enum?: readonly number[];
  /** Values accepted even though they fall outside min..max (e.g. 0 = "never"). */
  alsoAllow?: readonly number[];
  /**
   * Empty text is accepted and means the documented default (cdr/search `page=` and `page_size=` left blank:
   * the first page of 10,000).
   */
  blankIsDefault?: boolean;
}

/** An ID the spec types as Integer but the PBX also hands out as text (call notes): either is accepted. */
export interface IdRule extends RuleBase {
  type: 'id';
}

/** An array of items that each follow one rule. */
export interface ArrayRule extends RuleBase {
  type: 'array';
  items: FieldRule;
  minItems?: number;
}

/** A condition on sibling fields: when `field` is (or is not) one of `values`, require or forbid others. */
export interface Condition {
  field: string;
  in?: readonly (string | number)[];
  notIn?: readonly (string | number)[];
  require?: readonly string[];
  forbid?: readonly string[];
}

/** An object with named fields, cross-field conditions, and groups of which exactly one must be given. */
export interface ObjectRule extends RuleBase {
  type: 'object';
  fields: Readonly<Record<string, FieldRule>>;
  conditions?: readonly Condition[];
  exactlyOneOf?: readonly (readonly string[])[];
  /**
   * Other spellings of fields, alias -> field, where the PBX's documents name one parameter twice
   * (quirks.ts). A value given under an alias is checked by the field's rule and reported under the alias.
   */
  aliases?: Readonly<Record<string, string>>;
}

/** Any rule. */
export type FieldRule = StringRule | IntegerRule | IdRule | ArrayRule | ObjectRule;

/** HTTP method of an operation. */
export type HttpMethod = 'GET' | 'POST';

/** Everything the transport and the simulator need to know about one operation. */
export interface OperationSpec {
  /** `resource/action`, as it appears in the URL. */
  readonly path: string;
  readonly method: HttpMethod;
  /** API version segment: `openapi/v1.0` or `openapi/v2.0`. */
  readonly version: 'v1.0' | 'v2.0';
  /** Whether the call needs `access_token` in the URL (every operation but get_token and refresh_token). */
  readonly authenticated: boolean;
  /**
   * Safe to send again after a transport failure: reads are, anything that creates, changes or
   * controls a call is not (a retried accept could act twice).
   */
  readonly idempotent: boolean;
  /** Rules for the query (GET) or the JSON body (POST). */
  readonly params: ObjectRule;
  /** Top-level response fields that must be arrays when present; checked on every answer. */
  readonly responseArrays?: readonly string[];
  /**
   * Other methods a server accepts besides `method`, where the documents disagree about it (callnotes/update:
   * GET on the URL line, POST in the example). Clients always send `method`.
   */
  readonly alsoAcceptedMethods?: readonly HttpMethod[];
}
