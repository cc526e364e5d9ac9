// Finds 30016 (a held inbound call) in the byte stream the simulator sends one client over its event
// WebSocket: frames from a server are not masked, so the JSON text is in the stream as sent. The time is
// taken when the frame's type arrives; the call id is read from its msg, which may come in a later chunk.

const TYPE = /"type"\s*:\s*30016\b/;
// msg is a JSON string inside the frame, so its quotes are escaped.
const CALL_ID = /call_id\\?"\s*:\s*\\?"([^"\\]+)/;
const KEEP = 16_384;

/** Feed it the stream's data in order; it calls `onIncoming(callId, at)` once per 30016 frame. */
export class IncomingCallSniffer {
  #buffer = '';
  #pendingAt = undefined;

  constructor(onIncoming) {
    this.onIncoming = onIncoming;
  }

  /** `text`: the next bytes of the stream (latin1); `at`: when they arrived. */
  feed(text, at) {
    this.#buffer = (this.#buffer + text).slice(-KEEP);
    for (;;) {
      if (this.#pendingAt === undefined) {
        const type = TYPE.exec(this.#buffer);
        if (!type) return;
        this.#pendingAt = at;
        this.#buffer = this.#buffer.slice(type.index + type[0].length);
      }
      const call = CALL_ID.exec(this.#buffer);
      if (!call) return;
      this.onIncoming(call[1], this.#pendingAt);
      this.#pendingAt = undefined;
      this.#buffer = this.#buffer.slice(call.index + call[0].length);
    }
  }
}
