// The baseline: a bare socket.io server with no application logic, in its own process. Clients connect
// (websocket only), `subscribe` joins rooms and is acknowledged like the gateway's; POST /push broadcasts
// one delta shaped like the gateway's inbound delta, padded to the byte size asked for, to one room.
// GET /memory answers the process's memory after a full GC (run with --expose-gc).
import http from 'node:http';
import { Server } from 'socket.io';

const ROOM = 'stream:inbound';
let seq = 0;

/** A delta like the gateway's for a new held call, whose JSON is `size` characters long (at least minimal). */
function paddedDelta(id, size) {
  const call = { callId: id, status: 'pending', pad: '' };
  const delta = { stream: 'inbound', kind: 'inbound', seq: ++seq, patch: { upsert: [call], remove: [] } };
  const missing = size - JSON.stringify(delta).length;
  if (missing > 0) call.pad = 'x'.repeat(missing);
  return delta;
}

function readJson(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString() || '{}'));
      } catch (error) {
        reject(error);
      }
    });
    request.on('error', reject);
  });
}

function memory() {
  if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed, clients: io.of('/').sockets.size };
}

const server = http.createServer(async (request, response) => {
  const send = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  try {
    if (request.method === 'POST' && request.url === '/push') {
      const { id, size } = await readJson(request);
      if (typeof id !== 'string' || !Number.isInteger(size))
        return send(400, { error: 'id and size required' });
      io.to(ROOM).emit('delta', paddedDelta(id, size));
      return send(200, { pushed: id });
    }
    if (request.method === 'GET' && request.url === '/memory') return send(200, memory());
    request.resume();
    send(404, { error: 'not found' });
  } catch (error) {
    send(400, { error: error instanceof Error ? error.message : String(error) });
  }
});

const io = new Server(server, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  socket.on('subscribe', (payload, ack) => {
    const streams = Array.isArray(payload?.streams) ? payload.streams : [];
    for (const stream of streams) void socket.join(stream === 'inbound' ? ROOM : `stream:${stream}`);
    if (typeof ack === 'function') ack({ ok: true, data: { granted: streams, denied: [] } });
  });
});

// Exit with the bench that started it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 500).unref();

server.listen(0, '127.0.0.1', () => {
  console.log(`bare socket.io listening on http://127.0.0.1:${server.address().port}`);
});
