// How long and how big each part runs. `quick` is the short set on a 2-core machine; `full` is the run
// recorded in BENCHMARKS.md. Every figure is the median of `runs` runs (or windows, or samples). Part 5
// ramps the simulator's traffic through `trafficRates` in ascending order; ×1 is its baseline.

/** Part 9's mix, the same in both profiles but for how many viewers and how long. */
const MIXED = {
  tvs: 50,
  supervisors: 50,
  promptRate: 2,
  queueChangeRate: 2,
  trafficRate: 1,
  loadProcesses: 4,
  // One process, then socket workers (SOCKET_WORKERS): the prompt path with and without the fan-out moved out.
  socketWorkers: [0, 1],
};

export const PROFILES = {
  quick: {
    name: 'quick',
    eventToScreen: { clients: [100, 1000], runs: 3, seconds: 1.5, rate: 10, loadProcesses: 4 },
    decision: { others: 100, runs: 3, decisions: 8, loadProcesses: 2 },
    pbxLoad: { clients: [1, 100, 1000], runs: 2, windowSec: 4, replicas: 3, loadProcesses: 4 },
    memory: { clients: [1000, 5000], samples: 3, loadProcesses: 4 },
    throughput: {
      clients: 50,
      runs: 2,
      windowSec: 2.5,
      markerRate: 10,
      trafficRates: [0.2, 1, 10],
      loadProcesses: 2,
    },
    dashboard: { runs: 3, longTaskSec: 6, heapAtSec: [8, 18], changesPerSec: 20 },
    intervalTile: { agents: 500, longTaskSec: 10, changesPerSec: 20, refreshEverySec: 2 },
    callList: { runs: 3 },
    recordings: { runs: 20, clients: 20, streamSec: 6 },
    mixed: { ...MIXED, viewers: 1000, seconds: 15 },
    cluster: {
      workers: [0, 1, 2],
      clients: 500,
      rates: [5, 10, 20, 40, 80, 160],
      seconds: 1.5,
      runs: 3,
      loadProcesses: 2,
      pbxClients: 50,
      pbxRuns: 2,
      pbxWindowSec: 4,
    },
  },
  full: {
    name: 'full',
    eventToScreen: { clients: [100, 1000, 5000], runs: 5, seconds: 12, rate: 10, loadProcesses: 4 },
    decision: { others: 100, runs: 3, decisions: 50, loadProcesses: 2 },
    pbxLoad: { clients: [1, 100, 1000], runs: 3, windowSec: 30, replicas: 3, loadProcesses: 4 },
    memory: { clients: [1000, 5000, 10000], samples: 3, loadProcesses: 4 },
    throughput: {
      clients: 100,
      runs: 3,
      windowSec: 10,
      markerRate: 10,
      trafficRates: [0.1, 0.3, 1, 3, 10, 30, 100],
      loadProcesses: 2,
    },
    dashboard: { runs: 5, longTaskSec: 60, heapAtSec: [60, 600], changesPerSec: 20 },
    intervalTile: { agents: 500, longTaskSec: 60, changesPerSec: 20, refreshEverySec: 5 },
    callList: { runs: 5 },
    recordings: { runs: 20, clients: 20, streamSec: 20 },
    mixed: { ...MIXED, viewers: 5000, seconds: 60 },
    cluster: {
      workers: [0, 1, 2],
      clients: 2000,
      // Finer between 10 and 40 pushes/s, where this machine's setups part: doubling hid any gain short of 2×.
      rates: [5, 10, 12.5, 15, 17.5, 20, 25, 30, 40, 80, 160, 320],
      seconds: 5,
      runs: 3,
      loadProcesses: 4,
      pbxClients: 100,
      pbxRuns: 3,
      pbxWindowSec: 30,
    },
  },
};

/** Time to stop a batch's processes after its parts ended, and to write the report. */
const STOP_MARGIN_MS = 30_000;

/**
 * The bench's hard time limit for batches whose longest parts may take `batchLimitsMs`: their sum, with a
 * margin per batch. Sized from the parts a run selects, so `--only 10` and the quick run of all ten parts
 * each get the time their parts are allowed, and a part that overruns is stopped by its own limit first.
 */
export function hardLimitMs(batchLimitsMs) {
  return batchLimitsMs.reduce((sum, ms) => sum + ms + STOP_MARGIN_MS, STOP_MARGIN_MS);
}
