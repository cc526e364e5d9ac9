// Finds `call/accept_inbound` requests in the byte stream of one client connection to the PBX: the time is
// taken when the request line arrives; the channel id is read from the JSON body, which may come later.
import { StreamSniffer } from './stream-sniffer.mjs';

const ACCEPT = {
  start: /POST \/openapi\/v1\.0\/call\/accept_inbound[?\s]/,
  id: /"channel_id"\s*:\s*"([^"]+)"/,
  keep: 8_192,
};

/** Feed it the connection's data in order; it calls `onAccept(channelId, at)` once per accept request. */
export class AcceptSniffer extends StreamSniffer {
  constructor(onAccept) {
    super(ACCEPT, onAccept);
  }
}
