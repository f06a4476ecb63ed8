import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback proxy in front of PostgreSQL that reads the frontend side of the wire protocol and counts the
 * statements the server is asked to execute: each simple Query and each Execute of the extended protocol,
 * with the SQL text it runs. A real count of what reaches the database, whatever the ORM or driver does.
 */
export async function startStatementCounter(target: string) {
  const { hostname, port } = new URL(target);
  const executed: string[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((client) => {
    const upstream = connect({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    upstream.pipe(client);
    const statements = new Map<string, string>();
    let bound = '';
    let started = false;
    let pending = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        // The startup message has no type byte: its length comes first.
        const header = started ? 5 : 4;
        if (pending.length < header) return;
        const length = pending.readInt32BE(started ? 1 : 0);
        const total = (started ? 1 : 0) + length;
        if (pending.length < total) return;
        if (started) {
          const type = String.fromCharCode(pending[0]!);
          const body = pending.subarray(5, total);
          const cstrings = () => body.toString('utf8').split('\0');
          if (type === 'Q') executed.push(cstrings()[0]!);
          if (type === 'P') statements.set(cstrings()[0]!, cstrings()[1]!);
          if (type === 'B') bound = statements.get(cstrings()[1]!) ?? '';
          if (type === 'E') executed.push(bound);
        }
        started = true;
        pending = pending.subarray(total);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: url.toString(),
    /** Statements executed while `work` ran, except those matching `ignore` (background pollers). */
    async during(work: () => Promise<unknown>, ignore: RegExp): Promise<string[]> {
      const start = executed.length;
      await work();
      return executed.slice(start).filter((sql) => !ignore.test(sql));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
