// Finds 30016 (a held inbound call) in the byte stream the simulator sends one client over its event
// WebSocket: frames from a server are not masked, so the JSON text is in the stream as sent. The time is
// taken when the frame's type arrives; the call id is read from its msg, which may come in a later chunk.
import { StreamSniffer } from './stream-sniffer.mjs';

const INCOMING_CALL = {
  start: /"type"\s*:\s*30016\b/,
  // msg is a JSON string inside the frame, so its quotes are escaped.
  id: /call_id\\?"\s*:\s*\\?"([^"\\]+)/,
  keep: 16_384,
};

/** Feed it the stream's data in order; it calls `onIncoming(callId, at)` once per 30016 frame. */
export class IncomingCallSniffer extends StreamSniffer {
  constructor(onIncoming) {
    super(INCOMING_CALL, onIncoming);
  }
}
