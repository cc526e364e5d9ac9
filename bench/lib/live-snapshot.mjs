// A one-off look at the gateway's live data from the bench process itself: connect, subscribe, wait for
// the snapshots, disconnect. Used to pick agents and queues before a part starts its load.
import { io } from 'socket.io-client';

/** Snapshots of `streams` (stream id -> data) once every one has arrived; rejects after `timeoutMs`. */
export function fetchSnapshots(url, token, streams, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    const data = new Map();
    const finish = (error) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolve(data);
    };
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            `snapshots of ${streams.length - data.size} of ${streams.length} streams missing after ${timeoutMs} ms`,
          ),
        ),
      timeoutMs,
    );
    socket.on('snapshot', (snapshot) => {
      data.set(snapshot.stream, snapshot.data);
      if (streams.every((s) => data.has(s))) finish();
    });
    socket.once('connect_error', (error) => finish(error));
    socket.once('connect', () => {
      socket.emit('subscribe', { streams }, (answer) => {
        if (!answer?.ok) finish(new Error(`subscribe refused: ${answer?.error?.message}`));
      });
    });
  });
}
