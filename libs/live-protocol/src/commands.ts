import type { Result } from './result.js';
import { LONE_SURROGATE, PayloadReader } from './reader.js';
import { isStreamId, type StreamId } from './streams.js';

/** Subscribe to streams; the gateway answers with the ones granted and sends each a snapshot. */
export interface SubscribeCommand {
  streams: StreamId[];
}

/** Ask for a fresh snapshot of one stream (after a gap or a reconnect). */
export interface ResyncCommand {
  stream: StreamId;
}

/** Decide a held inbound call. */
export interface DecideCommand {
  callId: string;
  decision: 'accept' | 'refuse' | 'refuse_and_block';
}

/** Kick members out of an ongoing conference. */
export interface KickCommand {
  conference: string;
  /** Channel ids, or 'all'. */
  members: string[] | 'all';
}

/** Refuse a ringing desk-phone call through uaCSTA. */
export interface UacstaRefuseCommand {
  extension: string;
  callId: string;
}

/** Log a dynamic agent in to or out of queues. */
export interface AgentLoginCommand {
  extension: string;
  operation: 'login' | 'logout';
  /** Queue ids; all of the agent's queues when absent. */
  queueIds?: number[];
}

/** Listen to, whisper to or barge in on an agent's call from the supervisor's own extension. */
export interface ListenCommand {
  /** The agent whose call to join. */
  agent: string;
  /** The supervisor's extension that rings. */
  monitor: string;
  mode: 'listen' | 'whisper' | 'barge';
}

/** Ask for recent audit entries. */
export interface AuditQuery {
  limit: number;
}

const isNonEmptyString = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= 128 && !LONE_SURROGATE.test(value);
const isPositiveInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

/** Reads a subscribe payload from a browser. */
export function parseSubscribe(payload: unknown): Result<SubscribeCommand> {
  const r = new PayloadReader(payload);
  const streams =
    r.list(
      'streams',
      isStreamId,
      'stream ids (queue:<id>, inbound, inbound:<queue id>, conferences, uacsta, uacsta:<queue id>, health)',
    ) ?? [];
  return r.result({ streams });
}

/** Reads a resync payload. */
export function parseResync(payload: unknown): Result<ResyncCommand> {
  const r = new PayloadReader(payload);
  const stream = r.input['stream'];
  if (!isStreamId(stream)) r.problems.push({ field: 'stream', message: 'must be a stream id' });
  return r.result({ stream: stream as StreamId });
}

/** Reads a held-call decision. */
export function parseDecide(payload: unknown): Result<DecideCommand> {
  const r = new PayloadReader(payload);
  return r.result({
    callId: r.text('callId'),
    decision: r.oneOf('decision', ['accept', 'refuse', 'refuse_and_block'] as const),
  });
}

/** Reads a conference kick. */
export function parseKick(payload: unknown): Result<KickCommand> {
  const r = new PayloadReader(payload);
  const conference = r.text('conference', 32);
  const members =
    r.input['members'] === 'all' ? 'all' : (r.list('members', isNonEmptyString, 'channel ids') ?? []);
  return r.result({ conference, members });
}

/** Reads a uaCSTA refuse. */
export function parseUacstaRefuse(payload: unknown): Result<UacstaRefuseCommand> {
  const r = new PayloadReader(payload);
  return r.result({ extension: r.text('extension', 32), callId: r.text('callId', 64) });
}

/** Reads an agent login/logout. */
export function parseAgentLogin(payload: unknown): Result<AgentLoginCommand> {
  const r = new PayloadReader(payload);
  const extension = r.text('extension', 32);
  const operation = r.oneOf('operation', ['login', 'logout'] as const);
  const queueIds = r.list('queueIds', isPositiveInt, 'queue ids', 500, true);
  return r.result({ extension, operation, ...(queueIds ? { queueIds } : {}) });
}

/** Reads a listen/whisper/barge request. */
export function parseListen(payload: unknown): Result<ListenCommand> {
  const r = new PayloadReader(payload);
  return r.result({
    agent: r.text('agent', 32),
    monitor: r.text('monitor', 32),
    mode: r.oneOf('mode', ['listen', 'whisper', 'barge'] as const),
  });
}

/** Reads an audit query. */
export function parseAuditQuery(payload: unknown): Result<AuditQuery> {
  const r = new PayloadReader(payload ?? {});
  return r.result({ limit: r.integer('limit', 1, 500, 100) });
}

/** How long after a refuse-and-block its decider (or an admin) may undo the block, ms. */
export const BLOCK_UNDO_MS = 10_000;

/** Longest pause with an end the console offers, seconds (the PBX takes 0, or 10 and more). */
export const MAX_PAUSE_DURATION_SEC = 8 * 3_600;

/** A pause reason the PBX offers (its `queue_pause_reason/list`). */
export interface PauseReasonView {
  /** Feature code, what a pause sends, e.g. `*01`. */
  code: string;
  /** What agents and screens read, e.g. `Lunch`. */
  reason: string;
}

/** The PBX's pause reasons, as the gateway last read them. */
export interface PauseReasonsView {
  reasons: PauseReasonView[];
  /** When the gateway read them from the PBX (epoch ms). */
  fetchedAt: number;
}

/** Pause an agent (optionally with a reason and an end) or lift its pause. */
export interface AgentPauseCommand {
  /** The agent's extension number. */
  extension: string;
  operation: 'pause' | 'unpause';
  /** Feature code of one of the PBX's pause reasons; pause only. */
  reason?: string;
  /** Seconds until the pause ends by itself (10 to {@link MAX_PAUSE_DURATION_SEC}); pause only. */
  durationSec?: number;
  /** Queue ids; every queue of the agent in the supervisor's scope when absent. */
  queueIds?: number[];
}

/** Undo the block of a call refused and blocked moments ago. */
export interface UnblockCommand {
  callId: string;
}

/** Reads a pause or unpause of an agent. */
export function parseAgentPause(payload: unknown): Result<AgentPauseCommand> {
  const r = new PayloadReader(payload);
  const extension = r.text('extension', 32);
  const operation = r.oneOf('operation', ['pause', 'unpause'] as const);
  const command: AgentPauseCommand = { extension, operation };
  const forPauseOnly = (field: string) => {
    if (operation !== 'pause') r.problems.push({ field, message: 'is for a pause only' });
  };
  if (r.input['reason'] !== undefined) {
    forPauseOnly('reason');
    command.reason = r.text('reason', 16);
  }
  if (r.input['durationSec'] !== undefined) {
    forPauseOnly('durationSec');
    command.durationSec = r.integer('durationSec', 10, MAX_PAUSE_DURATION_SEC, 0);
  }
  const queueIds = r.list('queueIds', isPositiveInt, 'queue ids', 500, true);
  if (queueIds) command.queueIds = queueIds;
  return r.result(command);
}

/** Reads an undo of a block. */
export function parseUnblock(payload: unknown): Result<UnblockCommand> {
  const r = new PayloadReader(payload);
  return r.result({ callId: r.text('callId') });
}

/** Reads the pause-reasons request: nothing or an empty object. */
export function parsePauseReasonsQuery(payload: unknown): Result<Record<string, never>> {
  const r = new PayloadReader(payload ?? {});
  return r.result({});
}
