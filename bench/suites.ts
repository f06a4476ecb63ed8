import { runBiometricBench } from './biometric.js';
import { runFoundationBench } from './foundation.js';
import type { BenchSuite } from './lib/context.js';
import { runNotificationBench } from './notifications.js';

/**
 * Every suite `npm run bench` runs, in order. A feature adds its own file (bench/biometric.ts exporting
 * runBiometricBench, bench/notifications.ts exporting runNotificationBench) and one line here.
 */
export const suites: BenchSuite[] = [
  { name: 'foundation', run: runFoundationBench },
  { name: 'biometric', run: runBiometricBench },
  { name: 'notifications', run: runNotificationBench },
];
