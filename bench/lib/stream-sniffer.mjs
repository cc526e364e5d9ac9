// Finds messages in a byte stream read in chunks (the bench's TCP tap): each message is timed when its start
// arrives and named by an id that may come in a later chunk. AcceptSniffer and IncomingCallSniffer say what
// to look for.

/** Feed it a stream's data in order; it calls `onMatch(id, at)` once per message found. */
export class StreamSniffer {
  #buffer = '';
  #pendingAt = undefined;

  /** `start` finds a message's beginning, `id` its name after it; `keep` bytes are kept between chunks. */
  constructor({ start, id, keep }, onMatch) {
    this.start = start;
    this.id = id;
    this.keep = keep;
    this.onMatch = onMatch;
  }

  /** `text`: the next bytes of the stream (latin1); `at`: when they arrived. */
  feed(text, at) {
    this.#buffer = (this.#buffer + text).slice(-this.keep);
    for (;;) {
      if (this.#pendingAt === undefined) {
        const start = this.start.exec(this.#buffer);
        if (!start) return;
        this.#pendingAt = at;
        this.#buffer = this.#buffer.slice(start.index + start[0].length);
      }
      const id = this.id.exec(this.#buffer);
      if (!id) return;
      this.onMatch(id[1], this.#pendingAt);
      this.#pendingAt = undefined;
      this.#buffer = this.#buffer.slice(id.index + id[0].length);
    }
  }
}
