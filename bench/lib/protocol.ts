/** Messages between the bench process and its load-generator child process. */

/** One HTTP request as the load generator sends it; `{{token}}` in the body is replaced in token chains. */
export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** The one status that counts as served (a conditional GET's 304); any 2xx when absent. */
  expectStatus?: number;
}

/**
 * A token chain: each connection holds one token, puts it in its request body and takes the next one from
 * the response's `"<field>":"..."` (refresh rotation: every token is good for one request).
 */
export interface ChainSpec {
  group: string;
  field: string;
}

export interface RunOrder {
  type: 'run';
  id: number;
  port: number;
  connections: number;
  durationMs: number;
  request: RequestSpec;
  chain?: ChainSpec;
}

export interface SeedOrder {
  type: 'seed';
  id: number;
  group: string;
  tokens: string[];
}

export type Order = RunOrder | SeedOrder;

/** Latencies in a log-scale histogram: bucket i holds samples up to 1.01^i microseconds (1% precision). */
export type LatencyHistogram = Record<number, number>;

export interface RunReport {
  type: 'report';
  id: number;
  requests: number;
  /** Responses outside 2xx and connection errors; a chain connection stops at its first. */
  errors: number;
  firstError?: string;
  elapsedMs: number;
  latency: LatencyHistogram;
}

export interface SeedReport {
  type: 'seeded';
  id: number;
}

export type Report = RunReport | SeedReport;
