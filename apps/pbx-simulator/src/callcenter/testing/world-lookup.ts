import type { InboundRouteInfo, TrunkInfo, WorldInfo } from '../../contracts.js';

/** A controlled trunk, a plain trunk, and a route with a DID on the controlled one. */
export function controlledLine(world: WorldInfo): {
  trunk: TrunkInfo;
  plain: TrunkInfo;
  route: InboundRouteInfo;
  did: string;
} {
  const trunk = world.trunks.find((t) => t.controlled);
  const plain = world.trunks.find((t) => !t.controlled);
  const route = world.inboundRoutes.find((r) => trunk && r.trunk_ids.includes(trunk.id));
  const did = route?.did_patterns[0];
  if (!trunk || !plain || !route || !did) throw new Error('scenario without a controlled line');
  return { trunk, plain, route, did };
}
