/**
 * PBX configuration through the gateway: the field errors of a refused admin call, the readable before/after
 * of configuration changes in the audit log, and the inbound routes for the admin screen. The PBX's parameter
 * rules themselves are not here: forms check with the client's own (@switchboard/pbx-api/rules).
 */

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
