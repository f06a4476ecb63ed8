/** What the bench process and its client child processes (biometric-client.ts, inbox-client.ts) exchange. */

/** A device registered through the REST API, with the private key its client signs challenges with. */
export interface ClientDevice {
  fingerprint: string;
  /** The two algorithms the bench registers: ES256 signs ECDSA in DER, RS256 RSA PKCS#1 v1.5. */
  algorithm: 'ES256' | 'RS256';
  privateKeyPem: string;
}

/** The biometric client's order, as JSON in its BENCH_CLIENT environment variable. */
export interface BiometricClientOrder {
  url: string;
  /** One keep-alive connection per device, each looping logins until the deadline or maxLogins. */
  devices: ClientDevice[];
  durationMs: number;
  maxLogins: number;
}

/** The biometric client's report, as JSON on its stdout when it is done. */
export interface LoginReport {
  logins: number;
  errors: number;
  firstError?: string;
  elapsedMs: number;
  /** Per login: the challenge request plus the signed verify request (the client's signing excluded). */
  latenciesMs: number[];
  /** Per login: the signed verify request (POST /mobile/biometric) alone. */
  verifyMs: number[];
}

/** Orders to the inbox client over IPC: whom to subscribe, then 'exit'. */
export type InboxOrder = { url: string; tokens: string[] } | 'exit';

/**
 * The inbox client's reports over IPC: every subscription acknowledged, a socket or server error, and when
 * every subscriber's first event arrived (performance.timeOrigin + performance.now(), comparable across processes).
 */
export type InboxReport =
  { type: 'ready' } | { type: 'error'; message: string } | { type: 'arrivals'; arrivals: number[] };
