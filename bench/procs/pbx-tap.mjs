// A TCP pass-through in front of the simulator that notes WHEN each `call/accept_inbound` request reaches
// it (wall clock) and for which channel, so "decision until the PBX has it" is measured at the PBX's door
// instead of at the gateway's acknowledgement; and when each 30016 (a held call) leaves the simulator on the
// event WebSocket, so part 1 can time the gateway from the PBX's event rather than from the request that
// made the simulator hold the call. Bytes are forwarded untouched (HTTP and the event WebSocket).
// Usage: node pbx-tap.mjs <upstream port>; IPC commands `marks` answers [{channelId, at}] and `incoming`
// [{callId, at}], each emptying its list.
import net from 'node:net';
import { serveRpc } from '../lib/rpc.mjs';
import { wallNow } from '../lib/stats.mjs';
import { AcceptSniffer } from '../lib/accept-sniffer.mjs';
import { IncomingCallSniffer } from '../lib/incoming-call-sniffer.mjs';

const upstreamPort = Number(process.argv[2]);
const marks = [];
const incoming = [];

const server = net.createServer((inbound) => {
  inbound.setNoDelay(true);
  const outbound = net.connect(upstreamPort, '127.0.0.1');
  outbound.setNoDelay(true);
  const sniffer = new AcceptSniffer((channelId, at) => marks.push({ channelId, at }));
  inbound.on('data', (chunk) => {
    sniffer.feed(chunk.toString('latin1'), wallNow());
    outbound.write(chunk);
  });
  const events = new IncomingCallSniffer((callId, at) => incoming.push({ callId, at }));
  outbound.on('data', (chunk) => {
    events.feed(chunk.toString('latin1'), wallNow());
    inbound.write(chunk);
  });
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
  incoming: () => incoming.splice(0),
});

server.listen(0, '127.0.0.1', () => {
  console.log(`pbx tap listening on http://127.0.0.1:${server.address().port}`);
});
