import type { QueueView, SessionInfo } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../auth/token-signer.js';
import { parseContentRange, parseRange, rangeHeader, resolveRange } from './byte-range.js';
import { callInScope, callScopeOf } from './call-scope.js';
import { CallTickets, sessionIdOf } from './call-tickets.js';
import { csvCell, csvRow } from './csv.js';
import { RangeSlice } from './range-slice.js';
import { RecentKeys } from './recent-keys.js';
import { TranscriptCache } from './transcript-cache.js';

const session = (role: SessionInfo['role'], queues: SessionInfo['queues'], display = false) =>
  ({ role, queues, display }) as Pick<SessionInfo, 'role' | 'queues' | 'display'>;
const view = (id: number, number: string, agents: string[]) =>
  ({ id, number, agents: agents.map((n) => ({ number: n })) }) as unknown as QueueView;
const views = (id: number) =>
  id === 1 ? view(1, '6400', ['1001', '1002']) : id === 2 ? view(2, '6401', ['1003']) : undefined;
const call = (from: string, to: string, did = '', trunk = '') => ({ from, to, did, trunk });

describe('call scope', () => {
  it('admins and sessions of every queue see every call; viewers and display links none', () => {
    expect(callScopeOf(session('admin', [1]), views)).toBe('all');
    expect(callScopeOf(session('supervisor', 'all'), views)).toBe('all');
    expect(callScopeOf(session('viewer', 'all'), views)).toBe('none');
    expect(callScopeOf(session('supervisor', [1], true), views)).toBe('none');
    expect(callInScope('none', call('1001', '1002'))).toBe(false);
  });

  it('a supervisor of queue 1 sees calls touching queue 1 or its agents, or routed to it', () => {
    const scope = callScopeOf(session('supervisor', [1]), views);
    expect(callInScope(scope, call('5550001', '6400'))).toBe(true);
    expect(callInScope(scope, call('5550001', '1002'))).toBe(true);
    expect(callInScope(scope, call('1001', '5550001'))).toBe(true);
    expect(callInScope(scope, call('5550001', '6401'))).toBe(false);
    expect(callInScope(scope, call('5550001', '1003'))).toBe(false);
    const routes = (c: { did: string }) => (c.did === '800100' ? 1 : c.did === '800200' ? 2 : undefined);
    expect(callInScope(scope, call('5550001', '9999', '800100', 't'), routes)).toBe(true);
    expect(callInScope(scope, call('5550001', '9999', '800200', 't'), routes)).toBe(false);
    // A call the gateway cannot place is not shown to a limited scope.
    expect(callInScope(scope, call('5550001', '9999', '800300', 't'), routes)).toBe(false);
  });
});

describe('CSV', () => {
  it('quotes per RFC 4180', () => {
    expect(csvRow(['a', 'b,c', 'say "hi"', 'two\nlines', 3, null])).toBe(
      'a,"b,c","say ""hi""","two\nlines",3,\r\n',
    );
  });
  it('keeps spreadsheets from running cells as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    // Text a spreadsheet would run is kept as text by a leading apostrophe.
    for (const formula of ['+4930123', '-1', '@SUM(A1)', '\tcmd'])
      expect(csvCell(formula)).toBe(`'${formula}`);
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell('5551234')).toBe('5551234');
  });
});

describe('byte ranges', () => {
  it('reads one range of a Range header', () => {
    expect(parseRange(undefined)).toBeUndefined();
    expect(parseRange('bytes=0-')).toEqual({ start: 0 });
    expect(parseRange('bytes=100-199')).toEqual({ start: 100, end: 199 });
    expect(parseRange('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRange('items=0-1')).toBeUndefined();
    for (const bad of ['bytes=5-1', 'bytes=-', 'bytes=0-1,5-9', 'bytes=x-1', 'bytes=-0'])
      expect(parseRange(bad), bad).toBe('invalid');
  });
  it('resolves a range against a file size, or says it lies outside', () => {
    expect(resolveRange({ start: 0 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange({ start: 10, end: 5000 }, 1000)).toEqual({ start: 10, end: 999 });
    expect(resolveRange({ suffix: 100 }, 1000)).toEqual({ start: 900, end: 999 });
    expect(resolveRange({ suffix: 5000 }, 1000)).toEqual({ start: 0, end: 999 });
    expect(resolveRange({ start: 1000 }, 1000)).toBeUndefined();
    expect(rangeHeader({ start: 5 })).toBe('bytes=5-');
    expect(rangeHeader({ suffix: 5 })).toBe('bytes=-5');
  });
  it('reads a Content-Range answer', () => {
    expect(parseContentRange('bytes 0-99/1000')).toEqual({ start: 0, end: 99, size: 1000 });
    expect(parseContentRange('bytes 0-99/*')).toEqual({ start: 0, end: 99, size: null });
    expect(parseContentRange('bytes 9-1/10')).toBeUndefined();
    expect(parseContentRange(undefined)).toBeUndefined();
  });
});

describe('call tickets', () => {
  const now = { t: 1_000_000 };
  const signer = new TokenSigner('a-test-secret-of-enough-length', () => now.t);
  const revoked = new Set<string>();
  const tickets = new CallTickets(signer, { isRevoked: (jti) => revoked.has(jti) }, 300_000);

  it('lets through the user, purpose and call it was issued for, until it expires', () => {
    const { ticket, expiresAt } = tickets.issue({ user: 'sup', purpose: 'play', subject: '1-100' });
    expect(expiresAt).toBe(1_300_000);
    expect(tickets.check(ticket, ['play', 'download'], '1-100')).toEqual({
      ok: true,
      grant: { user: 'sup', purpose: 'play', subject: '1-100' },
    });
    expect(tickets.check(ticket, ['play'], '1-101').ok).toBe(false);
    expect(tickets.check(ticket, ['export']).ok).toBe(false);
    now.t += 300_000;
    const expired = tickets.check(ticket, ['play'], '1-100');
    expect(!expired.ok && expired.message).toMatch(/expired/);
    now.t = 1_000_000;
  });

  it('is neither a session token nor accepted when made with the session key', () => {
    const { ticket } = tickets.issue({ user: 'admin', purpose: 'download', subject: '1-100' });
    expect(signer.verify(ticket).ok).toBe(false);
    const session = signer.issue('session', 'admin', 60_000).token;
    expect(tickets.check(session, ['play', 'download'], '1-100').ok).toBe(false);
    expect(tickets.check('garbage', ['play']).ok).toBe(false);
    expect(tickets.check(undefined, ['play']).ok).toBe(false);
  });

  it('stops working when the sign-in it was issued under is revoked (logout), not only when it expires', () => {
    const principal = { source: { kind: 'session' as const, jti: 'jti-1', expiresAt: 2_000_000 } };
    const { ticket } = tickets.issue({
      user: 'sup',
      purpose: 'play',
      subject: '1-100',
      ...sessionIdOf(principal),
    });
    expect(tickets.check(ticket, ['play'], '1-100')).toEqual({
      ok: true,
      grant: { user: 'sup', purpose: 'play', subject: '1-100', sessionId: 'jti-1' },
    });
    revoked.add('jti-1');
    const refused = tickets.check(ticket, ['play'], '1-100');
    expect(!refused.ok && refused.message).toMatch(/sign-in/);
    // A proxy identity has no token to revoke: its tickets live their few minutes.
    expect(sessionIdOf({ source: { kind: 'proxy' } })).toEqual({});
  });
});

describe('TranscriptCache', () => {
  it('forgets entries after their time and the oldest beyond capacity', () => {
    const now = { t: 0 };
    const cache = new TranscriptCache(1_000, 2, () => now.t);
    cache.set('a', { missing: 'none' });
    cache.set('b', { missing: 'none' });
    cache.set('c', { missing: 'none' });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual({ missing: 'none' });
    now.t = 1_000;
    expect(cache.get('c')).toBeUndefined();
  });
});

describe('RangeSlice', () => {
  const sliced = async (chunks: string[], first: number, last: number) => {
    const slice = new RangeSlice(first, last);
    const out: Buffer[] = [];
    slice.on('data', (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => slice.on('end', resolve));
    for (const chunk of chunks) slice.write(Buffer.from(chunk));
    slice.end();
    await ended;
    return Buffer.concat(out).toString();
  };

  it('passes on exactly the range, across chunk borders', async () => {
    expect(await sliced(['0123', '4567', '89'], 3, 6)).toBe('3456');
    expect(await sliced(['0123456789'], 0, 9)).toBe('0123456789');
    expect(await sliced(['01', '23', '45'], 5, 5)).toBe('5');
    expect(await sliced(['0123'], 2, 99)).toBe('23');
  });
});

describe('RecentKeys', () => {
  it('says first once per key within the window, again after it, and forgets beyond capacity', () => {
    const now = { t: 0 };
    const keys = new RecentKeys(1_000, 2, () => now.t);
    expect(keys.first('a')).toBe(true);
    expect(keys.first('a')).toBe(false);
    now.t = 999;
    expect(keys.first('a')).toBe(false);
    now.t = 1_000;
    expect(keys.first('a')).toBe(true);
    expect(keys.first('b')).toBe(true);
    expect(keys.first('c')).toBe(true);
    expect(keys.first('a')).toBe(true);
  });
});
