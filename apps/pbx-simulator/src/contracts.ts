/**
 * The seams between the simulator's parts, so each part can be built and tested on its own:
 * - the HTTP router dispatches validated requests to handler tables;
 * - the live call center (queues, agents, calls, conferences, traffic) owns its handlers and publishes
 *   events and finished calls through the two sinks below;
 * - the record store turns finished calls into CDRs, recordings, call notes and AI transcription data.
 */
import type { KnownPbxEventType, PbxOperationName } from '@switchboard/pbx-api';

/** A request that passed the operation's rules. */
export interface RequestContext {
  /** Query (GET, values as text) or JSON body (POST); never contains `access_token`. */
  params: Record<string, unknown>;
  /** Remote address of the caller. */
  clientIp: string;
  /** Client id the access token was issued to (undefined for get_token/refresh_token). */
  clientId: string | undefined;
}

/** Fields a handler adds to `{ errcode: 0, errmsg: 'SUCCESS' }`. */
export type HandlerResult = Record<string, unknown>;

/** A failure answered as `{ errcode, errmsg, ...extra }` with HTTP 200, as the PBX does. */
export class SimError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(`${errcode} ${errmsg}`);
  }
}

/** Handles one operation. Throw {@link SimError} for PBX failures. */
export type OperationHandler = (context: RequestContext) => HandlerResult | Promise<HandlerResult>;

/** Handlers by operation name. */
export type HandlerTable = Partial<Record<PbxOperationName, OperationHandler>>;

/** Where events go: the event WebSocket subscribers and configured webhooks. */
export interface EventSink {
  /** Publishes event `type` (a pbx-api `PBX_EVENT` number) with its payload as an object; the bus applies the documented `msg` encoding. */
  publish(type: KnownPbxEventType, msg: Record<string, unknown>): void;
}

/** A call that has ended, as the live call center reports it. Times are unix seconds (simulated clock). */
export interface FinishedCall {
  call_id: string;
  /** Start of the call. */
  timestamp: number;
  type: 'Inbound' | 'Outbound' | 'Internal';
  disposition: 'ANSWERED' | 'NO ANSWER' | 'BUSY' | 'FAILED' | 'VOICEMAIL';
  /** True when the caller hung up while queued (AI data reports ABANDONED). */
  abandoned: boolean;
  call_from_number: string;
  call_from_name: string;
  call_to_number: string;
  call_to_name: string;
  /** From the call's start to its answer (an IVR or a held-call prompt before the queue included). */
  ring_duration: number;
  /** From entering the queue to an agent's answer (30012 `agent_ring_time`); 0 when no agent of a queue answered. */
  queue_wait: number;
  talk_duration: number;
  hold_duration: number;
  duration: number;
  src_trunk: string;
  dst_trunk: string;
  did_number: string;
  /** Queue number when the call went through a queue. */
  queue_number: string;
  /** Extension that answered, when one did. */
  agent_number: string;
  /** Whether a recording file exists for the call. */
  recorded: boolean;
}

/** Receives finished calls; the record store builds CDRs, recordings, notes and AI data and emits 30012/30028. */
export interface CallRecordSink {
  recordCall(call: FinishedCall): void;
}

/** An extension of the simulated PBX. */
export interface ExtensionInfo {
  id: number;
  number: string;
  name: string;
}

/** A trunk; `controlled` = Control Inbound Call enabled (calls on it are held up to the hold window). */
export interface TrunkInfo {
  id: number;
  name: string;
  type: string;
  controlled: boolean;
}

/** An inbound route: DID patterns on trunks to a destination (a queue in every scenario). */
export interface InboundRouteInfo {
  id: number;
  /** Place in the PBX's route table, 1 first (inbound_route/list `pos`); not the id order. */
  pos: number;
  name: string;
  did_patterns: string[];
  trunk_ids: number[];
  /** Destination type and ID as inbound_route/query reports them (def_dest, def_dest_value). */
  def_dest: string;
  def_dest_value: string;
}

/** The static world of a scenario that other parts read. */
export interface WorldInfo {
  extensions: ExtensionInfo[];
  trunks: TrunkInfo[];
  inboundRoutes: InboundRouteInfo[];
  /**
   * External numbers generated traffic calls from (optional). The record store seeds company contacts
   * from them so contact look-ups match real callers; absent = contacts get numbers of their own.
   */
  callerNumbers?: string[];
  /** Every caller generated traffic uses, repeat callers included; `contact` marks those in `callerNumbers`. */
  callers?: CallerInfo[];
  /** The scenario's queues (absent in hand-made worlds). */
  queues?: QueueInfo[];
  /** The scenario's conference rooms (absent in hand-made worlds). */
  conferences?: { id: number; number: string; name: string }[];
}

/** A number that calls in; `contact` = also a company contact. */
export interface CallerInfo {
  number: string;
  /** Caller ID name; empty when the network sends none. */
  name: string;
  contact: boolean;
}

/** A call queue as other parts need to name it. */
export interface QueueInfo {
  id: number;
  number: string;
  name: string;
  /** Extension numbers of the queue's agents (absent in hand-made worlds). */
  agentNumbers?: string[];
}

/** Scenario names. */
export type ScenarioName = 'small' | 'contact-center' | 'stress';

/** Settings of the live call center. */
export interface CallCenterOptions {
  scenario: ScenarioName;
  seed: number;
  /** Simulated seconds per real second for generated traffic (1 = real time). */
  speed: number;
  /** The simulated clock at start, unix ms (optional; absent = the wall time). */
  startMs?: number;
  /** How long a held inbound call waits for accept/refuse, in real ms (10,000 on a real PBX). */
  holdWindowMs: number;
  /** Multiplier on the scenario's arrival rates (0 = no generated traffic). */
  trafficRate: number;
  /**
   * Share (0..1) of generated inbound calls that arrive on a controlled trunk and are held for a decision
   * (optional; absent = the scenario's own modest share, 1-5%).
   */
  controlledCallShare?: number;
  /** Queue agents instead of the scenario's own count (optional; e.g. 500 for a large TV board). */
  agents?: number;
  events: EventSink;
  records: CallRecordSink;
}

/** The control surface of the call center used by `/sim/*` routes and tests. */
export interface CallCenterControl {
  /** Holds a new inbound call on a controlled trunk and publishes 30016. Throws SimError when the trunk is unknown or not controlled. */
  holdInboundCall(input: { from: string; to: string; trunk_name: string }): {
    call_id: string;
    channel_id: string;
  };
  setTrafficRate(rate: number): void;
  trafficRate(): number;
  /**
   * Takes every phone and app of the extension with this number offline, or back online (30007 for each);
   * answers the endpoints online after. Throws SimError for an unknown extension.
   */
  setPhonesOnline(extension: string, online: boolean): { extension: string; online: string[] };
  /** Starts generated traffic and timers. */
  start(): void;
  /** Stops every timer; state stays readable. */
  stop(): void;
  /** Back to the scenario's initial state with the same seed. */
  reset(): void;
  world(): WorldInfo;
  /**
   * The PBX clock in unix seconds (simulated time, fractions allowed), used by system/information and the
   * record store (optional; absent = wall-clock time).
   */
  now?(): number;
}

/** What the call-center module hands the simulator. */
export interface CallCenter {
  handlers: HandlerTable;
  control: CallCenterControl;
}
