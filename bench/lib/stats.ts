import type { LatencyHistogram } from './protocol.js';

export function mergeHistograms(histograms: LatencyHistogram[]): LatencyHistogram {
  const merged: LatencyHistogram = {};
  for (const histogram of histograms) {
    for (const [bucket, count] of Object.entries(histogram)) {
      merged[Number(bucket)] = (merged[Number(bucket)] ?? 0) + count;
    }
  }
  return merged;
}

/** The latency in milliseconds below which the given fraction of samples fall (1% bucket precision). */
export function percentileMs(histogram: LatencyHistogram, fraction: number): number {
  const buckets = Object.entries(histogram)
    .map(([bucket, count]) => [Number(bucket), count] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return 0;
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= total * fraction) return 1.01 ** bucket / 1000;
  }
  return 1.01 ** buckets[buckets.length - 1]![0] / 1000;
}

/** Process CPU time (user + system) in microseconds. */
export function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}
