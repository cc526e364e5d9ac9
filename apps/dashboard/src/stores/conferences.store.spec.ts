import { fail, ok } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { conference } from '../../test/support/fixtures.js';
import { flush } from '../../test/support/fake-socket.js';
import { grantingStores } from '../../test/support/setup.js';
import { memberLabel, memberState, useConferencesStore } from './conferences.store.js';
import { useConnectionStore } from './connection.store.js';
import { useStreamsStore } from './streams.store.js';
import { useUacstaStore } from './uacsta.store.js';

async function setup() {
  const { socket } = grantingStores();
  useConnectionStore().start('t');
  socket.open();
  useStreamsStore().want(['conferences', 'uacsta']);
  await flush();
  socket.fire('snapshot', {
    stream: 'conferences',
    kind: 'conferences',
    seq: 1,
    data: [conference('802'), conference('801', 2)],
  });
  return { socket, conferences: useConferencesStore() };
}

describe('conference members in words', () => {
  it('names an extension with its number, an outside caller by number', () => {
    expect(memberLabel({ from: '1131', name: 'Ann Lee' })).toBe('Ann Lee (1131)');
    expect(memberLabel({ from: '+15556498795', name: null })).toBe('+15556498795');
    expect(memberLabel({ from: '', name: null })).toBe('a caller without a number');
  });

  it('says the PBX’s member types and statuses in plain words, never its own spelling', () => {
    expect(memberState({ kind: 'ext', status: 'ANSWERED' })).toBe('extension · connected');
    expect(memberState({ kind: 'trunk', status: 'HOLD' })).toBe('outside line · on hold');
    expect(memberState({ kind: 'sip_gateway', status: 'WEIRD_STATE' })).toBe('in the room');
  });
});

describe('conferences store', () => {
  it('lists conferences by number with their members', async () => {
    const { conferences } = await setup();
    expect(conferences.conferences.map((c) => c.number)).toEqual(['801', '802']);
    expect(conferences.conferences[0]?.members).toHaveLength(2);
  });

  it('kicks the selected members and clears the selection', async () => {
    const { socket, conferences } = await setup();
    socket.handle('conference:kick', ({ members }) => ok({ kicked: members }));
    conferences.toggle('802', 'PJSIP/m1');
    conferences.toggle('802', 'PJSIP/m3');
    conferences.toggle('802', 'PJSIP/m1');
    conferences.toggle('802', 'PJSIP/m2');
    expect(conferences.selected('802')).toEqual(['PJSIP/m2', 'PJSIP/m3']);
    await expect(conferences.kick('802', conferences.selected('802'))).resolves.toBe(true);
    expect(socket.sentOf('conference:kick')).toEqual([
      { conference: '802', members: ['PJSIP/m2', 'PJSIP/m3'] },
    ]);
    expect(conferences.selected('802')).toEqual([]);
    expect(conferences.kickState('802')).toEqual({ pending: false, error: null, done: '2 members removed' });
  });

  it('kicks everyone and shows a refusal', async () => {
    const { socket, conferences } = await setup();
    socket.handle('conference:kick', () => fail('forbidden', 'Viewers cannot kick.'));
    await expect(conferences.kick('801', 'all')).resolves.toBe(false);
    expect(socket.sentOf('conference:kick')).toEqual([{ conference: '801', members: 'all' }]);
    expect(conferences.kickState('801')?.error).toBe('Viewers cannot kick.');
  });

  it('forgets selected members who already left', async () => {
    const { socket, conferences } = await setup();
    conferences.toggle('801', 'PJSIP/m2');
    socket.fire('delta', {
      stream: 'conferences',
      kind: 'conferences',
      seq: 2,
      patch: { upsert: [conference('801', 1)], remove: [] },
    });
    expect(conferences.selected('801')).toEqual([]);
    await expect(conferences.kick('801', [])).resolves.toBe(false);
    expect(conferences.kickState('801')?.error).toBe('Select at least one member first.');
    expect(socket.sentOf('conference:kick')).toEqual([]);
  });
});

describe('uacsta store', () => {
  it('refuses a ringing desk-phone call', async () => {
    const { socket } = await setup();
    socket.fire('snapshot', {
      stream: 'uacsta',
      kind: 'uacsta',
      seq: 1,
      data: [{ key: '1001:c7', extension: '1001', callId: 'c7', state: 'ringing', since: 1 }],
    });
    socket.handle('uacsta:refuse', () => ok({ refused: true }));
    const uacsta = useUacstaStore();
    expect(uacsta.calls).toHaveLength(1);
    const [ringing] = uacsta.calls;
    if (!ringing) throw new Error('no call');
    await expect(uacsta.refuse(ringing)).resolves.toBe(true);
    expect(socket.sentOf('uacsta:refuse')).toEqual([{ extension: '1001', callId: 'c7' }]);
  });
});
