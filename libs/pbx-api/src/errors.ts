/** One entry of a validation failure: which field, what was wrong. */
export interface FieldViolation {
  /** Path of the field, e.g. `prompt_repeat` or `phone_list[2].mac`. */
  field: string;
  /** The kind of rule that failed; the simulator sends it as the PBX's `validation_type`. */
  rule: 'required' | 'type' | 'enum' | 'range' | 'format' | 'unknown';
  /** A sentence a person can act on, e.g. "must be between 1 and 5, got 9". */
  message: string;
}

/** An entry of the PBX's `invalid_param_list`. Spellings vary by endpoint, so every key is optional. */
export interface PbxInvalidParam {
  field?: string;
  value?: string;
  validation_type?: string;
}

/** An entry of the PBX's `duplicate_field_list` (40003): the field, its value, and what already uses it. */
export interface PbxDuplicateField {
  field?: string;
  value?: string;
  /** The kind of object that already uses the value, e.g. `ivr`, `extension`. */
  external_source?: string;
  /** That object's name. */
  external_source_name?: string;
}

/**
 * Base of every error this library throws. Switch on the literal `code`:
 * `validation`, `pbx`, `auth`, `transport`, `timeout`.
 * Messages never contain access tokens, refresh tokens or the client secret.
 */
export abstract class PbxError extends Error {
  abstract readonly code: 'validation' | 'pbx' | 'auth' | 'transport' | 'timeout';
  /** The operation, e.g. `queue/agent_status`, when the error belongs to one. */
  readonly operation: string | undefined;

  protected constructor(message: string, operation: string | undefined, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.operation = operation;
  }
}

/** Parameters broke a rule of the interface; thrown before anything is sent. */
export class PbxValidationError extends PbxError {
  readonly code = 'validation' as const;
  /** Every failing field, not just the first. */
  readonly violations: readonly FieldViolation[];

  constructor(operation: string, violations: readonly FieldViolation[]) {
    super(
      `Invalid parameters for ${operation}: ${violations.map((v) => `${v.field} ${v.message}`).join('; ')}`,
      operation,
    );
    this.violations = violations;
  }
}

/** The PBX answered with a non-zero `errcode`. */
export class PbxApiError extends PbxError {
  readonly code = 'pbx' as const;
  readonly errcode: number;
  readonly errmsg: string;
  readonly invalidParamList: readonly PbxInvalidParam[];
  /** 40003: the values already in use, by field (empty for other codes). */
  readonly duplicateFieldList: readonly PbxDuplicateField[];

  constructor(
    operation: string,
    errcode: number,
    errmsg: string,
    invalidParamList: readonly PbxInvalidParam[] = [],
    duplicateFieldList: readonly PbxDuplicateField[] = [],
  ) {
    const fields = [...invalidParamList, ...duplicateFieldList].map((p) => p.field ?? '?').join(', ');
    super(`${operation} failed: errcode ${errcode} ${errmsg}${fields ? ` (${fields})` : ''}`, operation);
    this.errcode = errcode;
    this.errmsg = errmsg;
    this.invalidParamList = invalidParamList;
    this.duplicateFieldList = duplicateFieldList;
  }
}

/** Credentials were refused, the token could not be renewed, or the caller is locked out. */
export class PbxAuthError extends PbxError {
  readonly code = 'auth' as const;
  /** The PBX errcode behind the failure, when there was one. */
  readonly errcode: number | undefined;

  constructor(message: string, operation?: string, errcode?: number, options?: { cause?: unknown }) {
    super(message, operation, options);
    this.errcode = errcode;
  }
}

/** The request did not get a usable answer: connection refused or reset, HTTP error status, malformed body. */
export class PbxTransportError extends PbxError {
  readonly code = 'transport' as const;
  /** HTTP status when the PBX answered with one. */
  readonly status: number | undefined;

  constructor(message: string, operation?: string, status?: number, options?: { cause?: unknown }) {
    super(message, operation, options);
    this.status = status;
  }
}

/** The PBX did not answer within the configured timeout. */
export class PbxTimeoutError extends PbxError {
  readonly code = 'timeout' as const;
  readonly timeoutMs: number;

  constructor(operation: string | undefined, timeoutMs: number, options?: { cause?: unknown }) {
    super(`${operation ?? 'request'} timed out after ${timeoutMs} ms`, operation, options);
    this.timeoutMs = timeoutMs;
  }
}
