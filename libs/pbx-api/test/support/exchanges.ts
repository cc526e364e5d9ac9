import { expect, it } from 'vitest';
import type { PbxClient } from '../../src/index.js';
import { clientOn, FakePbx, ok, wire, type SeenRequest } from './fake-pbx.js';

/** One call of a resource method against a fake PBX: what must go out, and what must come back. */
export interface Exchange<R = unknown> {
  /** Where the request goes, as `wire` reads it: `GET v1.0 queue/list`. */
  sends: string;
  /** What the case shows, starting with the method; the test is named `sends: name`. */
  name: string;
  /** The PBX's answer body (`ok({})` when left out). */
  answer?: unknown;
  /** What the PBX answers under `data` (in place of `answer`), which the method must return as it came. */
  data?: unknown;
  call: (pbx: PbxClient) => Promise<R>;
  /** What else the request must carry (query, body, headers), matched as a subset. */
  carrying?: Partial<SeenRequest>;
  /** Checks of the result, and of the request beyond `carrying`. */
  returns?: (result: R, sent: SeenRequest) => void;
}

/** A row whose `returns` is typed by what `call` resolves to. */
export function exchange<R>(row: Exchange<R>): Exchange {
  return row as unknown as Exchange;
}

/**
 * One test per row: the call goes out once, to where `sends` says, carrying what the row names, and its
 * result passes the row's checks.
 */
export function itSendsEach(rows: readonly Exchange[]): void {
  const named = rows.map((row) => [`${row.sends}: ${row.name}`, row] as const);
  it.each(named)('%s', async (_name, { sends, answer, data, call, carrying, returns }) => {
    const fake = new FakePbx().reply({ body: answer ?? ok(data === undefined ? {} : { data }) });
    const result = await call(clientOn(fake));
    expect(fake.requests).toHaveLength(1);
    expect(fake.last).toMatchObject(wire(sends, carrying));
    if (data !== undefined) expect((result as { data: unknown }).data).toEqual(data);
    returns?.(result, fake.last);
  });
}
