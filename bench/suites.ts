import type { BenchSuite } from './lib/context.js';

/**
 * Every suite `npm run bench` runs, in order. A feature adds its own file (bench/biometric.ts exporting
 * runBiometricBench, bench/notifications.ts exporting runNotificationBench) and one line here. Each suite's
 * module is imported when the suite runs, so a BENCH_ONLY run loads only the suites it picked.
 */
export const suites: BenchSuite[] = [
  { name: 'foundation', run: async (context) => (await import('./foundation.js')).runFoundationBench(context) },
  { name: 'biometric', run: async (context) => (await import('./biometric.js')).runBiometricBench(context) },
  {
    name: 'notifications',
    run: async (context) => (await import('./notifications.js')).runNotificationBench(context),
  },
  { name: 'projects', run: async (context) => (await import('./projects.js')).runProjectsBench(context) },
  { name: 'tasks-nested', run: async (context) => (await import('./tasks-nested.js')).runTasksNestedBench(context) },
  { name: 'page-floors', run: async (context) => (await import('./page-floors.js')).runPageFloorsBench(context) },
  { name: 'peer', run: async (context) => (await import('./peer.js')).runPeerBench(context) },
  { name: 'task-facets', run: async (context) => (await import('./task-facets.js')).runTaskFacetsBench(context) },
  { name: 'conditional', run: async (context) => (await import('./conditional.js')).runConditionalBench(context) },
];
