import { ApolloServer, HeaderMap } from '@apollo/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedFetch, type Fetch, type FetchAnswer, type FetchInit } from './batched-fetch.js';

const url = 'http://auth.internal/graphql';

function answerOf(status: number, text: string): FetchAnswer {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: '',
    url,
    headers: { get: () => 'application/json' },
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
  };
}

/** A subgraph's Apollo Server, with or without batching (a replica older than the gateway has none). */
function apolloSubgraph(allowBatchedHttpRequests: boolean) {
  const apollo = new ApolloServer({
    typeDefs: 'type Query { echo(text: String!): String! }',
    resolvers: { Query: { echo: (_parent: unknown, { text }: { text: string }) => text } },
    allowBatchedHttpRequests,
  });
  const sent: FetchInit[] = [];
  const send: Fetch = async (_url, init = {}) => {
    sent.push(init);
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: 'POST',
        headers: new HeaderMap([['content-type', 'application/json']]),
        body: JSON.parse(init.body!) as unknown,
        search: '',
      },
      context: async () => ({}),
    });
    return answerOf(answer.status ?? 200, answer.body.kind === 'complete' ? answer.body.string : '');
  };
  return { apollo, sent, send };
}

const echo = (text: string) => JSON.stringify({ query: `{ echo(text: "${text}") }` });
const init = (identity: string | undefined, text: string): FetchInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(identity ? { 'x-internal-identity': identity } : {}) },
  body: echo(text),
});
const dataOf = (answers: FetchAnswer[]) => Promise.all(answers.map((answer) => answer.json()));

describe('batchedFetch', () => {
  const batching = apolloSubgraph(true);
  const older = apolloSubgraph(false);
  beforeAll(() => Promise.all([batching.apollo.start(), older.apollo.start()]));
  afterAll(() => Promise.all([batching.apollo.stop(), older.apollo.stop()]));

  it("sends one request's fetches of one turn as one batch, and answers each with its own element", async () => {
    const fetch = batchedFetch(batching.send);
    batching.sent.length = 0;
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => fetch(url, init('one', text))));
    expect(batching.sent.map((sent) => sent.body)).toEqual([`[${echo('a')},${echo('b')},${echo('c')}]`]);
    expect(batching.sent[0]!.headers!['x-internal-identity']).toBe('one');
    expect(await dataOf(answers)).toEqual(['a', 'b', 'c'].map((text) => ({ data: { echo: text } })));
    expect(await answers[1]!.text()).toBe('{"data":{"echo":"b"}}');
  });

  it('keeps requests of different callers, and fetches of later turns, apart', async () => {
    const fetch = batchedFetch(batching.send);
    batching.sent.length = 0;
    const first = [fetch(url, init('one', 'a')), fetch(url, init('two', 'b'))];
    // The next turn, after the first batch has gone (its caller's batch is sent at the end of its turn).
    const later = new Promise<FetchAnswer>((resolve) => setImmediate(() => resolve(fetch(url, init('one', 'c')))));
    await Promise.all([...first, later]);
    expect(batching.sent.map((sent) => sent.body)).toEqual([echo('a'), echo('b'), echo('c')]);
  });

  it('sends a fetch without an internal identity (a health check) alone, at once', async () => {
    const fetch = batchedFetch(batching.send);
    batching.sent.length = 0;
    const answers = [fetch(url, init(undefined, 'a')), fetch(url, init(undefined, 'b'))];
    expect(batching.sent.map((sent) => sent.body)).toEqual([echo('a'), echo('b')]);
    await Promise.all(answers);
  });

  it("answers each member by its own element's outcome: one refused operation fails only its own fetch", async () => {
    const fetch = batchedFetch(batching.send);
    batching.sent.length = 0;
    const refused: FetchInit = { ...init('one', 'a'), body: JSON.stringify({ query: '{ unknownField }' }) };
    const [good, bad] = await Promise.all([fetch(url, init('one', 'a')), fetch(url, refused)]);
    expect(batching.sent).toHaveLength(1);
    expect([good!.ok, good!.status, await good!.json()]).toEqual([true, 200, { data: { echo: 'a' } }]);
    expect([bad!.ok, bad!.status]).toEqual([false, 400]);
    expect(await bad!.json()).toMatchObject({ errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] });
  });

  it('sends each fetch again alone to a subgraph that refuses batches (a replica older than the gateway)', async () => {
    const fetch = batchedFetch(older.send);
    const answers = await Promise.all([fetch(url, init('one', 'a')), fetch(url, init('one', 'b'))]);
    expect(older.sent.map((sent) => sent.body)).toEqual([`[${echo('a')},${echo('b')}]`, echo('a'), echo('b')]);
    expect(await dataOf(answers)).toEqual([{ data: { echo: 'a' } }, { data: { echo: 'b' } }]);
  });

  it('sends each fetch again alone when the batch is over the body limit (413) and each fits', async () => {
    const sent: string[] = [];
    const fetch = batchedFetch(async (_url, given = {}) => {
      sent.push(given.body!);
      if (given.body!.startsWith('[')) return answerOf(413, '{"message":"Request body is too large"}');
      return answerOf(200, JSON.stringify({ data: { echo: (JSON.parse(given.body!) as { query: string }).query } }));
    });
    const answers = await Promise.all([fetch(url, init('one', 'a')), fetch(url, init('one', 'b'))]);
    expect(sent).toEqual([`[${echo('a')},${echo('b')}]`, echo('a'), echo('b')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("gives every member a batch's answer that is not 2xx (a balancer's 503), as each alone would have had it", async () => {
    let sent = 0;
    const fetch = batchedFetch(async () => ((sent += 1), answerOf(503, '<html>No server is available</html>')));
    const answers = await Promise.all([fetch(url, init('one', 'a')), fetch(url, init('one', 'b'))]);
    expect(answers.map((answer) => answer.status)).toEqual([503, 503]);
    expect(sent).toBe(1);
  });

  it('fails every member when the batch fails, or is answered with another number of results', async () => {
    const short = batchedFetch(async () => answerOf(200, '[{"data":{}}]'));
    const results = await Promise.allSettled([short(url, init('one', 'a')), short(url, init('one', 'b'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);

    const lost = batchedFetch(async () => Promise.reject(new Error('connection reset')));
    const failed = await Promise.allSettled([lost(url, init('one', 'a')), lost(url, init('one', 'b'))]);
    expect(failed.map((result) => (result as PromiseRejectedResult).reason.message)).toEqual([
      'connection reset',
      'connection reset',
    ]);
  });
});
