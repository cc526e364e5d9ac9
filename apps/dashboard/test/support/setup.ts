import { ok } from '@switchboard/live-protocol';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { setSocketFactory } from '../../src/socket/live-socket.js';
import { FakeSocket } from './fake-socket.js';

/** A fresh Pinia and a fake socket that every store of this test will use. */
export function freshStores(): { socket: FakeSocket; pinia: Pinia } {
  const socket = new FakeSocket();
  setSocketFactory((auth) => {
    socket.auth = auth;
    return socket;
  });
  const pinia = createPinia();
  setActivePinia(pinia);
  return { socket, pinia };
}

/** Fresh stores whose fake gateway grants every stream the page subscribes to. */
export function grantingStores(): { socket: FakeSocket; pinia: Pinia } {
  const stores = freshStores();
  stores.socket.handle('subscribe', ({ streams }) => ok({ granted: streams, denied: [] }));
  return stores;
}
