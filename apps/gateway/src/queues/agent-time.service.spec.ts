import type { AgentView, QueueView } from '@switchboard/live-protocol';
import { describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config/gateway-config.js';
import type { StreamHub } from '../live/stream-hub.service.js';
import type { AgentTimeStore } from '../ports/agent-time-store.js';
import { AgentTimeService } from './agent-time.service.js';
import type { TodayStatsService } from './today-stats.service.js';

const DAY = 1_000_000_000;
const config = { polling: { queueIntervalMs: 2_000 } } as GatewayConfig;

/** A queue view of one agent, as the hub hands it on: its state since `since`, confirmed at `at`. */
function view(state: AgentView['state'], since: number, at: number, pauseReason = ''): QueueView {
  return views([['1001', state, since]], at, pauseReason);
}

/** A queue view of several agents: [number, state, since] each. */
function views(agents: [string, AgentView['state'], number][], at: number, pauseReason = ''): QueueView {
  return {
    id: 1,
    agents: agents.map(([number, state, since]) => ({
      number,
      name: number,
      state,
      since,
      pauseReason,
      kind: 'static',
    })),
    confirmedAt: at,
  } as unknown as QueueView;
}

function service(store?: AgentTimeStore, today = { dayStart: DAY }) {
  let listener: ((view: QueueView) => void) | undefined;
  const hub = {
    onQueueView: (l: (view: QueueView) => void) => {
      listener = l;
      return () => (listener = undefined);
    },
  } as unknown as StreamHub;
  const agentTime = new AgentTimeService(config, hub, today as TodayStatsService, store);
  return { agentTime, see: (v: QueueView) => listener?.(v), today };
}

function memoryStore(initial?: object): AgentTimeStore & { saved: object[] } {
  const saved: object[] = [];
  return { saved, read: () => Promise.resolve(initial), save: (snapshot) => saved.push(snapshot) };
}

describe('AgentTimeService', () => {
  it('follows each agent from the queue views: a change between polls is dated by its since', async () => {
    const { agentTime, see } = service();
    await agentTime.onModuleInit();
    see(view('available', DAY, DAY + 1_000));
    see(view('available', DAY, DAY + 3_000));
    // Rang at +4 s (an event), seen on the poll at +5 s; answered at +6 s.
    see(view('ringing', DAY + 4_000, DAY + 5_000));
    see(view('on_call', DAY + 6_000, DAY + 6_000));
    see(view('available', DAY + 9_000, DAY + 9_000));
    const figures = agentTime.figures('1001', DAY + 9_000);
    // From the first view's since (midnight here): every second accounted for.
    expect(figures?.stateSec).toMatchObject({ available: 4, ringing: 2, on_call: 3 });
    expect(figures?.unobservedSec).toBe(0);
    expect(figures?.missed).toBe(0);
    agentTime.onModuleDestroy();
  });

  it('counts a stretch of no views longer than three polls as not seen, and a ring left unanswered as missed', async () => {
    const { agentTime, see } = service();
    await agentTime.onModuleInit();
    see(view('available', DAY, DAY));
    see(view('available', DAY, DAY + 60_000)); // the PBX was unreachable for a minute
    see(view('ringing', DAY + 61_000, DAY + 61_000));
    see(view('available', DAY + 64_000, DAY + 64_000));
    const figures = agentTime.figures('1001', DAY + 64_000);
    expect(figures?.unobservedSec).toBe(60);
    expect(figures?.missed).toBe(1);
    agentTime.onModuleDestroy();
  });

  it('does not count a ring as missed when another agent answered the call (a queue that rings all)', async () => {
    const { agentTime, see } = service();
    await agentTime.onModuleInit();
    const ringing: [string, AgentView['state'], number][] = ['1001', '1002', '1003'].map((n) => [
      n,
      'ringing',
      DAY,
    ]);
    see(views(ringing, DAY));
    // 1002 answers; the others stop ringing at the same moment, reported in this view or the next one.
    see(
      views(
        [
          ['1001', 'available', DAY + 4_000],
          ['1002', 'on_call', DAY + 4_000],
          ['1003', 'ringing', DAY],
        ],
        DAY + 4_000,
      ),
    );
    see(
      views(
        [
          ['1001', 'available', DAY + 4_000],
          ['1002', 'on_call', DAY + 4_000],
          ['1003', 'available', DAY + 4_500],
        ],
        DAY + 5_000,
      ),
    );
    expect(['1001', '1002', '1003'].map((n) => agentTime.figures(n, DAY + 5_000)?.missed)).toEqual([0, 0, 0]);
    // A ring that ends with nobody answering, well after, is missed.
    see(
      views(
        [
          ['1001', 'ringing', DAY + 20_000],
          ['1002', 'on_call', DAY + 4_000],
          ['1003', 'available', DAY + 4_500],
        ],
        DAY + 20_000,
      ),
    );
    see(
      views(
        [
          ['1001', 'available', DAY + 30_000],
          ['1002', 'on_call', DAY + 4_000],
          ['1003', 'available', DAY + 4_500],
        ],
        DAY + 30_000,
      ),
    );
    expect(agentTime.figures('1001', DAY + 30_000)?.missed).toBe(1);
    agentTime.onModuleDestroy();
  });

  it('continues the day a store kept, saves at shutdown, and starts afresh on a new day', async () => {
    const store = memoryStore();
    const running = service(store);
    await running.agentTime.onModuleInit();
    running.see(view('paused', DAY, DAY, 'Lunch'));
    running.see(view('paused', DAY, DAY + 10_000, 'Lunch'));
    running.agentTime.onModuleDestroy();
    const kept = store.saved.at(-1);
    expect(kept).toMatchObject({ dayStart: DAY });

    const restarted = service(memoryStore(kept));
    await restarted.agentTime.onModuleInit();
    restarted.see(view('paused', DAY, DAY + 70_000, 'Lunch'));
    expect(restarted.agentTime.figures('1001', DAY + 70_000)?.pausedByReasonSec).toEqual({ Lunch: 10 });
    expect(restarted.agentTime.figures('1001', DAY + 70_000)?.unobservedSec).toBe(60);

    restarted.today.dayStart = DAY + 86_400_000;
    expect(restarted.agentTime.figures('1001', DAY + 86_400_000)).toBeUndefined();
    expect(restarted.agentTime.dayStart).toBe(DAY + 86_400_000);
    // A store of another day is ignored.
    const stale = service(memoryStore({ dayStart: DAY - 86_400_000, agents: [] }));
    await stale.agentTime.onModuleInit();
    expect(stale.agentTime.dayStart).toBe(DAY);
  });
});
