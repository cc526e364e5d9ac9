// How long and how big each part runs. `quick` is the short set on a 2-core machine; `full` is the run
// recorded in BENCHMARKS.md. Every figure is the median of `runs` runs (or windows, or samples). Part 5
// ramps the simulator's traffic through `trafficRates` in ascending order; ×1 is its baseline.

export const PROFILES = {
  quick: {
    name: 'quick',
    hardLimitMs: 6 * 60_000,
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
    callList: { runs: 3 },
    recordings: { runs: 20, clients: 20, streamSec: 6 },
  },
  full: {
    name: 'full',
    hardLimitMs: 40 * 60_000,
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
    callList: { runs: 5 },
    recordings: { runs: 20, clients: 20, streamSec: 20 },
  },
};
