// A TCP pass-through in front of the simulator that notes WHEN each `call/accept_inbound` request reaches
// it (wall clock) and for which channel, so "decision until the PBX has it" is measured at the PBX's door
// instead of at the gateway's acknowledgement. Bytes are forwarded untouched (HTTP and the event WebSocket).
// Usage: node pbx-tap.mjs <upstream port>; IPC command `marks` answers [{channelId, at}].
import net from 'node:net';
import { serveRpc } from '../lib/rpc.mjs';
import { wallNow } from '../lib/stats.mjs';
import { AcceptSniffer } from '../lib/accept-sniffer.mjs';

const upstreamPort = Number(process.argv[2]);
const marks = [];

const server = net.createServer((inbound) => {
  inbound.setNoDelay(true);
  const outbound = net.connect(upstreamPort, '127.0.0.1');
  outbound.setNoDelay(true);
  const sniffer = new AcceptSniffer((channelId, at) => marks.push({ channelId, at }));
  inbound.on('data', (chunk) => {
    sniffer.feed(chunk.toString('latin1'), wallNow());
    outbound.write(chunk);
  });
  outbound.on('data', (chunk) => inbound.write(chunk));
  const end = () => {
    inbound.destroy();
    outbound.destroy();
  };
  inbound.on('close', end);
  outbound.on('close', end);
  inbound.on('error', end);
  outbound.on('error', end);
});

serveRpc({
  marks: () => marks.splice(0),
});

server.listen(0, '127.0.0.1', () => {
  console.log(`pbx tap listening on http://127.0.0.1:${server.address().port}`);
});
