import type { Result } from './result.js';
import { PayloadReader } from './reader.js';

/** How a supervisor joins an agent's call (docs/pbx/call-control.md#listen-whisper-and-barge). */
export type MonitorMode = 'listen' | 'whisper' | 'barge';

/** The monitoring modes, in the order a switch shows them. */
export const MONITOR_MODES: readonly MonitorMode[] = ['listen', 'whisper', 'barge'];

/**
 * A monitor that is running: the supervisor's extension is in an agent's call. Sent to every screen of
 * that supervisor (`monitor:state`), and `null` once the monitor call has ended, however it ended.
 */
export interface MonitorView {
  /** The agent whose call is monitored, and the agent's name when known. */
  agent: string;
  agentName: string | null;
  /** The supervisor's extension that joined the call. */
  monitor: string;
  mode: MonitorMode;
  /** The PBX call id. */
  callId: string;
  /** When the monitor started (epoch ms, gateway clock). */
  since: number;
}

/** Ask whether an extension exists on the PBX before using it to monitor (a per-session override). */
export interface MonitorCheckCommand {
  extension: string;
}

/** An extension the PBX knows: its number, and its name when known. */
export interface KnownExtension {
  number: string;
  name: string | null;
}

/** Extensions are short text without spaces or control characters, as USERS `extension` is. */
const EXTENSION = /^[^\s\p{Cc}]{1,32}$/u;

/** Reads a monitor-check payload. */
export function parseMonitorCheck(payload: unknown): Result<MonitorCheckCommand> {
  const r = new PayloadReader(payload);
  const extension = r.input['extension'];
  if (r.problems.length === 0 && (typeof extension !== 'string' || !EXTENSION.test(extension.trim())))
    r.problem('extension', 'must be 1 to 32 characters without spaces');
  return r.result({ extension: typeof extension === 'string' ? extension.trim() : '' });
}

/** Reads a monitor-stop payload: nothing to read, but it must be an object (or absent). */
export function parseMonitorStop(payload: unknown): Result<Record<string, never>> {
  return new PayloadReader(payload ?? {}).result({});
}
