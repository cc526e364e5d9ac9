import type { KnownPbxEventType } from './event.types.js';

/**
 * How each event's `msg` travels: as a JSON-encoded string (most event pages) or as a plain object
 * (30025, 30029, 30034-30036), per the PBX guide's examples. The simulator encodes with this table and the
 * client decodes either form, so a faithful peer and a tolerant reader share one truth.
 */
export const EVENT_MSG_ENCODING: Readonly<Record<number, 'string' | 'object'>> = {
  30006: 'string',
  30007: 'string',
  30008: 'string',
  30009: 'string',
  30010: 'string',
  30011: 'string',
  30012: 'string',
  30013: 'string',
  30014: 'string',
  30015: 'string',
  30016: 'string',
  30017: 'string',
  30018: 'string',
  30019: 'string',
  30020: 'string',
  30022: 'string',
  30023: 'string',
  30024: 'string',
  30025: 'object',
  30028: 'string',
  30029: 'object',
  30034: 'object',
  30035: 'object',
  30036: 'object',
  30038: 'string',
  // Every known number and no other: the compiler points here when PBX_EVENT gains one.
} satisfies { readonly [T in KnownPbxEventType]: 'string' | 'object' };

/** Events whose documented frame carries no `sn`. */
export const EVENTS_WITHOUT_SN: ReadonlySet<number> = new Set([30022, 30023, 30025, 30028]);

/** A frame as the PBX pushes it on the event WebSocket (and in webhook bodies). */
export interface PbxEventFrame {
  type: number;
  sn?: string;
  msg: string | Record<string, unknown>;
}

/** Builds the frame for `type` with `msg` encoded as that event's documentation shows. */
export function encodePbxEventFrame(type: number, msg: Record<string, unknown>, sn: string): PbxEventFrame {
  const encoded = (EVENT_MSG_ENCODING[type] ?? 'string') === 'string' ? JSON.stringify(msg) : msg;
  return EVENTS_WITHOUT_SN.has(type) ? { type, msg: encoded } : { type, sn, msg: encoded };
}
