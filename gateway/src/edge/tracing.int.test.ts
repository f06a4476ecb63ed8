import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trace, type ProxyTracerProvider } from '@opentelemetry/api';
import { createLogger } from '@platform/lib/logger';
import { tracingOn } from '@platform/lib/tracing';
import { createProjectsSubgraph } from '@platform/projects/app';
import { httpClient, loginAs, type HttpClient } from '../../../test/client.js';
import { deviceTestKit, makeKeyPair } from '../../../test/device-kit.js';
import {
  adminCredentials,
  createTestDatabase,
  newSharedResources,
  startTestServer,
  type TestServer,
} from '../../../test/harness.js';
import { inboxHolding } from '../../../test/notifications-kit.js';
import { servicesMissing } from '../../../test/services.js';
import { startStandaloneSubgraph, type StandaloneSubgraph } from '../../../test/standalone-subgraph.js';
import { meQuery } from '../../../test/users.js';

/** A span as OTLP/HTTP JSON carries it (ids in hex). */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  flags?: number;
  attributes?: { key: string; value: { stringValue?: string } }[];
}

const serverKind = 2;
const consumerKind = 5;
/** OTLP span flags: the parent's remoteness is known (0x100), and the parent is remote (0x200). */
const remoteParentFlags = 0x300;

interface TraceReceiver {
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

/** A local OTLP/HTTP receiver: keeps every span POSTed to /v1/traces. */
async function startTraceReceiver(): Promise<TraceReceiver> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function attribute(span: ReceivedSpan, key: string): string | undefined {
  return span.attributes?.find((candidate) => candidate.key === key)?.value.stringValue;
}

interface TracedCall {
  spans: ReceivedSpan[];
  logLines: Record<string, unknown>[];
  requestId: string;
}

/**
 * A device registration raises a security event (a notification request, then a job, then the inbox item), and
 * the new user asks the graph who they are over /graphql.
 */
async function registerDeviceAndAskTheGraph(api: HttpClient): Promise<void> {
  const kit = deviceTestKit(api);
  const owner = await kit.newUser();
  await kit.registerDevice(owner.token, makeKeyPair('ES256'));
  await inboxHolding(api, owner.token, 1);
  expect((await api.graphql(meQuery, undefined, { token: owner.token })).body.errors).toBeUndefined();
}

/**
 * GET /api/v1/projects with a bearer on a gateway exporting to a local receiver, optionally with the projects
 * subgraph alone on its own port, then `more`; closing the processes flushes their spans before anything is
 * checked.
 */
async function traceOneRestCall(
  receiver: TraceReceiver | undefined,
  distributed: boolean,
  more?: (api: HttpClient) => Promise<void>,
): Promise<TracedCall> {
  const database = await createTestDatabase();
  const logLines: Record<string, unknown>[] = [];
  const env: Record<string, string> = receiver ? { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url } : {};
  let subgraph: StandaloneSubgraph | undefined;
  let gateway: TestServer | undefined;
  try {
    const shared = newSharedResources(database.url);
    if (distributed) subgraph = await startStandaloneSubgraph('projects', shared, createProjectsSubgraph, env);
    const logger = createLogger('info', 'gateway', { write: (line: string) => void logLines.push(JSON.parse(line)) });
    gateway = await startTestServer(shared, subgraph ? { ...env, SUBGRAPH_PROJECTS_URL: subgraph.url } : env, logger);
    const api = httpClient(gateway.url);
    const { accessToken } = await loginAs(api, adminCredentials.email, adminCredentials.password);
    const requestId = randomUUID();
    const listed = await api.get('/api/v1/projects', { token: accessToken, headers: { 'x-request-id': requestId } });
    expect(listed.status).toBe(200);
    await more?.(api);
    await gateway.close();
    gateway = undefined;
    await subgraph?.close();
    subgraph = undefined;
    return { spans: receiver?.spans ?? [], logLines, requestId };
  } finally {
    await gateway?.close();
    await subgraph?.close();
    await database.drop();
  }
}

/** The spans of the call's trace, found from its edge span (the one naming the request id). */
function traceOf(call: TracedCall) {
  const edge = call.spans.find((span) => attribute(span, 'platform.request_id') === call.requestId);
  expect(edge, 'the edge span of the REST call').toBeDefined();
  const spans = call.spans.filter((span) => span.traceId === edge!.traceId);
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const named = (name: string) => spans.filter((span) => span.name === name);
  /** Names of the span's ancestors inside the trace, nearest first. */
  const ancestry = (span: ReceivedSpan) => {
    const names: string[] = [];
    for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? '')) {
      names.push(parent.name);
    }
    return names;
  };
  return { edge: edge!, spans, named, ancestry };
}

// First: a process registers its trace provider for good once an endpoint is given.
describe.skipIf(servicesMissing)('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('registers no tracing SDK and writes no trace id', async () => {
    const call = await traceOneRestCall(undefined, false);
    expect(tracingOn()).toBe(false);
    expect((trace.getTracerProvider() as ProxyTracerProvider).getDelegate().constructor.name).toBe(
      'NoopTracerProvider',
    );
    const line = call.logLines.find((entry) => entry.msg === 'request' && entry.reqId === call.requestId);
    expect(line).toMatchObject({ path: '/api/v1/projects', status: 200 });
    expect(line).not.toHaveProperty('traceId');
  });
});

describe.skipIf(servicesMissing)('traces over OTLP (issue 16)', () => {
  let receiver: TraceReceiver;
  let single: TracedCall;
  let distributed: TracedCall;

  // One receiver: a process registers one trace provider, with the first endpoint it is given.
  beforeAll(async () => {
    receiver = await startTraceReceiver();
    single = await traceOneRestCall(receiver, false, registerDeviceAndAskTheGraph);
    distributed = await traceOneRestCall(receiver, true);
  }, 60_000);
  afterAll(() => receiver?.close());

  it('one REST call in one process is one trace: the edge request, the graph operation and the subgraph', () => {
    const { edge, named, ancestry } = traceOf(single);
    expect(edge).toMatchObject({ name: 'GET /api/v1/projects', kind: serverKind });
    expect(edge.parentSpanId ?? '').toBe('');
    const [subgraph] = named('subgraph projects');
    expect(subgraph, 'the in-process subgraph span').toBeDefined();
    expect(ancestry(subgraph!)).toContain('GET /api/v1/projects');
    expect(ancestry(subgraph!).some((name) => name.startsWith('gateway.'))).toBe(true);
  });

  it('in the distributed layout the traceparent crosses HTTP: the subgraph server continues the gateway fetch', () => {
    const { edge, named, ancestry } = traceOf(distributed);
    expect(named('gateway.plan')).toHaveLength(1);
    const subgraphServer = named('POST /graphql').find((span) => span.kind === serverKind);
    expect(subgraphServer, "the standalone subgraph's server span").toBeDefined();
    expect(subgraphServer!.flags! & remoteParentFlags).toBe(remoteParentFlags);
    expect(ancestry(subgraphServer!)[0]).toBe('gateway.fetch');
    expect(ancestry(subgraphServer!)).toContain(edge.name);
  });

  it("the request's log line carries its trace id", () => {
    for (const call of [single, distributed]) {
      const { edge } = traceOf(call);
      const line = call.logLines.find((entry) => entry.msg === 'request' && entry.reqId === call.requestId);
      expect(line).toMatchObject({ path: '/api/v1/projects', status: 200, traceId: edge.traceId });
    }
  });

  it("the notification worker continues the raising request's trace in the request and the job it processes", () => {
    const verify = single.spans.find((span) => span.name === 'POST /api/v1/auth/devices/register/verify');
    expect(verify, 'the edge span of the device registration').toBeDefined();
    const consumers = single.spans.filter((span) => span.traceId === verify!.traceId && span.kind === consumerKind);
    expect(consumers.map((span) => span.name).sort()).toEqual([
      'notification-jobs process',
      'notification-requests process',
    ]);
  });

  it("a client's /graphql operation runs in the edge request's trace through the gateway to the subgraph", () => {
    const edge = single.spans.find((span) => span.name === 'POST /graphql' && span.kind === serverKind);
    expect(edge, 'the edge span of the operation').toBeDefined();
    const names = single.spans.filter((span) => span.traceId === edge!.traceId).map((span) => span.name);
    expect(names).toEqual(
      expect.arrayContaining(['gateway.request', 'gateway.plan', 'gateway.fetch', 'subgraph auth']),
    );
  });
});
