import { connect } from 'node:net';
import { unusedPorts } from '../scripts/ports.mjs';

/**
 * A loopback port that nothing listens on, for a process the test starts next: outside the kernel's ephemeral
 * range, so that no outgoing connection takes it first (the cluster script plans its ports the same way).
 */
export async function unusedPort(): Promise<number> {
  const [port] = await unusedPorts(1);
  return port;
}

/** Whether something accepts a TCP connection on this loopback port now. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
