import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** Folder -> the folders its files import, each edge with the imports that make it ("a/x.ts -> b/y.ts"). */
export type FolderGraph = Map<string, Map<string, string[]>>;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The imports between the top-level folders of `src` (a workspace's features), type-only imports and re-exports
 * included: a cycle of types is a cycle of meaning. Files directly in `src` (the composition root: app, context,
 * index) and tests belong to no folder.
 */
export function folderGraph(src: string): FolderGraph {
  const folderOf = (file: string) => {
    const parts = relative(src, file).split(sep);
    return parts.length > 1 ? parts[0]! : undefined;
  };
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(src)) {
    const from = folderOf(file);
    if (from === undefined) continue;
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(dirname(file), fileName.replace(/\.js$/, '.ts'));
      const to = folderOf(target);
      if (to === undefined || to === from || !target.startsWith(src)) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), `${relative(src, file)} -> ${relative(src, target)}`]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** The graph's cycles: each strongly connected component of more than one folder, its folders sorted (Tarjan). */
export function cyclesOf(graph: FolderGraph): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (folder: string) => {
    order.set(folder, order.size);
    low.set(folder, order.get(folder)!);
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!order.has(next)) visit(next);
      if (stack.includes(next)) low.set(folder, Math.min(low.get(folder)!, low.get(next)!));
    }
    if (low.get(folder) !== order.get(folder)) return;
    const component = stack.splice(stack.indexOf(folder));
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const folder of graph.keys()) if (!order.has(folder)) visit(folder);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The imports that hold a cycle together, for the failure message: the edges between its folders. */
export function edgesWithin(graph: FolderGraph, cycle: string[]): string[] {
  return cycle.flatMap((from) =>
    [...(graph.get(from) ?? [])].filter(([to]) => cycle.includes(to)).flatMap(([, imports]) => imports),
  );
}
