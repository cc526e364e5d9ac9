/**
 * The browser-safe part of @switchboard/pbx-api (its `./rules` entry): the PBX's parameter rules, formats
 * and validator, the response shapes, and the wire types of every operation. The dashboard checks its forms
 * with exactly what the client checks before sending; nothing here may reach Node, axios or ws at run time
 * (browser-safe.spec.ts follows every import from this file).
 */

export type { PbxSuccess } from '../types.js';
export type { FieldViolation } from '../errors.js';

// The rules as data, the validator that applies them, the value lists, and the answers' shapes.
export type * from './schema.js';
export { findOperation, PBX_OPERATIONS, type PbxOperationName } from './operations.js';
export {
  CALL_NOTE_UPDATE_ENTRIES,
  IVR_DIAL_EXT_OPTIONS,
  IVR_KEYS,
  MENU_OPTION_MENUS,
  MESSAGE_QUEUE_ASSIGNMENT_MODES,
  PHONE_OPTION_MENUS,
  PROVISIONING_METHODS,
} from './operation-values.js';
export type { PbxOperationAnswers, PbxOperationParams } from './operation-types.js';
export { PBX_RESPONSES } from './responses.js';
export type { ArrayShape, NumberShape, ObjectShape, ResponseShape, StringShape } from './response-shapes.js';
export { canonicalParams, validate, VALIDATE_LIMITS, type ValidateOptions } from './validate.js';
export { FORMATS, isNumberOrPattern } from './formats.js';
export { dialPatternMatches } from '../dial-pattern.js';

// Every operation's parameters and answers, as the PBX sends and takes them: each resource's types file whole.
export { AGENT_CALL_STATUS } from '../resources/queue.types.js';
export type * from '../resources/agent.types.js';
export type * from '../resources/allow-numbers.types.js';
export type * from '../resources/block-numbers.types.js';
export type * from '../resources/call-note.types.js';
export type * from '../resources/call.types.js';
export type * from '../resources/cdr.types.js';
export type * from '../resources/common.types.js';
export type * from '../resources/company-contact.types.js';
export type * from '../resources/conference.types.js';
export type * from '../resources/editable.types.js';
export type * from '../resources/extension.types.js';
export type * from '../resources/inbound-route.types.js';
export type * from '../resources/ivr.types.js';
export type * from '../resources/message-channel.types.js';
export type * from '../resources/message-queue.types.js';
export type * from '../resources/message-session.types.js';
export type * from '../resources/number-rules.types.js';
export type * from '../resources/phone.types.js';
export type * from '../resources/pin-list.types.js';
export type * from '../resources/queue-pause-reason.types.js';
export type * from '../resources/queue.types.js';
export type * from '../resources/recording.types.js';
export type * from '../resources/system.types.js';
export type * from '../resources/uacsta-call.types.js';
