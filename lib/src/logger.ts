import { pino, type Logger } from 'pino';

/** Paths that could carry secrets anywhere in a log line; pino replaces them before writing. */
const redactedPaths = [
  'password',
  '*.password',
  'token',
  '*.token',
  'refreshToken',
  '*.refreshToken',
  'accessToken',
  '*.accessToken',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'variables',
  '*.variables',
];

export type { Logger };

export function createLogger(level: string, name = 'platform'): Logger {
  return pino({ name, level, redact: { paths: redactedPaths, censor: '[redacted]' } });
}
