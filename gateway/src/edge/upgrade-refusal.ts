import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AppError } from '@platform/lib/errors';
import { errorBodyOf } from '../http/http-status.js';
import { requestIdOf } from './request-hooks.js';
import { securityHeaders } from '../http/security-headers.js';

/**
 * Refuses a WebSocket upgrade with what every answer of the edge carries (decisions: Everywhere): the security
 * headers, an X-Request-Id and the one error body. An upgrade never reaches Fastify, so its hooks cannot add them.
 */
export function refuseUpgrade(socket: Duplex, request: IncomingMessage, error: AppError): void {
  const refusal = errorBodyOf(error);
  const body = JSON.stringify(refusal);
  const headers = {
    ...securityHeaders,
    'x-request-id': requestIdOf(request),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (!socket.writable) return void socket.destroy();
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${refusal.statusCode} ${STATUS_CODES[refusal.statusCode]}\r\n${head.join('')}\r\n${body}`);
}
