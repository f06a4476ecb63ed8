import type { WebSocket } from 'ws';
import type { Logger } from '../logger.js';

/**
 * ws closes a socket whose message is over its `maxPayload` with 1009 (Message Too Big) as soon as the frame
 * header announces the length, then emits the error: graphql-ws would print that to stderr as an internal error
 * of ours. It is a refusal of the client's message, logged as one. Call it before graphql-ws sees the socket.
 */
export function refuseOversizedQuietly(socket: WebSocket, logger: Logger): void {
  const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
  socket.emit = ((event: string | symbol, ...args: unknown[]) => {
    const error = args[0] as { code?: unknown } | undefined;
    if (event !== 'error' || error?.code !== 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return emit(event, ...args);
    logger.info('socket message over the size bound: closed with 1009');
    return true;
  }) as WebSocket['emit'];
}
