import { fail, ok, type Result } from './result.js';

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
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return fail('invalid_payload', 'Invalid request: (payload) must be an object', [
      { field: '(payload)', message: 'must be an object' },
    ]);
  const extension = (payload as Record<string, unknown>)['extension'];
  if (typeof extension !== 'string' || !EXTENSION.test(extension.trim()))
    return fail('invalid_payload', 'Invalid request: extension must be 1 to 32 characters without spaces', [
      { field: 'extension', message: 'must be 1 to 32 characters without spaces' },
    ]);
  return ok({ extension: extension.trim() });
}

/** Reads a monitor-stop payload: nothing to read, but it must be an object (or absent). */
export function parseMonitorStop(payload: unknown): Result<Record<string, never>> {
  if (payload !== undefined && (typeof payload !== 'object' || payload === null || Array.isArray(payload)))
    return fail('invalid_payload', 'Invalid request: (payload) must be an object', [
      { field: '(payload)', message: 'must be an object' },
    ]);
  return ok({});
}
