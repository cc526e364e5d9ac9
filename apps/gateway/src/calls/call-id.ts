/**
 * The gateway's key of a call record: `<start in Unix seconds>-<record id>`. cdr/search has no filter by record
 * id, but it has one by start time, so the key carries both: a detail is one search of a one-second window.
 * Record ids that are not plain URL-safe text are written `~<base64url>`.
 */
export interface CallKey {
  startSec: number;
  recordId: string;
}

const PLAIN = /^[A-Za-z0-9._]{1,64}$/;
const ID = /^(\d{1,12})-(~[A-Za-z0-9_-]{1,120}|[A-Za-z0-9._]{1,64})$/;

/** The key of a record; undefined when the record does not say when the call started. */
export function callIdOf(startSec: number | undefined, recordId: string): string | undefined {
  if (startSec === undefined || !Number.isSafeInteger(startSec) || startSec < 0 || recordId === '')
    return undefined;
  const id = PLAIN.test(recordId) ? recordId : `~${Buffer.from(recordId, 'utf8').toString('base64url')}`;
  return `${startSec}-${id}`;
}

/** Reads a key; undefined when it is not one. */
export function parseCallId(text: string): CallKey | undefined {
  const match = ID.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const encoded = match[2];
  const recordId = encoded.startsWith('~')
    ? Buffer.from(encoded.slice(1), 'base64url').toString('utf8')
    : encoded;
  return recordId === '' ? undefined : { startSec: Number(match[1]), recordId };
}
