import { describe, expect, it } from 'vitest';
import { CONFERENCES_ROOM, queueRoom, streamRoom } from './index.js';

describe('streamRoom', () => {
  it('uses the queue room for queue streams and one room per other stream', () => {
    expect(streamRoom('queue:12')).toBe(queueRoom(12));
    expect(streamRoom('conferences')).toBe(CONFERENCES_ROOM);
    expect(streamRoom('inbound')).toBe('stream:inbound');
    expect(streamRoom('health')).toBe('stream:health');
    expect(streamRoom('inbound:1')).toBe('stream:inbound:1');
    expect(
      new Set(
        ['queue:1', 'queue:2', 'inbound', 'inbound:1', 'uacsta', 'uacsta:1', 'health'].map((s) =>
          streamRoom(s as never),
        ),
      ).size,
    ).toBe(7);
  });
});
