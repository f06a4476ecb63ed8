import { pino, type DestinationStream, type Logger } from 'pino';
import { activeTraceId } from './tracing.js';

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

/** Every line written inside a traced request or job names its trace (decisions: Traces). */
function traceOfLine(): { traceId?: string } {
  const traceId = activeTraceId();
  return traceId ? { traceId } : {};
}

/** Lines go to stdout unless a destination is given (tests read them). */
export function createLogger(level: string, name = 'platform', destination?: DestinationStream): Logger {
  return pino({ name, level, mixin: traceOfLine, redact: { paths: redactedPaths, censor: '[redacted]' } }, destination);
}
