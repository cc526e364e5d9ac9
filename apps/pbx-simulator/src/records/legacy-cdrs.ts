/**
 * CDRs in the legacy field set (firmware 83.21.0.66 or earlier: `id` and `reason`, no `new_id`), seeded
 * a few days before the simulation starts, so clients meet both field sets in one search like the spec says.
 */
import type { FinishedCall, WorldInfo } from '../contracts.js';
import { SeededRandom } from '../support/seeded-random.js';

/** A legacy CDR's call and its legacy fields. */
export interface LegacyCall {
  call: FinishedCall;
  id: number;
  reason: string;
}

const COUNT = 6;
const REASONS = [
  'Normal Clearing',
  'User busy',
  'No answer',
  'Normal Clearing',
  'Call rejected',
  'Normal Clearing',
];
const DISPOSITIONS: FinishedCall['disposition'][] = [
  'ANSWERED',
  'BUSY',
  'NO ANSWER',
  'ANSWERED',
  'FAILED',
  'ANSWERED',
];

/** The legacy calls of a world, oldest first, ending at least a day before `nowSeconds`. */
export function legacyCalls(world: WorldInfo, seed: number, nowSeconds: number): LegacyCall[] {
  const random = SeededRandom.forKey(seed, 'legacy-cdrs');
  const extensions = world.extensions;
  const trunk = world.trunks[0]?.name ?? '';
  const start = nowSeconds - 3 * 86_400;
  const out: LegacyCall[] = [];
  for (let i = 0; i < COUNT; i++) {
    const from = extensions.length > 0 ? random.pick(extensions) : undefined;
    const to = extensions.length > 0 ? random.pick(extensions) : undefined;
    const inbound = i % 2 === 1 && trunk !== '';
    const disposition = DISPOSITIONS[i] ?? 'ANSWERED';
    const ring = random.int(2, 15);
    const talk = disposition === 'ANSWERED' ? random.int(20, 400) : 0;
    const timestamp = start + i * 7_200 + random.int(0, 3_000);
    const caller = inbound ? `555${random.int(1_000_000, 9_999_999)}` : (from?.number ?? '1000');
    out.push({
      id: i + 1,
      reason: REASONS[i] ?? 'Normal Clearing',
      call: {
        call_id: `${timestamp}.${i + 1}`,
        timestamp,
        type: inbound ? 'Inbound' : 'Internal',
        disposition,
        abandoned: false,
        call_from_number: caller,
        call_from_name: inbound ? '' : (from?.name ?? ''),
        call_to_number: to?.number ?? '1001',
        call_to_name: to?.name ?? '',
        ring_duration: ring,
        queue_wait: 0,
        talk_duration: talk,
        hold_duration: 0,
        duration: ring + talk,
        src_trunk: inbound ? trunk : '',
        dst_trunk: '',
        did_number: '',
        queue_number: '',
        agent_number: disposition === 'ANSWERED' ? (to?.number ?? '') : '',
        recorded: i === 0,
      },
    });
  }
  return out;
}
