/** What RemoteGraphQLDataSource sends: one operation's JSON body, with the request's headers. */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * What RemoteGraphQLDataSource reads of an answer: ok, status, statusText, url, headers.get, json() and text().
 * Its body can be read more than once (the keep-alive fetcher keeps its text): a batch reads it, then a member.
 */
export interface FetchAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  url: string;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
  text(): Promise<string>;
}

export type Fetch = (url: string, init?: FetchInit) => Promise<FetchAnswer>;

interface Member {
  body: string;
  answer(answer: FetchAnswer): void;
  fail(error: unknown): void;
}

interface Batch {
  url: string;
  init: FetchInit;
  members: Member[];
}

/**
 * The fetches one client request makes of one subgraph in the same turn of the event loop, sent as one batched
 * HTTP request (a JSON array of operations, Apollo Server's `allowBatchedHttpRequests`). These are a query plan's
 * parallel fetches: a nested page asks auth for departments, employees and three sets of people at once. The
 * subgraph then verifies the caller, builds the request's context and reads people through its DataLoaders once
 * for all of them, as one process does for one request (decisions: Request cost, round nine).
 *
 * A request is known by its signed internal identity, which is one token per client request; a fetch without
 * one (a health check) goes alone. The batch answers each fetch with its own element (`elementAnswer`); an answer
 * that is not one per fetch (a 503 from the subgraph's balancer, a 401) is every member's, as it would have been
 * for each alone, unless the batch was refused whole (`refusedWhole`). The batch carries the first fetch's trace
 * headers: the subgraph's span continues that fetch. Every member waits for the batch's slowest operation.
 */
export function batchedFetch(send: Fetch): Fetch {
  const open = new Map<string, Batch>();
  const flush = (key: string) => {
    const batch = open.get(key)!;
    open.delete(key);
    sendBatch(send, batch);
  };
  return (url, init = {}) => {
    const identity = init.headers?.['x-internal-identity'];
    const body = init.body;
    if (identity === undefined || body === undefined) return send(url, init);
    const key = `${url}\n${identity}`;
    return new Promise<FetchAnswer>((answer, fail) => {
      let batch = open.get(key);
      if (!batch) {
        batch = { url, init, members: [] };
        open.set(key, batch);
        // After every continuation of this turn: a plan's parallel fetches all reach the fetcher within it.
        setImmediate(flush, key);
      }
      batch.members.push({ body, answer, fail });
    });
  };
}

function sendBatch(send: Fetch, { url, init, members }: Batch): void {
  if (members.length === 1) {
    const [alone] = members as [Member];
    send(url, init).then(alone.answer, alone.fail);
    return;
  }
  const body = `[${members.map((member) => member.body).join(',')}]`;
  send(url, { ...init, body })
    .then(async (answer) => {
      const answers: unknown = await answer.json().catch(() => undefined);
      if (Array.isArray(answers) && answers.length === members.length) {
        return members.forEach((member, index) => member.answer(elementAnswer(answer, answers[index])));
      }
      if (refusedWhole(answer)) return sendEachAlone(send, url, init, members);
      if (!answer.ok) return members.forEach((member) => member.answer(answer));
      throw new Error(`a batch of ${members.length} subgraph operations was answered with another shape`);
    })
    .catch((error: unknown) => members.forEach((member) => member.fail(error)));
}

/**
 * A batch refused before any of it ran, which each fetch alone would not have been: a subgraph that takes no
 * batches (400, "Operation batching disabled": a replica older than this gateway, during a rolling upgrade), or
 * a batch over the subgraph's body limit (413) whose fetches each fit.
 */
function refusedWhole(answer: FetchAnswer): boolean {
  return answer.status === 400 || answer.status === 413;
}

function sendEachAlone(send: Fetch, url: string, init: FetchInit, members: Member[]): void {
  for (const member of members) send(url, { ...init, body: member.body }).then(member.answer, member.fail);
}

/**
 * One element of a batch's answer, as the answer to that fetch alone. Apollo Server gives a batch one status, set
 * by the operations whose errors carry one (a lost database's 503, a refused operation's 400): an element without
 * errors ran as it would have alone, and answers 200; an element with errors keeps the batch's status.
 */
function elementAnswer(batch: FetchAnswer, element: unknown): FetchAnswer {
  const failed = typeof element === 'object' && element !== null && 'errors' in element;
  const status = failed ? batch.status : 200;
  return {
    ...batch,
    ok: status >= 200 && status < 300,
    status,
    statusText: status === batch.status ? batch.statusText : 'OK',
    json: async () => element,
    text: async () => JSON.stringify(element),
  };
}
