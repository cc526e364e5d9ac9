import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes on bytes `start` to `end` (inclusive) of a stream and drops the rest: for a PBX that answers a
 * range request with the whole file (200), so the browser still gets the range it asked for. Ends (and lets
 * the source be destroyed by the pipeline) once the range is through.
 */
export class RangeSlice extends Transform {
  private position = 0;

  constructor(
    private readonly first: number,
    private readonly last: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const from = this.position;
    this.position += chunk.length;
    if (this.position <= this.first || from > this.last) return done();
    const slice = chunk.subarray(
      Math.max(0, this.first - from),
      Math.min(chunk.length, this.last + 1 - from),
    );
    this.push(slice);
    if (this.position > this.last) this.push(null);
    done();
  }
}
