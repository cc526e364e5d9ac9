import { fail, ok, type AuditEntryView } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { flush } from '../../test/support/fake-socket.js';
import { freshStores } from '../../test/support/setup.js';
import { useAuditStore } from './audit.store.js';
import { useConnectionStore } from './connection.store.js';

const entry = (id: number, over: Partial<AuditEntryView> = {}): AuditEntryView => ({
  id,
  at: id * 10,
  user: 'ana',
  action: 'inbound:decide',
  target: `c${id}`,
  result: 'ok',
  detail: '',
  facts: { decision: 'refuse', caller: `555000${id}`, line: 'Sales' },
  ...over,
});

async function setup() {
  const { socket } = freshStores();
  useConnectionStore().start('t');
  socket.open();
  await flush();
  return { socket, audit: useAuditStore() };
}

describe('audit store', () => {
  it('follows the trail: the recent entries, then each pushed entry, newest first, never twice', async () => {
    const { socket, audit } = await setup();
    socket.handle('audit:follow', () => ok([entry(1), entry(2)]));
    // Pushed before following: not this screen's yet (the answer carries it).
    socket.fire('audit:entry', entry(9));
    await audit.follow(20);
    expect(socket.sentOf('audit:follow')).toEqual([{ limit: 20 }]);
    expect(audit.entries.map((e) => e.id)).toEqual([2, 1]);
    socket.fire('audit:entry', entry(3));
    socket.fire('audit:entry', entry(3));
    expect(audit.entries.map((e) => e.id)).toEqual([3, 2, 1]);
    // After a drop nothing is followed until the screen asks again.
    socket.drop();
    socket.fire('audit:entry', entry(4));
    expect(audit.entries.map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('filters by person, by action and by text of the sentence', async () => {
    const { socket, audit } = await setup();
    socket.handle('audit:follow', () =>
      ok([
        entry(1),
        entry(2, { user: 'bo', action: 'conference:kick', facts: { conference: '6900', members: 'all' } }),
        entry(3, { user: 'bo', action: 'pbx:queue/list', facts: undefined }),
      ]),
    );
    await audit.follow();
    expect(audit.users).toEqual(['ana', 'bo']);
    audit.filter = { user: 'bo', action: '', text: '' };
    expect(audit.shown.map((e) => e.id)).toEqual([3, 2]);
    audit.filter = { user: '', action: 'pbx', text: '' };
    expect(audit.shown.map((e) => e.id)).toEqual([3]);
    audit.filter = { user: '', action: '', text: 'REFUSED 5550001' };
    expect(audit.shown.map((e) => e.id)).toEqual([1]);
    audit.filter = { user: '', action: '', text: 'ended conference' };
    expect(audit.shown.map((e) => e.id)).toEqual([2]);
  });

  it('keeps what it has and says why when following is refused', async () => {
    const { socket, audit } = await setup();
    socket.handle('audit:follow', () => ok([entry(1)]));
    await audit.follow();
    socket.handle('audit:follow', () => fail('forbidden', 'Only supervisors see the audit log.'));
    await audit.follow();
    expect(audit.error).toBe('Only supervisors see the audit log.');
    expect(audit.entries).toHaveLength(1);
  });
});
