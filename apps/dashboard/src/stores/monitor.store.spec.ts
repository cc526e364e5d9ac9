import { fail, ok } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import { flush, sessionInfo } from '../../test/support/fake-socket.js';
import { monitorView } from '../../test/support/fixtures.js';
import { freshStores } from '../../test/support/setup.js';
import { useConnectionStore } from './connection.store.js';
import { useMonitorStore } from './monitor.store.js';

async function setup(extension?: string) {
  const { socket } = freshStores();
  useConnectionStore().start('t');
  socket.open(sessionInfo(extension ? { extension } : {}));
  await flush();
  return { socket, monitor: useMonitorStore() };
}

describe('monitor store', () => {
  it('rings the profile’s extension, and asks for one (not an error of the page) when there is none', async () => {
    const none = await setup();
    await expect(none.monitor.listen('1006', 'barge')).resolves.toBe(false);
    expect(none.monitor.error).toBeNull();
    expect(none.monitor.extensionAsk).toEqual({ mode: 'barge' });
    expect(none.socket.sentOf('call:listen')).toEqual([]);
    // Once an extension is set the ask has been answered.
    none.socket.handle('monitor:check', () => ok({ number: '2002', name: 'Desk 2' }));
    await none.monitor.setOverride('2002');
    expect(none.monitor.extensionAsk).toBeNull();

    const { socket, monitor } = await setup('2001');
    expect(monitor.extension).toBe('2001');
    expect(monitor.fromProfile).toBe(true);
    socket.handle('call:listen', () => ok({ callId: '1.1', monitor: monitorView('listen') }));
    await expect(monitor.listen('1006', 'listen')).resolves.toBe(true);
    expect(socket.sentOf('call:listen')).toEqual([{ agent: '1006', monitor: '2001', mode: 'listen' }]);
    expect(monitor.current).toMatchObject({ agent: '1006', mode: 'listen' });
  });

  it('uses an override only once the gateway found it on the PBX', async () => {
    const { socket, monitor } = await setup('2001');
    socket.handle('monitor:check', ({ extension }) =>
      extension === '2002' ? ok({ number: '2002', name: 'Desk 2' }) : fail('not_found', 'no'),
    );
    await expect(monitor.setOverride('2999')).resolves.toBe(false);
    expect(monitor.overrideError).toBe(
      'Extension 2999 does not exist on the PBX; type your own desk-phone extension.',
    );
    expect(monitor.extension).toBe('2001');
    await expect(monitor.setOverride(' 2002 ')).resolves.toBe(true);
    expect(monitor.extension).toBe('2002');
    expect(monitor.fromProfile).toBe(false);
    await monitor.setOverride('');
    expect(monitor.extension).toBe('2001');
  });

  it('follows the gateway’s monitor state, switches mode and stops', async () => {
    const { socket, monitor } = await setup('2001');
    socket.fire('monitor:state', monitorView('listen'));
    expect(monitor.current?.mode).toBe('listen');
    socket.handle('call:listen', ({ mode }) => ok({ callId: '1.1', monitor: monitorView(mode) }));
    await monitor.switchMode('whisper');
    expect(socket.sentOf('call:listen')).toEqual([{ agent: '1006', monitor: '2001', mode: 'whisper' }]);
    expect(monitor.current?.mode).toBe('whisper');
    socket.handle('call:monitor-stop', () => ok({ stopped: true, monitor: monitorView('whisper') }));
    await monitor.stop();
    expect(monitor.current).toBeNull();
    // The call ended by itself: the gateway says so.
    socket.fire('monitor:state', monitorView('barge'));
    socket.fire('monitor:state', null);
    expect(monitor.current).toBeNull();
  });
});
