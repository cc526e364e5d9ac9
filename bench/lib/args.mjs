// The command line of `npm run bench`: which parts, which profile, and the sizes of the parts that hold many
// clients, so a larger host is measured with one command instead of an edit of profiles.mjs.

/** Thrown for a bad command line; its message names the flag and what was wrong with the value. */
export class BenchArgError extends Error {}

export const USAGE = `usage: npm run bench -- [options]

  --quick                 the short run (smaller N, shorter windows); the full run otherwise
  --only 1,3              run only these parts (numbers from 1 to PARTS)
  --no-build              use the apps as last built
  --no-append             print the table without appending it to BENCHMARKS.md

Sizes of part 10 (cluster mode), instead of the profile's:
  --workers 0,1,2,4,8     SOCKET_WORKERS values, one gateway each ("auto": 0, 1, 2, 4… up to the cores
                          beside the load processes)
  --clients N             supervisors on each of those gateways
  --rates 5,10,20         held-call pushes per second to ramp through, ascending
Load processes (the processes that hold the clients), for every part that has them (1, 3, 4, 5, 9, 10):
  --load-processes N      one sign-in per gateway is shared by all of them, so any number can connect
  --help                  this text`;

const VALUE_FLAGS = new Set(['--only', '--workers', '--clients', '--rates', '--load-processes']);

/** A whole number in [min, max] from `text`, or a BenchArgError naming `flag`. */
function wholeNumber(flag, text, min, max) {
  const value = Number(text);
  if (!/^\d+$/.test(String(text).trim()) || !Number.isSafeInteger(value) || value < min || value > max)
    throw new BenchArgError(
      `${flag} takes a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`,
    );
  return value;
}

/** A comma-separated list of numbers, each checked by `one`; no repeats. */
function list(flag, text, one) {
  const items = String(text).split(',');
  if (items.some((item) => item.trim() === ''))
    throw new BenchArgError(`${flag} takes numbers separated by commas, got ${JSON.stringify(text)}`);
  const values = items.map((item) => one(item.trim()));
  if (new Set(values).size !== values.length)
    throw new BenchArgError(`${flag} lists a value twice: ${JSON.stringify(text)}`);
  return values;
}

function rate(flag, text) {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || !(value > 0) || value > 10_000)
    throw new BenchArgError(
      `${flag} takes rates above 0 and up to 10000 pushes/s, got ${JSON.stringify(text)}`,
    );
  return value;
}

/**
 * Parses the bench's arguments. `partCount` is how many parts there are. Answers the options; throws a
 * BenchArgError for an unknown flag, a missing value or a bad one. `help` is true when --help was given.
 */
export function parseBenchArgs(args, partCount) {
  const options = {
    quick: false,
    only: null,
    build: true,
    append: true,
    help: false,
    workers: null,
    clients: null,
    rates: null,
    loadProcesses: null,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    if (!VALUE_FLAGS.has(flag)) {
      if (eq > 0) throw new BenchArgError(`${flag} takes no value (try --help)`);
      if (arg === '--quick') options.quick = true;
      else if (arg === '--no-build') options.build = false;
      else if (arg === '--no-append') options.append = false;
      else if (arg === '--help') options.help = true;
      else throw new BenchArgError(`unknown option ${JSON.stringify(arg)} (try --help)`);
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('--')))
      throw new BenchArgError(`${flag} needs a value (try --help)`);
    if (flag === '--only')
      options.only = new Set(
        list(flag, value, (item) => {
          if (!/^\d+$/.test(item) || Number(item) < 1 || Number(item) > partCount)
            throw new BenchArgError(
              `--only takes part numbers from 1 to ${partCount} separated by commas, got ${JSON.stringify(value)}`,
            );
          return Number(item);
        }),
      );
    else if (flag === '--workers')
      options.workers =
        value === 'auto'
          ? 'auto'
          : list(flag, value, (item) => {
              if (!/^\d+$/.test(item) || Number(item) > 64)
                throw new BenchArgError(
                  `--workers takes "auto" or socket-worker counts from 0 to 64 separated by commas, got ${JSON.stringify(value)}`,
                );
              return Number(item);
            }).sort((a, b) => a - b);
    else if (flag === '--clients') options.clients = wholeNumber(flag, value, 1, 100_000);
    else if (flag === '--load-processes') options.loadProcesses = wholeNumber(flag, value, 1, 64);
    else if (flag === '--rates') {
      const rates = list(flag, value, (item) => rate(flag, item));
      if (rates.some((r, k) => k > 0 && r <= rates[k - 1]))
        throw new BenchArgError(
          `--rates are ramped in order: give them ascending, got ${JSON.stringify(value)}`,
        );
      options.rates = rates;
    }
  }
  return options;
}

/**
 * SOCKET_WORKERS values for `--workers auto`: 0 (one process) and 1, then 2, 4, 8… while they fit in the
 * cores left beside the load processes (each load process takes a core when the clients are busy).
 */
export function autoWorkers(cores, loadProcesses) {
  const spare = cores - loadProcesses;
  const counts = [0, 1];
  for (let n = 2; n <= spare; n *= 2) counts.push(n);
  return counts;
}

/** Part keys of a profile whose `loadProcesses` --load-processes sets. */
const PARTS_WITH_LOAD_PROCESSES = ['eventToScreen', 'pbxLoad', 'memory', 'throughput', 'mixed', 'cluster'];

/**
 * The profile with the sizes of the command line in place of its own (a copy; the profile is not changed),
 * and a list of what was set, for the report's facts.
 */
export function sizedProfile(profile, options, cores) {
  const sized = structuredClone(profile);
  const set = [];
  if (options.loadProcesses !== null) {
    for (const key of PARTS_WITH_LOAD_PROCESSES) sized[key].loadProcesses = options.loadProcesses;
    set.push(`${options.loadProcesses} load processes`);
  }
  const cluster = sized.cluster;
  if (options.workers !== null) {
    cluster.workers =
      options.workers === 'auto' ? autoWorkers(cores, cluster.loadProcesses) : options.workers;
    set.push(
      `part 10 SOCKET_WORKERS ${cluster.workers.join(', ')}${options.workers === 'auto' ? ` (auto: ${cores} cores, ${cluster.loadProcesses} load processes)` : ''}`,
    );
  }
  if (options.clients !== null) {
    cluster.clients = options.clients;
    set.push(`part 10 ${options.clients} clients a gateway`);
  }
  if (options.rates !== null) {
    cluster.rates = options.rates;
    set.push(`part 10 rates ${options.rates.join(', ')}/s`);
  }
  return { profile: sized, set };
}
