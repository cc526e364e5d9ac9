import { describe, expect, it } from 'vitest';
import { parsePrometheus } from '../lib/http.mjs';
import { pickQueues } from '../parts/dashboard.mjs';
import { markerAgents, sustainedRate } from '../parts/throughput.mjs';

describe('parsePrometheus', () => {
  it('reads samples with and without labels and skips comments', () => {
    const values = parsePrometheus(
      [
        '# HELP switchboard_process_resident_memory_bytes Resident memory size in bytes.',
        '# TYPE switchboard_process_resident_memory_bytes gauge',
        'switchboard_process_resident_memory_bytes 123456789',
        'switchboard_pbx_requests_total{operation="queue/agent_status"} 42',
        '',
      ].join('\n'),
    );
    expect(values.get('switchboard_process_resident_memory_bytes')).toBe(123456789);
    expect(values.get('switchboard_pbx_requests_total{operation="queue/agent_status"}')).toBe(42);
    expect(values.size).toBe(2);
  });
});

describe('pickQueues', () => {
  const queue = (id, numbers) => ({
    id,
    number: String(6399 + id),
    agents: numbers.map((n) => ({ number: String(n) })),
  });
  const snapshots = new Map([
    ['queue:2', queue(2, [4, 5, 6])],
    ['queue:1', queue(1, [1, 2, 3])],
    ['queue:3', queue(3, [3, 7, 8, 9, 10, 11, 12])],
    ['queue:4', queue(4, [13])],
  ]);

  it('takes queues in id order until the distinct agents reach the wanted number', () => {
    const picked = pickQueues(snapshots, 6);
    expect(picked.ids).toEqual([1, 2]);
    expect(picked.count).toBe(6);
    expect(picked.agents).toContainEqual({ number: '4', queue: '6401' });
  });

  it('skips a queue that would overshoot by more than 10 %, and counts shared agents once', () => {
    const picked = pickQueues(snapshots, 7);
    expect(picked.ids).toEqual([1, 2, 4]);
    expect(picked.count).toBe(7);
  });
});

describe('part 5 helpers', () => {
  it('marks a logged-out agent of each queue when there is one', () => {
    const snapshots = new Map([
      [
        'queue:1',
        {
          number: '6400',
          agents: [
            { number: '1001', state: 'on_call' },
            { number: '1002', state: 'logged_out' },
          ],
        },
      ],
      ['queue:2', { number: '6401', agents: [{ number: '1003', state: 'available' }] }],
      ['queue:3', { number: '6402', agents: [] }],
    ]);
    expect(markerAgents(snapshots)).toEqual([
      { queue: '6400', number: '1002', loggedOut: true },
      { queue: '6401', number: '1003', loggedOut: false },
    ]);
  });

  it('the sustained rate is the highest passing rate below the first miss, in event-rate order', () => {
    const step = (eventsPerSec, ok) => ({ eventsPerSec, ok });
    const passes = (s) => s.ok;
    const steps = [step(470, true), step(920, false), step(560, true), step(1325, true)];
    expect(sustainedRate(steps, passes)).toEqual({ best: step(560, true), firstMiss: step(920, false) });
    expect(sustainedRate([step(100, true), step(200, true)], passes)).toEqual({
      best: step(200, true),
      firstMiss: undefined,
    });
    expect(sustainedRate([step(100, false)], passes).best).toBeUndefined();
  });
});
