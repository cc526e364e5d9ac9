// Finds `call/accept_inbound` requests in the byte stream of one client connection to the PBX: the time is
// taken when the request line arrives; the channel id is read from the JSON body, which may come later.

const REQUEST_LINE = /POST \/openapi\/v1\.0\/call\/accept_inbound[?\s]/;
const CHANNEL = /"channel_id"\s*:\s*"([^"]+)"/;
const KEEP = 8_192;

/** Feed it the connection's data in order; it calls `onAccept(channelId, at)` once per accept request. */
export class AcceptSniffer {
  #buffer = '';
  #pendingAt = undefined;

  constructor(onAccept) {
    this.onAccept = onAccept;
  }

  /** `text`: the next bytes of the connection (latin1); `at`: when they arrived. */
  feed(text, at) {
    this.#buffer = (this.#buffer + text).slice(-KEEP);
    for (;;) {
      if (this.#pendingAt === undefined) {
        const line = REQUEST_LINE.exec(this.#buffer);
        if (!line) return;
        this.#pendingAt = at;
        this.#buffer = this.#buffer.slice(line.index + line[0].length);
      }
      const channel = CHANNEL.exec(this.#buffer);
      if (!channel) return;
      this.onAccept(channel[1], this.#pendingAt);
      this.#pendingAt = undefined;
      this.#buffer = this.#buffer.slice(channel.index + channel[0].length);
    }
  }
}
