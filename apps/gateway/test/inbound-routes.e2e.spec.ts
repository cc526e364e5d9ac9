import type { HeldCallView } from '@switchboard/live-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../src/create-app.js';
import { InboundRoutesService } from '../src/inbound/inbound-routes.service.js';
import { QueuesService } from '../src/queues/queues.service.js';
import { tokenFor } from './support/auth-fixtures.js';
import { connectClient, waitFor, type TestClient } from './support/command-client.js';
import { eventStreamOpen, startStack, stopStack } from './support/stack.js';
import type { RunningSimulator } from './support/simulator.js';

/** What GET /sim/world tells about routes, trunks and queues. */
interface World {
  trunks: { id: number; name: string; controlled: boolean }[];
  inboundRoutes: {
    id: number;
    pos: number;
    did_patterns: string[];
    trunk_ids: number[];
    def_dest_value: string;
  }[];
  queues: { id: number; number: string; name: string }[];
}

/**
 * The inbound routes as the gateway learns them from the simulator over HTTP: from inbound_route/list (every
 * page, table order) and inbound_route/query by the listed ids, never by probing ids. The contact-center world
 * has route ids that are not consecutive and one past 1000; a call held on that route reaches the supervisor's
 * prompt with its queue and the route's default destination.
 */
describe('inbound routes from the PBX’s route list', () => {
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let sup: TestClient;
  let world: World;

  beforeAll(async () => {
    ({ sim, gateway } = await startStack(
      { scenario: 'contact-center', seed: 5, trafficRate: 0, holdWindowMs: 8_000 },
      { POLL_QUEUES_MS: '500', PBX_MAX_REQUESTS_PER_SECOND: '100' },
    ));
    world = await sim.get<World>('/sim/world');
    const routes = gateway.app.get(InboundRoutesService);
    const queues = gateway.app.get(QueuesService);
    await eventStreamOpen(gateway);
    await waitFor(() => routes.loaded, 'the inbound routes', 10_000);
    await waitFor(() => world.queues.every((queue) => queues.view(queue.id)), 'every queue', 10_000);
    sup = await connectClient(gateway.url, tokenFor(gateway, 'sup'));
    await sup.subscribe(['inbound']);
  }, 30_000);
  afterAll(async () => {
    sup?.close();
    await stopStack(gateway, sim);
  });

  it('learns every route, in table order, from the list and one query of the listed ids', async () => {
    const current = gateway.app.get(InboundRoutesService).current();
    const inTableOrder = [...world.inboundRoutes].sort((a, b) => a.pos - b.pos);
    expect(current?.routes.map((route) => [route.id, route.pos])).toEqual(
      inTableOrder.map((route) => [route.id, route.pos]),
    );
    expect(world.inboundRoutes.some((route) => route.id > 1000)).toBe(true);
    // One list page and one query per read: no id is ever guessed.
    const ops = (await sim.stats()).requests.by_operation;
    expect(ops['inbound_route/list']).toBeGreaterThanOrEqual(1);
    expect(ops['inbound_route/query']).toBe(ops['inbound_route/list']);
  });

  it('gives a call held on the route with an id past 1000 its queue and the route’s default destination', async () => {
    const route = world.inboundRoutes.find((r) => r.id > 1000);
    const trunk = world.trunks.find((t) => t.controlled && route?.trunk_ids.includes(t.id));
    const did = route?.did_patterns[0];
    const queue = world.queues.find((q) => String(q.id) === route?.def_dest_value);
    if (!route || !trunk || !did || !queue)
      throw new Error('no controlled line on a route with an id past 1000');
    const held = await sim.post<{ call_id: string }>('/sim/inbound-calls', {
      from: '5550101234',
      to: did,
      trunk_name: trunk.name,
    });
    expect(held.status).toBe(200);
    const call = await waitFor(
      () =>
        (sup.data<'inbound'>('inbound') as HeldCallView[] | undefined)?.find(
          (c) => c.callId === held.body.call_id,
        ),
      'the held call on the supervisor’s prompt',
    );
    expect(call).toMatchObject({
      status: 'pending',
      queueId: queue.id,
      defaultDestination: `queue ${queue.name} (${queue.number})`,
    });
    expect(call).not.toHaveProperty('destination');
  });
});
