/** What RemoteGraphQLDataSource sends: one operation's JSON body, with the request's headers. */
export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What RemoteGraphQLDataSource reads of an answer: ok, status, statusText, url, headers.get, json() and text(). */
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
 * one (a health check) goes alone. The batch answers each fetch with its own element; an answer that is not 2xx
 * (a 503 from the subgraph's balancer, a 401) is every member's, as it would have been for each alone. The
 * batch carries the first fetch's trace headers: the subgraph's span continues that fetch.
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
    if (identity === undefined || init.body === undefined) return send(url, init);
    const key = `${url}\n${identity}`;
    return new Promise<FetchAnswer>((answer, fail) => {
      let batch = open.get(key);
      if (!batch) {
        batch = { url, init, members: [] };
        open.set(key, batch);
        // After every continuation of this turn: a plan's parallel fetches all reach the fetcher within it.
        setImmediate(flush, key);
      }
      batch.members.push({ body: init.body!, answer, fail });
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
      const answers = answer.ok || answer.status === 400 ? await answer.json().catch(() => undefined) : undefined;
      if (answer.status === 400 && !Array.isArray(answers)) return sendEachAlone(send, url, init, members);
      if (!answer.ok) return members.forEach((member) => member.answer(answer));
      if (!Array.isArray(answers) || answers.length !== members.length) {
        throw new Error(`a batch of ${members.length} subgraph operations was answered with another shape`);
      }
      members.forEach((member, index) => member.answer(elementAnswer(answer, answers[index])));
    })
    .catch((error: unknown) => members.forEach((member) => member.fail(error)));
}

/**
 * A subgraph that refuses the batch itself (400, and not an answer per operation) does not take batches: a replica
 * older than this gateway, during a rolling upgrade. Each fetch is sent as it would have been alone.
 */
function sendEachAlone(send: Fetch, url: string, init: FetchInit, members: Member[]): void {
  for (const member of members) send(url, { ...init, body: member.body }).then(member.answer, member.fail);
}

/** One element of a batch's answer, as the answer to that fetch alone. */
function elementAnswer(batch: FetchAnswer, element: unknown): FetchAnswer {
  return { ...batch, json: async () => element, text: async () => JSON.stringify(element) };
}
