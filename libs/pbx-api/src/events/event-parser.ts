import { parseEventMsg, toInt } from '../quirks.js';
import { validate } from '../rules/validate.js';
import { dropNulls, PBX_EVENT_MSG_NORMALISERS, type MsgNormaliser } from './event-msg.normalise.js';
import { PBX_EVENT_MSG_RULES } from './event-msg.rules.js';
import { PBX_EVENT, type KnownPbxEventType, type PbxEvent, type PbxEventKind } from './event.types.js';

/** What one text frame from the event WebSocket (or one webhook body) turned out to be. */
export type PbxFrame =
  | { kind: 'event'; event: PbxEvent }
  /** `{"errcode":0,"errmsg":"SUCCESS"}` after a `topic_list`. */
  | { kind: 'subscribed' }
  /** A non-zero errcode envelope after a `topic_list`. */
  | { kind: 'subscribe_failed'; errcode: number; errmsg: string }
  /** The literal `heartbeat response`. */
  | { kind: 'heartbeat_response' }
  /** Anything else; `reason` names the field that was wrong, `type` is set when the frame had one. */
  | { kind: 'malformed'; reason: string; type?: number };

/** The PBX's answer to the literal `heartbeat` frame. */
export const HEARTBEAT_RESPONSE = 'heartbeat response';

const KIND_BY_TYPE: ReadonlyMap<number, PbxEventKind> = new Map(
  Object.entries(PBX_EVENT).map(([name, type]) => [type, name.toLowerCase() as PbxEventKind]),
);

function isKnownType(type: number): type is KnownPbxEventType {
  return KIND_BY_TYPE.has(type);
}

function malformed(reason: string, type?: number): PbxFrame {
  return type === undefined ? { kind: 'malformed', reason } : { kind: 'malformed', reason, type };
}

/**
 * Reads one frame. Never throws: anything it cannot read becomes `malformed` with a reason naming the
 * field. `msg` may be a JSON-encoded string or an object (the PBX uses both); events of an unknown type
 * are delivered as `kind: 'unknown'` with their `msg` parsed.
 */
export function parsePbxFrame(text: string): PbxFrame {
  if (text.trim() === HEARTBEAT_RESPONSE) return { kind: 'heartbeat_response' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return malformed('frame is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return malformed('frame is not a JSON object');
  }
  const frame = body as Record<string, unknown>;
  if (frame['type'] === undefined && frame['errcode'] !== undefined) return readEnvelope(frame);
  return readEvent(frame);
}

function readEnvelope(frame: Record<string, unknown>): PbxFrame {
  const errcode = toInt(frame['errcode']);
  if (errcode === undefined) return malformed('errcode must be an integer');
  if (errcode === 0) return { kind: 'subscribed' };
  const errmsg = typeof frame['errmsg'] === 'string' ? frame['errmsg'] : '';
  return { kind: 'subscribe_failed', errcode, errmsg };
}

function readEvent(frame: Record<string, unknown>): PbxFrame {
  const type = toInt(frame['type']);
  if (type === undefined) return malformed('type is missing or not an integer event id');
  const msg = parseEventMsg(frame['msg']);
  if (msg === undefined) return malformed(`${type} msg must be a JSON object or a JSON-encoded object`, type);
  const sn = typeof frame['sn'] === 'string' && frame['sn'] !== '' ? { sn: frame['sn'] } : {};
  if (!isKnownType(type)) return { kind: 'event', event: { type, kind: 'unknown', ...sn, msg } };
  const violations = validate(PBX_EVENT_MSG_RULES[type], msg, { integersAsText: true });
  const first = violations[0];
  if (first) {
    const more = violations.length > 1 ? ` (+${violations.length - 1} more)` : '';
    return malformed(`${type} msg.${first.field} ${first.message}${more}`, type);
  }
  try {
    const normalise = PBX_EVENT_MSG_NORMALISERS[type] as MsgNormaliser<KnownPbxEventType>;
    const event = {
      type,
      kind: KIND_BY_TYPE.get(type),
      ...sn,
      msg: normalise(dropNulls(msg) as Record<string, unknown>),
    } as PbxEvent;
    return { kind: 'event', event };
  } catch (error) {
    // The rules should make this unreachable; a frame still must not take the stream down.
    return malformed(
      `${type} msg could not be read: ${error instanceof Error ? error.message : 'error'}`,
      type,
    );
  }
}
