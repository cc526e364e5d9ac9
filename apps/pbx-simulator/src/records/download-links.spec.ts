import { describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_TTL_MS, DownloadLinks } from './download-links.js';

const recording = (recordingId: number) => ({ kind: 'recording' as const, recordingId });

describe('DownloadLinks', () => {
  it('a link works until 30 minutes after it was issued, however many links follow it', () => {
    let now = 0;
    const links = new DownloadLinks({ now: () => now });
    const first = links.issue('Recording-1-', '.wav', recording(1));
    for (let i = 0; i < 5_000; i++) links.issue('Recording-2-', '.wav', recording(2));
    now = DOWNLOAD_LINK_TTL_MS - 1;
    expect(links.get(first)).toEqual(recording(1));
    now = DOWNLOAD_LINK_TTL_MS;
    expect(links.get(first)).toBeUndefined();
  });

  it('forgets expired links as new ones are issued, so memory follows the rate of requests', () => {
    let now = 0;
    const links = new DownloadLinks({ now: () => now, ttlMs: 1_000 });
    for (let i = 0; i < 100; i++) links.issue('a-', '.json', { kind: 'ai', params: {}, upToSeq: i });
    now = 1_000;
    links.issue('b-', '.json', { kind: 'ai', params: {}, upToSeq: 0 });
    expect(links.size).toBe(1);
  });

  it('names are unguessable and keep the prefix and suffix; expireAll ends every link at once', () => {
    const links = new DownloadLinks();
    const a = links.issue('Recording-7-download-', '.wav', recording(7));
    const b = links.issue('Recording-7-download-', '.wav', recording(7));
    expect(a).toMatch(/^Recording-7-download-[\w-]{16}\.wav$/);
    expect(a).not.toBe(b);
    expect(links.expireAll()).toBe(2);
    expect([links.get(a), links.get(b)]).toEqual([undefined, undefined]);
  });
});
