import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

/** A Node process's memory right after a full garbage collection (MB). */
export interface CollectedMemory {
  rssMb: number;
  heapUsedMb: number;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The inspector address a process printed last in its log ("Debugger listening on ws://..."); it restarts anew. */
function inspectorUrl(logFile: string): string | undefined {
  let log: string;
  try {
    log = readFileSync(logFile, 'utf8');
  } catch {
    return undefined;
  }
  return [...log.matchAll(/Debugger listening on (ws:\/\/\S+)/g)].at(-1)?.[1];
}

/**
 * Asks a process, through its inspector (the cluster started it with CLUSTER_INSPECT=1), for a full garbage
 * collection and then for its memory: what it holds, without where the sawing of an allocating heap happened to
 * be (decisions, issue 25). Undefined when the process has no inspector (Redis, HAProxy) or does not answer.
 */
export async function collectedMemory(logFile: string, timeoutMs = 10_000): Promise<CollectedMemory | undefined> {
  const url = inspectorUrl(logFile);
  if (!url) return undefined;
  const socket = new WebSocket(url);
  const pending = new Map<number, (result: unknown) => void>();
  let ids = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++ids;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id) pending.get(message.id)?.(message.result);
  });
  const measured = (async () => {
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await call('HeapProfiler.collectGarbage');
    // The inspector protocol's answer to Runtime.evaluate: `{ result: RemoteObject }`, the value returned as is.
    const answer = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(answer.result.value) as NodeJS.MemoryUsage;
    return { rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed) };
  })();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      measured,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    socket.terminate();
  }
}
