import '@platform/gateway/graph/plain-federation-exports';
import { ApolloGateway, type GraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer, HeaderMap } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { parse } from 'graphql';
import { EntityDeduplication } from '@platform/gateway/graph/entity-deduplication';
import { operationCost } from '@platform/gateway/graph/operation-cost';
import { GraphPlanner } from '@platform/gateway/graph/planner';
import { InProcessDataSource } from '@platform/gateway/in-process-data-source';
import { CompiledOperations } from '@platform/lib/graphql/compiled-operations';
import type { GatewayContext } from '@platform/lib/graphql/context';
import type { Subgraph } from '@platform/lib/graphql/subgraph';
import type { Logger } from '@platform/lib/logger';
import { readProjectFile } from '@platform/lib/project-root';
import { customRow, type BenchRow, type BenchSettings } from './lib/compare.js';
import type { LoadGenerator, RequestSpec } from './lib/load-generator.js';
import { SubjectProfiler } from './lib/profile.js';
import { cpuMicros } from './lib/stats.js';
import type { BenchSystem } from './lib/system.js';
import { sendJson } from './lib/wire-statements.js';

/**
 * Issue 29's closing note: can the pages' targets be met at all with the libraries the design card mandates?
 * Each arm runs one mandated library's share of a page in this process, with everything else answered from a
 * recording made once from the real system, and is measured in CPU per page beside the page's floor (measured
 * in alternating rounds, as compareArms does). An arm that alone exceeds the target's multiple of the floor
 * proves the target out of reach with the design card, whatever our own code does.
 */

/** One fetch the gateway made to a subgraph for a page, and the subgraph's answer as JSON text. */
interface RecordedFetch {
  subgraph: string;
  query: string;
  variables: Record<string, unknown> | undefined;
  answer: string;
}

type SubgraphAnswer = Awaited<ReturnType<GraphQLDataSource['process']>>;

const fetchKey = (query: string, variables: unknown) => `${query}\n${JSON.stringify(variables ?? null)}`;

/** The real subgraph in this process (the bench system's), keeping each fetch's answer as its JSON text. */
class RecordingSource implements GraphQLDataSource<GatewayContext> {
  constructor(
    private readonly source: InProcessDataSource,
    private readonly fetches: RecordedFetch[],
  ) {}

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<SubgraphAnswer> {
    const answer = await this.source.process(options);
    const { query, variables } = options.request;
    this.fetches.push({ subgraph: this.source.name, query: query!, variables, answer: JSON.stringify(answer) });
    return answer;
  }
}

/** Answers each fetch at once with its recorded text, parsed per fetch as a remote subgraph's answer is. */
class ReplaySource implements GraphQLDataSource<GatewayContext> {
  private readonly answers: Map<string, string>;

  constructor(name: string, fetches: RecordedFetch[]) {
    const own = fetches.filter((fetch) => fetch.subgraph === name);
    this.answers = new Map(own.map((fetch) => [fetchKey(fetch.query, fetch.variables), fetch.answer]));
  }

  async process(options: GraphQLDataSourceProcessOptions<GatewayContext>): Promise<SubgraphAnswer> {
    const answer = this.answers.get(fetchKey(options.request.query!, options.request.variables));
    if (answer === undefined) throw new Error(`no recorded answer for a fetch:\n${options.request.query}`);
    return JSON.parse(answer) as SubgraphAnswer;
  }
}

/**
 * The edge's mandated part alone: Apollo Server over @apollo/gateway on the supergraph, with our entity
 * deduplication (the cheapest gateway the card allows: without it the auth fetch carries a thousand
 * representations), and none of our plugins, edge or authentication. A page is Apollo Server's HTTP request
 * handling (parse and validation from its caches, plan from the gateway's cache, execution of the plan, the
 * shaping of the answers, the final serialization).
 */
async function designCardGateway(source: (name: string) => GraphQLDataSource<GatewayContext>) {
  const gateway = new ApolloGateway({
    supergraphSdl: readProjectFile('schema', 'supergraph.graphql'),
    buildService: ({ name }) => new EntityDeduplication(source(name)),
  });
  const apollo = new ApolloServer<GatewayContext>({ gateway, plugins: [ApolloServerPluginLandingPageDisabled()] });
  await apollo.start();
  const headers = new HeaderMap([['content-type', 'application/json']]);
  return {
    /** The page's request body as the client sends it (parsed here, as the edge's framework parses it). */
    page: async (body: string, context: GatewayContext): Promise<string> => {
      const response = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: 'POST', headers, search: '', body: JSON.parse(body) as unknown },
        // A request's own context: the in-process sources keep a subgraph context per gateway context.
        context: async () => ({ ...context }),
      });
      if (response.body.kind !== 'complete') throw new Error('a page is a single result');
      return response.body.string;
    },
    stop: () => apollo.stop(),
  };
}

/**
 * The parts of a per-request scope that may be repositories, as the wirings name them (`taskRows`, `directory`,
 * `auditEntries`); those whose built part is a repository class are replayed (auth's `directory` is a service).
 */
const repositoryCandidate = (part: string) => /(Rows|Entries)$|^directory$/.test(part);
const isRepository = (value: unknown) => /(Repository|References)$/.test((value as object).constructor.name);
const databaseParts = ['em', 'unitOfWork', 'changeEvents'];

type Recording = Map<string, { value: unknown; promise: boolean }>;

function argumentsKey(args: unknown[]): string | undefined {
  try {
    return JSON.stringify(args, (_key, value: unknown) => (value instanceof Set ? [...value] : value));
  } catch {
    return undefined; // an entity with cycles: the call's order in the page names it instead
  }
}

/**
 * A repository whose calls are named by method and arguments (or, failing that, their order in the page):
 * recording, each call goes to the real repository and its result is kept; replaying, the kept result (the
 * same rows or entities, not copies: nothing on a read page changes them) is returned as the call returned it.
 */
function repositoryOf(part: string, recording: Recording, real: object | undefined): object {
  const calls = new Map<string, number>();
  const handler: ProxyHandler<object> = {
    get: (_target, property) => {
      // A promise's `then` is looked up on whatever a call resolves to: a repository is not one.
      if (typeof property !== 'string' || property === 'then') return real && Reflect.get(real, property);
      const member: unknown = real && Reflect.get(real, property);
      if (real && typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const order = (calls.get(property) ?? 0) + 1;
        calls.set(property, order);
        const key = `${part}.${property}(${argumentsKey(args) ?? `#${order}`})`;
        if (!real) {
          const kept = recording.get(key);
          if (!kept) throw new Error(`no recorded result for ${key.slice(0, 300)}`);
          return kept.promise ? Promise.resolve(kept.value) : kept.value;
        }
        const result = (member as (...values: unknown[]) => unknown).apply(real, args);
        if (!(result instanceof Promise)) {
          recording.set(key, { value: result, promise: false });
          return result;
        }
        return result.then((value: unknown) => {
          recording.set(key, { value, promise: true });
          return value;
        });
      };
    },
  };
  return new Proxy(real ?? {}, handler);
}

const refused = (part: string) =>
  new Proxy(
    {},
    {
      get: (_target, property) => {
        throw new Error(`the replayed page used ${part}.${String(property)} outside a repository`);
      },
    },
  );

/**
 * A subgraph whose request contexts (each the edge's context plus the subgraph's per-request scope under the
 * subgraph's name, `projects`, `auth`) read through repositories that record, or replay what was recorded: the
 * scope's part names are the getters of its prototype (lib/lazy-scope.ts), and an own property set before the
 * first read shadows one, so every service, loader and view of the request is the product's own.
 */
function replayable(subgraph: Subgraph) {
  const recording: Recording = new Map();
  const repositories = new Set<string>();
  const withScope = (recordingNow: boolean): Subgraph => ({
    ...subgraph,
    createContext: (base) => {
      const scopeOf = (context: GatewayContext) => Reflect.get(context, subgraph.name) as object;
      const context = subgraph.createContext(base);
      const scope = scopeOf(context);
      const real = recordingNow ? scopeOf(subgraph.createContext(base)) : undefined;
      for (const part of Object.keys(Object.getPrototypeOf(scope) as object)) {
        let value: object | undefined;
        if (real && repositoryCandidate(part)) {
          const built = Reflect.get(real, part) as object;
          if (isRepository(built)) {
            repositories.add(part);
            value = repositoryOf(part, recording, built);
          }
        } else if (!real && repositories.has(part)) value = repositoryOf(part, recording, undefined);
        else if (!real && databaseParts.includes(part)) value = refused(part);
        if (value) Object.defineProperty(scope, part, { value });
      }
      return context;
    },
  });
  return { recording: withScope(true), replaying: withScope(false), calls: () => recording.size };
}

/**
 * The projects subgraph's own execution of its fetches for a page, as its server runs them (CompiledOperations:
 * graphql-js the first time, graphql-jit from then on) over the subgraph's real schema (type-graphql's resolvers,
 * our services, views and DataLoaders) with a fresh request context per page whose repositories answer from a
 * recording, then `JSON.stringify` of each answer, as its server sends it. Not included: Apollo Server's request
 * pipeline in the subgraph process, HTTP, the auth subgraph's fetches.
 */
function subgraphExecution(subgraph: Subgraph, fetches: RecordedFetch[], base: GatewayContext) {
  const own = fetches
    .filter((fetch) => fetch.subgraph === subgraph.name)
    .map((fetch) => ({ ...fetch, document: parse(fetch.query) }));
  const modes = replayable(subgraph);
  const operations = new CompiledOperations(subgraph.schema);
  const run = async (mode: Subgraph): Promise<string[]> => {
    // One context for all the page's fetches to the subgraph, as a request has (its loaders batch across them).
    const context = mode.createContext({ ...base });
    const answers: string[] = [];
    for (const fetch of own) {
      const result = await operations.execution(fetch.document, undefined)(fetch.variables, context);
      answers.push(JSON.stringify(result));
    }
    return answers;
  };
  return {
    fetches: own,
    calls: () => modes.calls(),
    record: () => run(modes.recording),
    page: () => run(modes.replaying),
  };
}

/**
 * The single node's design-card floor: the same gateway, each subgraph executed in this process by our
 * in-process data source (compiled from a fetch's second run, no JSON between them, as `SUBGRAPH_*_URL` unset runs it) over
 * repositories replaying what the page read, recorded by one page first. Its answer is the page's.
 */
async function singleNodeGateway(
  subgraphOf: (name: string) => Subgraph,
  logger: Logger,
  body: string,
  base: GatewayContext,
) {
  const modes = new Map<string, ReturnType<typeof replayable>>();
  const modesOf = (name: string) => {
    let known = modes.get(name);
    if (!known) modes.set(name, (known = replayable(subgraphOf(name))));
    return known;
  };
  const recorder = await designCardGateway(
    (name) => new InProcessDataSource({ subgraph: modesOf(name).recording, logger }),
  );
  await recorder.page(body, base).finally(() => recorder.stop());
  const gateway = await designCardGateway(
    (name) => new InProcessDataSource({ subgraph: modesOf(name).replaying, logger }),
  );
  return { answer: await gateway.page(body, base), page: () => gateway.page(body, base), stop: gateway.stop };
}

interface Measured {
  pages: number;
  cpuUs: number;
  errors: number;
  elapsedMs: number;
}

/** Runs `page` back to back, `inFlight` at a time (as the floor's connections), for `durationMs`. */
async function inProcess(page: () => Promise<unknown>, durationMs: number, inFlight: number): Promise<Measured> {
  const started = performance.now();
  const before = cpuMicros();
  let pages = 0;
  const worker = async () => {
    while (performance.now() - started < durationMs) {
      await page();
      pages += 1;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { pages, cpuUs: cpuMicros() - before, errors: 0, elapsedMs: performance.now() - started };
}

export interface DesignFloorPage {
  /** The comparison's name. */
  name: string;
  graph: RequestSpec;
  /** The floor, and its `/transport` route: the floor's work but the page (page-floor-server.ts). */
  floor: { port: number; request: RequestSpec; transport: RequestSpec };
  /** The target's multiple of the floor for the page's whole server CPU, single node. */
  pageBudget: number;
  /** The target's multiple for the subgraph processes' CPU, where the page has one (distributed). */
  subgraphBudget?: number;
}

export interface DesignFloorOptions {
  bench: BenchSystem;
  load: LoadGenerator;
  settings: BenchSettings;
  connections: number;
  accessToken: string;
  pages: DesignFloorPage[];
}

const ms = (micros: number) => (micros / 1000).toFixed(1);

function verdict(armUs: number, floorUs: number, budget: number): string {
  const ratio = armUs / floorUs;
  const line = `vs floor: ${ratio.toFixed(2)} (the target's budget is ${budget}x)`;
  const left = budget * floorUs - armUs;
  return left < 0
    ? `${line}: target unreachable with the design card`
    : `${line}: reachable in principle: ${ms(left)} ms left for our code`;
}

/**
 * Per page: the recording (checked against the real graph's answer), then the floor, the gateway alone and the
 * projects subgraph's execution alone in alternating rounds after a warm-up of each; rows with the arms' CPU per
 * page over the floor's and their verdicts against the page's targets (no PASS or FAIL: these rows explain).
 */
export async function measureDesignFloors(options: DesignFloorOptions): Promise<BenchRow[]> {
  const { bench, load, settings, connections } = options;
  const { platform, subgraphs } = bench.system;
  const { caller } = await platform.authenticator.verifyBearer(options.accessToken);
  const base: GatewayContext = {
    request: { requestId: 'bench-design-floor', ip: '127.0.0.1', userAgent: null, deviceFingerprint: null },
    caller,
    authFailure: null,
  };
  const subgraphOf = (name: string) => subgraphs.find((subgraph) => subgraph.name === name)!;
  const planner = new GraphPlanner(readProjectFile('schema', 'supergraph.graphql'));
  const projects = subgraphOf('projects');
  const rows: BenchRow[] = [];
  for (const page of options.pages) {
    const fetches: RecordedFetch[] = [];
    const recorder = await designCardGateway(
      (name) =>
        new RecordingSource(new InProcessDataSource({ subgraph: subgraphOf(name), logger: platform.logger }), fetches),
    );
    const recorded = await recorder.page(page.graph.body!, base).finally(() => recorder.stop());
    const graphAnswer = JSON.stringify(await sendJson<unknown>(bench.port, page.graph));
    if (JSON.stringify(JSON.parse(recorded)) !== graphAnswer) {
      throw new Error(`the design-card gateway's answer differs from the graph's:\n${recorded.slice(0, 2000)}`);
    }
    const replay = await designCardGateway((name) => new ReplaySource(name, fetches));
    const stops = [replay.stop];
    try {
      if ((await replay.page(page.graph.body!, base)) !== recorded) {
        throw new Error("the replayed gateway's answer differs from the recorded one");
      }
      const execution = subgraphExecution(projects, fetches, base);
      const recordedAnswers = await execution.record();
      const replayedAnswers = await execution.page();
      execution.fetches.forEach((fetch, index) => {
        const data = (text: string) => JSON.stringify((JSON.parse(text) as { data: unknown }).data);
        if (data(recordedAnswers[index]!) !== data(fetch.answer) || replayedAnswers[index] !== recordedAnswers[index]) {
          throw new Error(`the replayed projects subgraph's answer differs from the real one:\n${fetch.query}`);
        }
      });
      const singleNode = await singleNodeGateway(subgraphOf, platform.logger, page.graph.body!, base);
      if (singleNode.answer !== recorded) {
        throw new Error(
          `the replayed single node's answer differs from the graph's:\n${singleNode.answer.slice(0, 2000)}`,
        );
      }
      stops.push(singleNode.stop);
      process.stderr.write(
        `  ${page.name}: fetches ${fetches.map((fetch) => fetch.subgraph).join(', ')}; ` +
          `projects subgraph repository calls replayed per page: ${execution.calls()}\n`,
      );
      rows.push(
        ...(await measurePage(page, {
          load,
          settings,
          connections,
          base,
          replay,
          execution,
          singleNode: singleNode.page,
          costCheck: costCheckOf(planner, page.graph.body!),
        })),
      );
    } finally {
      for (const stop of stops) await stop();
    }
  }
  return rows;
}

/** The gateway's cost estimate of the page's operation, with its variables, as each request of it gets one. */
function costCheckOf(planner: GraphPlanner, body: string): () => Promise<number> {
  const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
  const document = parse(query);
  return async () => operationCost(planner.apiSchema, document, variables);
}

interface PageArms {
  load: LoadGenerator;
  settings: BenchSettings;
  connections: number;
  base: GatewayContext;
  replay: Awaited<ReturnType<typeof designCardGateway>>;
  execution: ReturnType<typeof subgraphExecution>;
  singleNode: () => Promise<string>;
  /** The operation cost check every request of the graph passes (issue 31, item 4), for the page's operation. */
  costCheck: () => Promise<number>;
}

async function measurePage(page: DesignFloorPage, arms: PageArms): Promise<BenchRow[]> {
  const { load, settings, connections, base, replay, execution, singleNode, costCheck } = arms;
  const gatewayPage = () => replay.page(page.graph.body!, base);
  const floorRoute =
    (request: RequestSpec) =>
    async (durationMs: number): Promise<Measured> => {
      const before = cpuMicros();
      const report = await load.run({ port: page.floor.port, request, durationMs, connections });
      return {
        pages: report.requests,
        cpuUs: cpuMicros() - before,
        errors: report.errors,
        elapsedMs: report.elapsedMs,
      };
    };
  const measures = {
    floor: floorRoute(page.floor.request),
    transport: floorRoute(page.floor.transport),
    gateway: (durationMs: number) => inProcess(gatewayPage, durationMs, connections),
    subgraph: (durationMs: number) => inProcess(execution.page, durationMs, connections),
    singleNode: (durationMs: number) => inProcess(singleNode, durationMs, connections),
    costCheck: (durationMs: number) => inProcess(costCheck, durationMs, 1),
  };
  const names = Object.keys(measures) as (keyof typeof measures)[];
  const totals = Object.fromEntries(
    names.map((name) => [name, { pages: 0, cpuUs: 0, errors: 0, elapsedMs: 0 }]),
  ) as Record<keyof typeof measures, Measured>;
  for (const name of names) await measures[name](settings.warmupMs);
  for (let round = 0; round < settings.rounds; round += 1) {
    // Each round in another order, so that drift falls on every arm alike.
    const order = names.map((_, index) => names[(index + round) % names.length]!);
    for (const name of order) {
      const measured = await measures[name](settings.roundMs);
      totals[name].pages += measured.pages;
      totals[name].cpuUs += measured.cpuUs;
      totals[name].errors += measured.errors;
      totals[name].elapsedMs += measured.elapsedMs;
      const perPage = measured.pages ? measured.cpuUs / measured.pages : 0;
      process.stderr.write(`  ${page.name} round ${round + 1} ${name}: ${ms(perPage)} ms CPU/page\n`);
    }
  }
  // BENCH_PROFILE: one more round of each arm under the profiler, not counted (the floor's is the page-floor rows').
  for (const name of ['gateway', 'subgraph', 'singleNode'] as const) {
    await new SubjectProfiler().profile(`${page.name} ${name}`, () => measures[name](settings.roundMs));
  }
  const perPage = (name: keyof typeof measures) => (totals[name].pages ? totals[name].cpuUs / totals[name].pages : 0);
  const rate = (name: keyof typeof measures) => totals[name].pages / (totals[name].elapsedMs / 1000);
  const floorUs = perPage('floor');
  const row = (arm: string, name: keyof typeof measures, budget: number) =>
    customRow('page-floors', page.name, `${arm} ${verdict(perPage(name), floorUs, budget)}`, {
      requests: totals[name].pages,
      reqPerSec: rate(name),
      cpuUsPerRequest: perPage(name),
      ratio: perPage(name) / floorUs,
      goal: `budget ${budget}x`,
      ratioOf: 'cpu',
    });
  const rows = [
    row('Apollo Server + @apollo/gateway alone (recorded subgraph answers)', 'gateway', page.pageBudget),
    row('projects subgraph execute + stringify alone (recorded rows)', 'subgraph', page.pageBudget),
  ];
  if (page.subgraphBudget !== undefined) {
    rows.push(row("  the same, against the subgraph processes' target", 'subgraph', page.subgraphBudget));
  }
  // What no server of the page avoids, added to the single node's mandated libraries: its least possible CPU.
  const lowerBoundUs = perPage('singleNode') + perPage('transport') + perPage('costCheck');
  rows.push(
    row('single node: that gateway + the subgraphs executed in process (recorded rows)', 'singleNode', page.pageBudget),
    customRow(
      'page-floors',
      page.name,
      `  + the floor's transport, bearer check and statements (its page neither made nor serialized) and the operation cost check ${verdict(lowerBoundUs, floorUs, page.pageBudget)}`,
      {
        // A sum of arms: no rate of its own. The transport route's errors are its only requests' errors.
        errors: totals.transport.errors,
        cpuUsPerRequest: lowerBoundUs,
        ratio: lowerBoundUs / floorUs,
        goal: `budget ${page.pageBudget}x`,
        ratioOf: 'cpu',
      },
    ),
    customRow('page-floors', page.name, 'floor: bare node:http, same statements and JSON', {
      role: 'baseline',
      requests: totals.floor.pages,
      reqPerSec: rate('floor'),
      errors: totals.floor.errors,
      cpuUsPerRequest: floorUs,
    }),
  );
  return rows;
}
