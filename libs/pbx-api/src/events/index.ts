export * from './event-encoding.js';
export * from './event-msg.types.js';
export * from './event.types.js';
export { PBX_EVENT_MSG_RULES, CALL_MEMBER_RULE } from './event-msg.rules.js';
export { parsePbxFrame, HEARTBEAT_RESPONSE, type PbxFrame } from './event-parser.js';
export { TypedEmitter, type Listener } from './typed-emitter.js';
export { type PbxEventStreamOptions } from './event-stream.options.js';
export * from './event-stream.js';
