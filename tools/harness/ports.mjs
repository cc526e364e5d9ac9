// TCP ports for processes that tests, the bench and `npm start` run.
import { createServer } from 'node:net';

/** A TCP port on `host` that was free a moment ago (the OS picks it), for programs that cannot listen on 0. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port was assigned'))));
    });
  });
}

/** Whether `port` can be listened on: null when it can, else the error code (`EADDRINUSE`, `EACCES`...). */
export function portProblem(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(error.code ?? 'error'));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}
