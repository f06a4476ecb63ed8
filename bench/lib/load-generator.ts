import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChainSpec, Order, Report, RequestSpec, RunReport } from './protocol.js';

export type { ChainSpec, RequestSpec, RunReport };

export interface LoadOptions {
  port: number;
  request: RequestSpec;
  durationMs: number;
  /** Concurrent keep-alive connections, one request in flight on each. */
  connections: number;
  chain?: ChainSpec;
}

/** The bench process's handle on the load-generator child process (load-worker.ts). */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly waiting = new Map<number, (report: Report) => void>();

  constructor() {
    this.child = fork(fileURLToPath(new URL('./load-worker.js', import.meta.url)), { stdio: 'inherit' });
    this.child.on('message', (report: Report) => {
      this.waiting.get(report.id)?.(report);
      this.waiting.delete(report.id);
    });
  }

  /** Gives a chain group its starting tokens, one per connection. */
  async seed(group: string, tokens: string[]): Promise<void> {
    await this.send({ type: 'seed', id: this.nextId++, group, tokens });
  }

  async run(options: LoadOptions): Promise<RunReport> {
    return (await this.send({ type: 'run', id: this.nextId++, ...options })) as RunReport;
  }

  close(): void {
    this.child.kill();
  }

  private send(order: Order): Promise<Report> {
    return new Promise((resolve, reject) => {
      this.waiting.set(order.id, resolve);
      this.child.send(order, (error) => {
        if (error) reject(error);
      });
    });
  }
}
