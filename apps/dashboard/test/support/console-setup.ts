import { ok, type HeldCallView, type SessionInfo } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { useConnectionStore } from '../../src/stores/connection.store.js';
import { useStreamsStore } from '../../src/stores/streams.store.js';
import { sessionInfo, type FakeSocket } from './fake-socket.js';
import { freshStores } from './setup.js';

/** Stores connected as `session`, with the inbound stream holding `calls`; the gateway clock `aheadMs` ahead. */
export async function connectedWithCalls(
  calls: HeldCallView[],
  session: SessionInfo = sessionInfo(),
  aheadMs = 0,
): Promise<{ socket: FakeSocket; pinia: ReturnType<typeof freshStores>['pinia'] }> {
  const { socket, pinia } = freshStores();
  socket.handle('subscribe', ({ streams }) => ok({ granted: streams, denied: [] }));
  useConnectionStore().start('t');
  socket.open(session, Date.now() + aheadMs);
  useStreamsStore().want(['inbound']);
  await flushPromises();
  socket.fire('snapshot', { stream: 'inbound', kind: 'inbound', seq: 1, data: calls });
  await flushPromises();
  return { socket, pinia };
}
