// The shapes of the guide's example files (README.md beside this file), as load.ts returns them.

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue;
}
/** A value an `enums` list may hold. */
export type EnumValue = string | number | boolean | null;

/** The example's request: every query parameter but `access_token` as text, the JSON body of a POST. */
export interface GuideRequest {
  method: 'GET' | 'POST';
  query: Readonly<Record<string, string>>;
  /** Absent when the example sends no body. */
  body?: JsonValue;
}

/** What the simulator is sent instead of the example's own request (README: `simulator`). */
export interface SimulatorOverride {
  query?: Readonly<Record<string, string>>;
  body?: JsonValue;
  why: string;
}

/** One request/answer pair of an operation's page. */
export interface OperationExample {
  page: string;
  title?: string;
  request: GuideRequest;
  /** `json` answers carry `response`; a `file` answer (a download) has none. */
  responseKind: 'json' | 'file';
  /** Absent for a file, and for an answer no copy of the page shows whole (then only the request is checked). */
  response?: JsonObject;
  transcription?: string;
  simulator?: SimulatorOverride;
}

/** `operations/<resource>.<action>.json`. */
export interface OperationFixture {
  /** File name, e.g. `queue.agent_status.json`. */
  file: string;
  /** `resource/action`, e.g. `queue/agent_status`. */
  operation: string;
  /** Empty only when `notFound` says why no example could be transcribed. */
  examples: readonly OperationExample[];
  /** Where the example was looked for when the page's example could not be read (README: `notFound`). */
  notFound?: string;
  /** Listed values by path (`data[].call_status`). */
  enums: Readonly<Record<string, readonly EnumValue[]>>;
}

/** One frame of an event's page. */
export interface EventExample {
  page: string;
  title?: string;
  /** The frame as it arrives on the WebSocket; `msg` is a JSON string or an object, as the page shows it. */
  frame: JsonObject;
  transcription?: string;
}

/** `events/<code>.json`. */
export interface EventFixture {
  file: string;
  event: number;
  name: string;
  /** Empty only when `notFound` says why no example could be transcribed. */
  examples: readonly EventExample[];
  notFound?: string;
  /** Listed values by path into the frame, `msg` read as the parsed object (`msg.type`). */
  enums: Readonly<Record<string, readonly EnumValue[]>>;
}

/** Everything in the folder. */
export interface GuideExamples {
  operations: readonly OperationFixture[];
  events: readonly EventFixture[];
}
