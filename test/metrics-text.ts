/** The value of the first series of `name` carrying these labels in a Prometheus text answer; 0 when absent. */
export function metricValue(metrics: string, name: string, labels: Record<string, string>): number {
  const line = metrics
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) &&
        Object.entries(labels).every(([key, value]) => candidate.includes(`${key}="${value}"`)),
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}
