import { describe, expect, it } from 'vitest';
import { batchedFetch, type FetchAnswer, type FetchInit } from './batched-fetch.js';

const url = 'http://auth.internal/graphql';

function answerOf(status: number, body: unknown): FetchAnswer {
  const text = JSON.stringify(body);
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

/** A subgraph that answers each operation of a batch with its own echo, and records what it was sent. */
function echoingSubgraph(status = 200) {
  const sent: FetchInit[] = [];
  const send = async (_url: string, init: FetchInit = {}) => {
    sent.push(init);
    const body = JSON.parse(init.body!) as { query: string } | { query: string }[];
    const echo = (operation: { query: string }) => ({ data: { echo: operation.query } });
    return answerOf(status, Array.isArray(body) ? body.map(echo) : echo(body));
  };
  return { sent, send };
}

const init = (identity: string | undefined, query: string): FetchInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(identity ? { 'x-internal-identity': identity } : {}) },
  body: JSON.stringify({ query }),
});

describe('batchedFetch', () => {
  it("sends one request's fetches of one turn as one batch, and answers each with its own element", async () => {
    const subgraph = echoingSubgraph();
    const fetch = batchedFetch(subgraph.send);
    const answers = await Promise.all(['{ a }', '{ b }', '{ c }'].map((query) => fetch(url, init('one', query))));
    expect(subgraph.sent.map((sent) => sent.body)).toEqual(['[{"query":"{ a }"},{"query":"{ b }"},{"query":"{ c }"}]']);
    expect(subgraph.sent[0]!.headers!['x-internal-identity']).toBe('one');
    expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([
      { data: { echo: '{ a }' } },
      { data: { echo: '{ b }' } },
      { data: { echo: '{ c }' } },
    ]);
    expect(await answers[1]!.text()).toBe('{"data":{"echo":"{ b }"}}');
  });

  it('keeps requests of different callers, and fetches of later turns, apart', async () => {
    const subgraph = echoingSubgraph();
    const fetch = batchedFetch(subgraph.send);
    await Promise.all([fetch(url, init('one', '{ a }')), fetch(url, init('two', '{ b }'))]);
    await fetch(url, init('one', '{ c }'));
    expect(subgraph.sent.map((sent) => sent.body)).toEqual([
      '{"query":"{ a }"}',
      '{"query":"{ b }"}',
      '{"query":"{ c }"}',
    ]);
  });

  it('sends a fetch without an internal identity (a health check) alone, at once', async () => {
    const subgraph = echoingSubgraph();
    const fetch = batchedFetch(subgraph.send);
    await Promise.all([fetch(url, init(undefined, '{ a }')), fetch(url, init(undefined, '{ b }'))]);
    expect(subgraph.sent.map((sent) => sent.body)).toEqual(['{"query":"{ a }"}', '{"query":"{ b }"}']);
  });

  it("gives every member a batch's answer that is not 2xx, as each alone would have had it", async () => {
    const subgraph = echoingSubgraph(503);
    const fetch = batchedFetch(subgraph.send);
    const answers = await Promise.all([fetch(url, init('one', '{ a }')), fetch(url, init('one', '{ b }'))]);
    expect(answers.map((answer) => answer.status)).toEqual([503, 503]);
    expect(subgraph.sent).toHaveLength(1);
  });

  it('fails every member when the batch fails, or is answered with another number of results', async () => {
    const fetch = batchedFetch(async () => answerOf(200, [{ data: {} }]));
    const results = await Promise.allSettled([fetch(url, init('one', '{ a }')), fetch(url, init('one', '{ b }'))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);

    const lost = batchedFetch(async () => Promise.reject(new Error('connection reset')));
    const failed = await Promise.allSettled([lost(url, init('one', '{ a }')), lost(url, init('one', '{ b }'))]);
    expect(failed.map((result) => (result as PromiseRejectedResult).reason.message)).toEqual([
      'connection reset',
      'connection reset',
    ]);
  });
});
