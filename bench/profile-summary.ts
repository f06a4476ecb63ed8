// Summarizes a .cpuprofile (BENCH_PROFILE or node --cpu-prof): the functions with the most self time, and
// with --inclusive those with the most time including their callees. Packages with --by-package.
// Usage (after npm run bench's build): node dist/bench/profile-summary.js <file.cpuprofile> [count] [--inclusive]
// [--by-package]
import { readFileSync } from 'node:fs';

const [file, countArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const count = Number(countArg ?? 30);
const byPackage = process.argv.includes('--by-package');
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const profile = JSON.parse(readFileSync(file!, 'utf8')) as {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
};
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

function keyOf(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.includes('node_modules/') ? url.replace(/.*node_modules\//, 'nm:') : url.replace(/.*\/dist\//, '');
  if (byPackage) return /^nm:((@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? where.split('/')[0] ?? functionName;
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
}

/** The profiler's own start (node:inspector's post) lands in the first samples: not the subject's time. */
const profilerStart = new Set<number>();
for (const node of profile.nodes) {
  const { functionName, url } = node.callFrame;
  if (functionName === 'post' && url === 'node:inspector') profilerStart.add(node.id);
}
const underProfilerStart = (id: number) => {
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) if (profilerStart.has(at)) return true;
  return false;
};

const timeOf = new Map<number, number>();
profile.samples.forEach((id, i) => {
  if (!underProfilerStart(id)) timeOf.set(id, (timeOf.get(id) ?? 0) + profile.timeDeltas[i]!);
});
const total = [...timeOf.values()].reduce((sum, time) => sum + time, 0);
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, time] of timeOf) {
  const key = keyOf(nodes.get(id)!);
  self.set(key, (self.get(key) ?? 0) + time);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
    const outer = keyOf(nodes.get(at)!);
    if (!seen.has(outer)) inclusive.set(outer, (inclusive.get(outer) ?? 0) + time);
    seen.add(outer);
  }
}
const print = (title: string, times: Map<string, number>) => {
  console.log(title);
  for (const [key, time] of [...times].sort((a, b) => b[1] - a[1]).slice(0, count)) {
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled`);
print('self time', self);
if (process.argv.includes('--inclusive')) print('inclusive time', inclusive);
