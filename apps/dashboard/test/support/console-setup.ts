import type { HeldCallView, SessionInfo } from '@switchboard/live-protocol';
import { flushPromises } from '@vue/test-utils';
import { useConnectionStore } from '../../src/stores/connection.store.js';
import { useStreamsStore } from '../../src/stores/streams.store.js';
import { sessionInfo, type FakeSocket } from './fake-socket.js';
import { grantingStores } from './setup.js';

/** Stores connected as `session`, with the inbound stream holding `calls`; the gateway clock `aheadMs` ahead. */
export async function connectedWithCalls(
  calls: HeldCallView[],
  session: SessionInfo = sessionInfo(),
  aheadMs = 0,
): Promise<{ socket: FakeSocket; pinia: ReturnType<typeof grantingStores>['pinia'] }> {
  const { socket, pinia } = grantingStores();
  useConnectionStore().start('t');
  socket.open(session, Date.now() + aheadMs);
  useStreamsStore().want(['inbound']);
  await flushPromises();
  socket.fire('snapshot', { stream: 'inbound', kind: 'inbound', seq: 1, data: calls });
  await flushPromises();
  return { socket, pinia };
}
