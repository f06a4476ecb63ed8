import { connect } from 'node:net';
import type { ChainSpec, LatencyHistogram, Order, Report, RequestSpec, RunOrder } from './protocol.js';

/**
 * The load generator, in its own process so it never shares an event loop (or the CPU accounting) with the
 * servers it measures. A minimal keep-alive HTTP/1.1 client over raw sockets, one request in flight per
 * connection: cheaper per request than a general client, so the baselines are not capped by the client.
 */

const headerEnd = Buffer.from('\r\n\r\n');
const logBase = Math.log(1.01);
const chains = new Map<string, string[]>();

function requestBytes(port: number, spec: RequestSpec, token?: string): Buffer {
  const body = spec.body === undefined ? undefined : token ? spec.body.replace('{{token}}', token) : spec.body;
  let head = `${spec.method} ${spec.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nconnection: keep-alive\r\n`;
  for (const [name, value] of Object.entries(spec.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
  return Buffer.from(`${head}\r\n${body ?? ''}`);
}

interface Parsed {
  status: number;
  body: Buffer;
  consumed: number;
}

function chunkedBody(buffer: Buffer, start: number): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = buffer.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buffer.toString('latin1', at, lineEnd), 16);
    const dataStart = lineEnd + 2;
    if (buffer.length < dataStart + size + 2) return undefined;
    if (size === 0) return { body: Buffer.concat(parts), end: dataStart + 2 };
    parts.push(buffer.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

/** One complete response from the front of the buffer, or undefined while it is still arriving. */
function parseResponse(buffer: Buffer): Parsed | undefined {
  const end = buffer.indexOf(headerEnd);
  if (end < 0) return undefined;
  const head = buffer.toString('latin1', 0, end).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = end + 4;
  const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
  if (length) {
    const bodyEnd = bodyStart + Number(length[1]);
    if (buffer.length < bodyEnd) return undefined;
    return { status, body: buffer.subarray(bodyStart, bodyEnd), consumed: bodyEnd };
  }
  if (/\r\ntransfer-encoding:\s*chunked/.test(head)) {
    const chunked = chunkedBody(buffer, bodyStart);
    return chunked && { status, body: chunked.body, consumed: chunked.end };
  }
  return { status, body: Buffer.alloc(0), consumed: bodyStart };
}

class Run {
  requests = 0;
  errors = 0;
  firstError?: string;
  stopping = false;
  readonly latency: LatencyHistogram = {};
  private readonly started = performance.now();
  private lastCompletion = this.started;
  private open = 0;
  private readonly staticRequest?: Buffer;
  private readonly tokens?: string[];

  constructor(
    readonly order: RunOrder,
    private readonly done: (run: Run) => void,
  ) {
    if (order.chain) {
      this.tokens = chains.get(order.chain.group);
      if (!this.tokens || this.tokens.length < order.connections) {
        throw new Error(`chain ${order.chain.group} has fewer tokens than ${order.connections} connections`);
      }
    } else {
      this.staticRequest = requestBytes(order.port, order.request);
    }
    for (let i = 0; i < order.connections; i += 1) this.openConnection(i);
    setTimeout(() => {
      this.stopping = true;
    }, order.durationMs);
  }

  get elapsedMs(): number {
    return this.lastCompletion - this.started;
  }

  private openConnection(index: number): void {
    this.open += 1;
    const socket = connect({ host: '127.0.0.1', port: this.order.port, noDelay: true });
    let buffer: Buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(this.staticRequest ?? requestBytes(this.order.port, this.order.request, this.tokens![index]));
    };
    const close = () => {
      socket.destroy();
      this.open -= 1;
      if (this.open === 0) this.done(this);
    };
    socket.on('connect', send);
    socket.on('error', (error) => {
      this.fail(`connection: ${error.message}`);
      close();
    });
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const response = parseResponse(buffer);
      if (!response) return;
      buffer = buffer.subarray(response.consumed);
      const now = performance.now();
      this.lastCompletion = now;
      const expected = this.order.request.expectStatus;
      const served = expected ? response.status === expected : response.status >= 200 && response.status <= 299;
      if (!served) {
        this.fail(`HTTP ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
        if (this.order.chain) return close();
      } else {
        this.record((now - sentAt) * 1000);
        if (this.order.chain && !this.nextToken(index, this.order.chain, response.body)) return close();
      }
      if (this.stopping) return close();
      send();
    });
  }

  private nextToken(index: number, chain: ChainSpec, body: Buffer): boolean {
    const match = new RegExp(`"${chain.field}":"([^"]+)"`).exec(body.toString('utf8'));
    if (!match) {
      this.fail(`no ${chain.field} in response: ${body.toString('utf8').slice(0, 300)}`);
      return false;
    }
    this.tokens![index] = match[1]!;
    return true;
  }

  private record(microseconds: number): void {
    this.requests += 1;
    const bucket = Math.max(0, Math.ceil(Math.log(microseconds) / logBase));
    this.latency[bucket] = (this.latency[bucket] ?? 0) + 1;
  }

  private fail(message: string): void {
    this.errors += 1;
    this.firstError ??= message;
  }
}

function reply(report: Report): void {
  process.send!(report);
}

process.on('message', (order: Order) => {
  if (order.type === 'seed') {
    chains.set(order.group, [...order.tokens]);
    reply({ type: 'seeded', id: order.id });
    return;
  }
  new Run(order, (run) => {
    reply({
      type: 'report',
      id: order.id,
      requests: run.requests,
      errors: run.errors,
      firstError: run.firstError,
      elapsedMs: run.elapsedMs,
      latency: run.latency,
    });
  });
});
