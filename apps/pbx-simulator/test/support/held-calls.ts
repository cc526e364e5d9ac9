/**
 * Held inbound calls on a simulator running the real call center: a caller on a controlled trunk, and where
 * a call stands in its inbound route's queue, read over HTTP.
 */
import type { RunningSimulator } from '../../src/simulator.js';
import { api, post } from './sim-harness.js';

/** What POST /sim/inbound-calls needs for a call on a controlled trunk, and the id of the queue it routes to. */
export interface ControlledLine {
  input: { from: string; to: string; trunk_name: string };
  queueId: number;
}

/** The first controlled trunk with an inbound route, and a DID number that route matches. */
export function controlledLine(sim: RunningSimulator, from = '5503301'): ControlledLine {
  const world = sim.control.world();
  const trunk = world.trunks.find((t) => t.controlled);
  const route = world.inboundRoutes.find((r) => trunk && r.trunk_ids.includes(trunk.id));
  if (!trunk || !route) throw new Error('the scenario has no controlled trunk with a route');
  // A DID pattern such as `_555000X` matches the number with each wildcard replaced by 1.
  const to = (route.did_patterns[0] ?? '').replace(/^_/, '').replace(/[XZN.!]/g, '1');
  return { input: { from, to, trunk_name: trunk.name }, queueId: Number(route.def_dest_value) };
}

/** Holds a new inbound call through the control surface; answers its call and channel ids. */
export async function holdCall(
  sim: RunningSimulator,
  line: ControlledLine,
): Promise<{ call_id: string; channel_id: string }> {
  const { status, body } = await post(sim.url, '/sim/inbound-calls', line.input);
  if (status !== 200) throw new Error(`POST /sim/inbound-calls failed: ${JSON.stringify(body)}`);
  return body as { call_id: string; channel_id: string };
}

/** How often `callId` appears in the queue's waiting, ringing and active lists (queue/call_status). */
export async function timesInQueue(
  sim: RunningSimulator,
  accessToken: string,
  queueId: number,
  callId: string,
): Promise<number> {
  const { body } = await api(sim, accessToken, 'queue/call_status', { id: queueId });
  if (body['errcode'] !== 0) throw new Error(`queue/call_status failed: ${JSON.stringify(body)}`);
  const lists = ['waiting_list', 'ringing_list', 'active_list'].flatMap(
    (key) => (body[key] as { call_id: string }[] | undefined) ?? [],
  );
  return lists.filter((entry) => entry.call_id === callId).length;
}
