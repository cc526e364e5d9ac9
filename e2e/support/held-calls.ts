import type { Locator, Page } from 'playwright-core';
import type { SimulatorProcess, SimWorld } from './simulator-process.js';

/** Where a held call comes in: the controlled trunk's name and the first DID of its inbound route. */
export interface HeldLine {
  trunk: string;
  did: string;
}

/** The world's controlled line (calls on it wait for a supervisor's decision: event 30016). */
export function controlledLine(world: SimWorld): HeldLine {
  const trunk = world.trunks.find((t) => t.controlled);
  const route = world.inboundRoutes.find((r) => trunk && r.trunk_ids.includes(trunk.id));
  if (!trunk || !route?.did_patterns[0]) throw new Error('the scenario has no controlled inbound route');
  return { trunk: trunk.name, did: route.did_patterns[0] };
}

/** Holds a new inbound call from `from` on `line` (the PBX sends 30016); answers its call id. */
export async function holdCall(simulator: SimulatorProcess, line: HeldLine, from: string): Promise<string> {
  const held = await simulator.post<{ call_id: string }>('/sim/inbound-calls', {
    from,
    to: line.did,
    trunk_name: line.trunk,
  });
  return held.call_id;
}

/** The prompt card `page` shows for call `callId`, once visible (within `timeout` ms, or the page's default). */
export async function promptCard(page: Page, callId: string, timeout?: number): Promise<Locator> {
  const card = page.locator(`[data-testid="prompt-card"][data-call-id="${callId}"]`);
  await card.waitFor(timeout === undefined ? undefined : { state: 'visible', timeout });
  return card;
}
