// Figures: percentiles of latency samples and medians across runs.

/** The p-th percentile (0-100) of ascending `sorted` by nearest rank; undefined when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Count, p50, p95, p99 and max of samples (any order). */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : undefined,
  };
}

/** Median of the defined numbers among `values`; undefined when there are none. */
export function median(values) {
  const defined = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (defined.length === 0) return undefined;
  const mid = defined.length >> 1;
  return defined.length % 2 ? defined[mid] : (defined[mid - 1] + defined[mid]) / 2;
}

/** Per-field medians of a list of run summaries (objects of numbers). */
export function medianOf(runs, fields) {
  return Object.fromEntries(fields.map((field) => [field, median(runs.map((run) => run?.[field]))]));
}

/** A wall-clock timestamp in ms with sub-ms resolution that agrees across processes of one machine. */
export function wallNow() {
  return performance.timeOrigin + performance.now();
}
