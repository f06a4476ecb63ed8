import { expect } from 'vitest';
import type { HttpClient } from './client.js';
import type { startCountedServer } from './counted-server.js';

export interface ConditionalGetOptions {
  /** The counted server (read when a GET runs: suites start it in beforeAll). */
  counted: () => Awaited<ReturnType<typeof startCountedServer>>;
  api: () => HttpClient;
  /** The caller of a GET when none is named (read when the GET runs: suites sign in in beforeAll). */
  token: () => string;
  /** What the one statement of a 304 must not read: whole rows, and the columns only the full answer shows. */
  wholeRow: RegExp;
  /** A check of its own on that statement, where one resource needs more. */
  statement?: (statement: string, path: string) => void;
}

/**
 * The conditional GETs of issue 28, item 3, over the real server: `expectCheap304` takes a full answer's tag and
 * sees a GET with it answer 304 after exactly one statement that reads no whole row; `expectChanged` sees a stale
 * tag get the whole answer, a new tag, and that tag's cheap 304.
 */
export function conditionalGets(options: ConditionalGetOptions) {
  const get = (path: string, headers: Record<string, string> = {}, token = options.token()) =>
    options.api().get(path, { token, headers });

  async function expectCheap304(path: string, token = options.token()): Promise<string> {
    const full = await get(path, {}, token);
    expect(full.status, path).toBe(200);
    const tag = full.headers.get('etag')!;
    expect(tag, path).toMatch(/^"[\w-]{32}"$/);
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    const statements = await options.counted().statementsOf(async () => {
      answer = await get(path, { 'if-none-match': tag }, token);
    });
    expect(answer!.status, path).toBe(304);
    expect(answer!.headers.get('etag'), path).toBe(tag);
    expect(statements, `${path}: ${statements.join(' | ')}`).toHaveLength(1);
    expect(statements[0], path).toMatch(/^\s*(select|with)\b/i);
    expect(statements[0], path).not.toMatch(options.wholeRow);
    options.statement?.(statements[0]!, path);
    return tag;
  }

  async function expectChanged(path: string, oldTag: string, token = options.token()): Promise<string> {
    const changed = await get(path, { 'if-none-match': oldTag }, token);
    expect(changed.status, path).toBe(200);
    const tag = changed.headers.get('etag')!;
    expect(tag, path).not.toBe(oldTag);
    // The full answer after a stale tag is the whole answer (the version's read leaves nothing half-loaded behind).
    expect(changed.body, path).toEqual((await get(path, {}, token)).body);
    expect(await expectCheap304(path, token)).toBe(tag);
    return tag;
  }

  return { get, expectCheap304, expectChanged };
}
