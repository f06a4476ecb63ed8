import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '@platform/lib/project-root';
import { cyclesOf, edgesWithin, folderGraph, type FolderGraph } from './folder-imports.js';

const workspaces = [
  'lib',
  'gateway',
  'rest-adapters',
  'subgraphs/auth',
  'subgraphs/projects',
  'subgraphs/notifications',
];

const graphOf = (edges: Record<string, string[]>): FolderGraph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, [`${from} -> ${to}`]]))]));

describe('imports between feature folders (docs/architecture.md: a feature folder)', () => {
  it('finds a cycle through any number of folders, and none in a layered graph', () => {
    expect(cyclesOf(graphOf({ devices: ['mobile'], mobile: ['users'], users: ['devices'], audit: [] }))).toEqual([
      ['devices', 'mobile', 'users'],
    ]);
    expect(cyclesOf(graphOf({ mobile: ['devices', 'users'], devices: ['users'], users: [] }))).toEqual([]);
  });

  it.each(workspaces)('%s: no cycle between the folders of src/', (workspace) => {
    const graph = folderGraph(join(projectRoot(), workspace, 'src'));
    const cycles = cyclesOf(graph);
    const explained = cycles.map((cycle) => ({ cycle, imports: edgesWithin(graph, cycle) }));
    expect(
      explained.map(({ cycle }) => cycle),
      JSON.stringify(explained, null, 2),
    ).toEqual([]);
  });
});
