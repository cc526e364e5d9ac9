// Feeding a StreamSniffer (lib/stream-sniffer.mjs) a stream in chunks, as the tap does, for the specs of both
// sniffers.

/** Feeds `chunks` ([text, at] pairs, in order) to a new `Sniffer`; answers the [id, at] pairs it reported. */
export function sniffed(Sniffer, chunks) {
  const seen = [];
  const sniffer = new Sniffer((id, at) => seen.push([id, at]));
  for (const [text, at] of chunks) sniffer.feed(text, at);
  return seen;
}

/** `text` cut at `index` into two chunks arriving at `firstAt` and `secondAt`. */
export const cutAt = (text, index, firstAt, secondAt) => [
  [text.slice(0, index), firstAt],
  [text.slice(index), secondAt],
];
