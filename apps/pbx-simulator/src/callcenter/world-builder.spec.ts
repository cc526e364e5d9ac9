import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../support/seeded-random.js';
import { SCENARIOS } from './scenarios.js';
import { buildWorld } from './world-builder.js';
import type { World } from './world.types.js';

const world = (name: keyof typeof SCENARIOS, seed = 42): World =>
  buildWorld(SCENARIOS[name], SeededRandom.stream(seed));
const agentCount = (w: World) => new Set(w.queues.flatMap((q) => q.members.map((m) => m.extId))).size;

describe('buildWorld', () => {
  it.each([
    ['small', 1, 8],
    ['contact-center', 5, 120],
    ['stress', 50, 2000],
  ] as const)('%s has %i queues and %i agents', (name, queues, agents) => {
    const w = world(name);
    expect(w.queues).toHaveLength(queues);
    expect(agentCount(w)).toBe(agents);
    expect(w.extensions.filter((e) => e.role === 'agent')).toHaveLength(agents);
  });

  it('numbers extensions from 1001, queues from 6400 and conferences from 6900', () => {
    const w = world('contact-center');
    expect(w.extensions.slice(0, 3).map((e) => e.number)).toEqual(['1001', '1002', '1003']);
    expect(w.queues.map((q) => q.number)).toEqual(['6400', '6401', '6402', '6403', '6404']);
    expect(w.conferences[0]?.number).toBe('6900');
    expect(new Set(w.extensions.map((e) => e.number)).size).toBe(w.extensions.length);
    for (const ext of w.extensions) expect(ext.ipAddress).toMatch(/^192\.168\.\d+\.\d+:5060$/);
  });

  it('gives queues static and dynamic agents, shares some agents between queues, and varies strategies', () => {
    const w = world('contact-center');
    const types = new Set(w.queues.flatMap((q) => q.members.map((m) => m.type)));
    expect(types).toEqual(new Set(['static', 'dynamic']));
    const memberships = w.queues.reduce((sum, q) => sum + q.members.length, 0);
    expect(memberships).toBeGreaterThan(agentCount(w));
    expect(new Set(w.queues.map((q) => q.strategy)).size).toBe(5);
    for (const q of w.queues) expect(q.profile.callsPerHour).toBeGreaterThan(0);
  });

  it('puts every inbound route on a controlled and a plain trunk and sends it to a queue', () => {
    for (const name of ['small', 'contact-center', 'stress'] as const) {
      const w = world(name);
      expect(w.trunks.some((t) => t.controlled)).toBe(true);
      for (const route of w.routes) {
        const trunks = route.trunk_ids.map((id) => w.trunks.find((t) => t.id === id));
        expect(trunks.some((t) => t?.controlled)).toBe(true);
        expect(trunks.some((t) => t && !t.controlled)).toBe(true);
        expect(route.def_dest).toBe('queue');
        expect(w.queues.some((q) => String(q.id) === route.def_dest_value)).toBe(true);
      }
    }
  });

  it('gives routes ids that are not consecutive, one past 1000, and positions 1..n that are not id order', () => {
    const w = world('contact-center');
    expect(w.routes.map((r) => [r.id, r.pos])).toEqual([
      [1, 2],
      [3, 3],
      [5, 4],
      [7, 5],
      [1015, 1],
    ]);
    for (const name of ['small', 'contact-center', 'stress'] as const) {
      const routes = world(name).routes;
      expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
      expect(routes.map((r) => r.pos).sort((a, b) => a - b)).toEqual(routes.map((_, i) => i + 1));
      expect(routes.some((r) => r.id > 1000)).toBe(true);
    }
  });

  it('has a caller pool with unique numbers, some contacts and a repeat-caller head', () => {
    const w = world('contact-center');
    expect(new Set(w.callers.map((c) => c.number)).size).toBe(w.callers.length);
    const contacts = w.callers.filter((c) => c.contact);
    expect(contacts.length).toBeGreaterThan(w.callers.length * 0.1);
    expect(contacts.every((c) => c.name !== '')).toBe(true);
    expect(w.frequentCallers).toBe(Math.floor(w.callers.length * 0.05));
    expect(w.pauseReasons.map((r) => r.code)).toEqual(['*701', '*702', '*703', '*704']);
  });

  it('is a function of the seed', () => {
    expect(world('small', 1)).toEqual(world('small', 1));
    expect(world('small', 1).extensions.map((e) => e.name)).not.toEqual(
      world('small', 2).extensions.map((e) => e.name),
    );
  });
});
